import { formatPrice } from '../../../../domain/display';
import { Badge } from '~/components/ui/badge';

/** A price's margin as the pricing tables show it: 'Below cost' in words, the margin, or unknown. */
export function MarginCell(props: {
  readonly margin: { readonly cents: number; readonly percent: number } | null;
  readonly belowCost: boolean;
}) {
  if (props.belowCost) return <Badge variant="destructive">Below cost</Badge>;
  if (!props.margin) return <span className="text-muted-foreground">Unknown</span>;
  return (
    <span className={props.margin.cents < 0 ? 'font-medium text-destructive' : undefined}>
      {formatPrice(props.margin.cents)} ({props.margin.percent}%)
    </span>
  );
}
