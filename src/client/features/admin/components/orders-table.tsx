import { createColumnHelper, flexRender, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import type { AdminOrderRow } from '../../../../domain/admin';
import { When, KindName, orderAmount, OrderLink, StatusBadge } from './order-cells';

const column = createColumnHelper<AdminOrderRow>();

const COLUMNS = [
  column.accessor('short_id', { header: 'Order', cell: ({ row }) => <OrderLink order={row.original} /> }),
  column.accessor('created_at', { header: 'Placed', cell: ({ getValue }) => <When at={getValue()} /> }),
  column.accessor('kind', { header: 'Product line', cell: ({ row }) => <KindName order={row.original} /> }),
  column.accessor('title', {
    header: 'What',
    cell: ({ getValue }) => <span className="line-clamp-2">{getValue()}</span>,
  }),
  column.accessor('email', {
    header: 'Email',
    cell: ({ getValue }) => <span className="break-all">{getValue()}</span>,
  }),
  column.accessor('total_cents', {
    header: 'Total',
    cell: ({ row }) => <span className="tabular-nums">{orderAmount(row.original)}</span>,
  }),
  column.accessor('status', { header: 'State', cell: ({ getValue }) => <StatusBadge status={getValue()} /> }),
];

/** Orders as a table (TanStack Table, headless): the rows the server chose, in its order. */
export function OrdersTable({
  orders,
  caption,
}: {
  readonly orders: readonly AdminOrderRow[];
  readonly caption: string;
}) {
  // The compiler leaves this component unmemoized, as it must: the table's functions change each render.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: orders as AdminOrderRow[],
    columns: COLUMNS,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row) => row.id,
  });
  return (
    // The frame scrolls sideways on a phone: it takes the focus, so a keyboard can scroll it too.
    <div
      role="region"
      aria-label={caption}
      tabIndex={0}
      className="relative overflow-x-auto rounded-lg border border-border outline-none focus-visible:ring-[3px] focus-visible:ring-ring/40"
    >
      <table className="w-full min-w-[720px] text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-muted/60 text-muted-foreground">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th key={header.id} scope="col" className="px-3 py-2 font-medium">
                  {flexRender(header.column.columnDef.header, header.getContext())}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody className="divide-y divide-border">
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id} className="hover:bg-accent/50">
              {row.getVisibleCells().map((cell) => (
                <td key={cell.id} className="px-3 py-2 align-top">
                  {flexRender(cell.column.columnDef.cell, cell.getContext())}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
