import { Search } from 'lucide-react';
import type { FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { ORDER_KIND_NAMES } from '../../domain/admin';
import { ORDER_KINDS, ORDER_STATUS_LABELS, ORDER_STATUSES } from '../../domain/order';
import { pageTitle } from '../../domain/store-config';
import type { Route } from './+types/admin-orders';
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { SelectField } from '~/components/ui/select-field';
import { Skeleton } from '~/components/ui/skeleton';
import { TextField } from '~/components/ui/text-field';
import { useAdminOrders } from '~/features/admin/api/admin-api';
import { OrdersTable } from '~/features/admin/components/orders-table';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Orders · Admin') },
  { name: 'robots', content: 'noindex' },
];

const FILTERS = ['kind', 'status', 'from', 'to', 'email', 'imei', 'number'] as const;

/** Every order of every kind: filters, a keyset page at a time (newest first). */
export default function AdminOrdersPage() {
  const [params, setParams] = useSearchParams();
  const query = Object.fromEntries([...FILTERS, 'cursor'].map((key) => [key, params.get(key) ?? undefined]));
  const orders = useAdminOrders(query);

  function search(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    for (const key of FILTERS) {
      const value = String(form.get(key) ?? '').trim();
      if (value) next.set(key, value);
    }
    setParams(next);
  }

  const firstPage = () => {
    const next = new URLSearchParams(params);
    next.delete('cursor');
    setParams(next);
  };
  const nextPage = (cursor: string) => {
    const next = new URLSearchParams(params);
    next.set('cursor', cursor);
    setParams(next);
  };

  return (
    <div className="grid grid-cols-1 gap-6">
      <h1 className="text-2xl font-bold tracking-tight">Orders</h1>
      <form
        role="search"
        aria-label="Filter orders"
        onSubmit={search}
        // A new search starts from the first page; the form keeps what was typed (keyed on the filters).
        key={FILTERS.map((key) => params.get(key) ?? '').join('|')}
        className="grid gap-4 rounded-lg border border-border p-4 sm:grid-cols-2 lg:grid-cols-4"
      >
        <SelectField
          label="Product line"
          name="kind"
          placeholder="Every product line"
          defaultValue={params.get('kind') ?? ''}
          choices={ORDER_KINDS.map((kind) => ({ value: kind, label: ORDER_KIND_NAMES[kind] }))}
        />
        <SelectField
          label="State"
          name="status"
          placeholder="Every state"
          defaultValue={params.get('status') ?? ''}
          choices={ORDER_STATUSES.map((status) => ({ value: status, label: ORDER_STATUS_LABELS[status] }))}
        />
        <TextField label="Placed from" name="from" type="date" defaultValue={params.get('from') ?? ''} />
        <TextField label="Placed until" name="to" type="date" defaultValue={params.get('to') ?? ''} />
        <TextField
          label="Email"
          name="email"
          type="search"
          autoComplete="off"
          defaultValue={params.get('email') ?? ''}
        />
        <TextField
          label="IMEI or serial"
          name="imei"
          type="search"
          autoComplete="off"
          defaultValue={params.get('imei') ?? ''}
        />
        <TextField
          label="Order number"
          name="number"
          type="search"
          autoComplete="off"
          defaultValue={params.get('number') ?? ''}
        />
        <div className="flex items-end">
          <Button type="submit" className="w-full">
            <Search aria-hidden />
            Search orders
          </Button>
        </div>
      </form>

      {orders.isError ? (
        <Alert variant="destructive">
          <AlertTitle>The orders could not be loaded.</AlertTitle>
          <AlertDescription>{orders.error.message}</AlertDescription>
        </Alert>
      ) : !orders.data ? (
        <Skeleton className="h-64 w-full" />
      ) : orders.data.orders.length === 0 ? (
        <p
          role="status"
          className="rounded-lg border border-dashed border-border p-8 text-center text-muted-foreground"
        >
          No order matches these filters.
        </p>
      ) : (
        <>
          <OrdersTable orders={orders.data.orders} caption="Orders, newest first" />
          <div className="flex flex-wrap items-center gap-3">
            {params.get('cursor') ? (
              <Button variant="outline" onClick={firstPage}>
                First page
              </Button>
            ) : null}
            {orders.data.next ? (
              <Button variant="outline" onClick={() => orders.data.next && nextPage(orders.data.next)}>
                Next page
              </Button>
            ) : (
              <p className="text-sm text-muted-foreground">End of the list.</p>
            )}
          </div>
        </>
      )}
    </div>
  );
}
