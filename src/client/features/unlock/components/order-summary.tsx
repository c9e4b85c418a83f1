import type { ReactNode } from 'react';
import { cn } from '~/lib/cn';

export interface SummaryRow {
  readonly term: string;
  readonly detail: ReactNode;
}

/** The device and order details a dialog repeats back before anything is sent. */
export function OrderSummary({ rows, className }: { rows: readonly SummaryRow[]; className?: string }) {
  return (
    <dl className={cn('grid gap-2 rounded-lg border border-border bg-muted/40 p-4 text-sm', className)}>
      {rows.map((row) => (
        <div key={row.term} className="grid grid-cols-[6rem_minmax(0,1fr)] sm:grid-cols-[8rem_minmax(0,1fr)] gap-3">
          <dt className="text-muted-foreground">{row.term}</dt>
          <dd className="font-medium break-words text-foreground">{row.detail}</dd>
        </div>
      ))}
    </dl>
  );
}
