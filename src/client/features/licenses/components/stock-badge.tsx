import { stockState } from '../../../../domain/licenses';
import { Badge } from '~/components/ui/badge';

/** 'In stock', 'Only N left' or 'Out of stock', in words (never colour alone). */
export function StockBadge({ available }: { readonly available: number }) {
  const stock = stockState(available);
  const variant = stock.state === 'in_stock' ? 'success' : stock.state === 'low' ? 'secondary' : 'outline';
  return <Badge variant={variant}>{stock.label}</Badge>;
}
