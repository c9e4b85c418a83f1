import { Search } from 'lucide-react';
import { ORDER_KIND_NAMES } from '../../domain/admin';
import { ORDER_KINDS, ORDER_STATUS_LABELS, ORDER_STATUSES } from '../../domain/order';
import { pageTitle } from '../../domain/store-config';
import type { Route } from './+types/admin-orders';
import { Button } from '~/components/ui/button';
import { SelectField } from '~/components/ui/select-field';
import { TextField } from '~/components/ui/text-field';
import { adminOrdersQuery, useAdminOrders } from '~/features/admin/api/admin-api';
import { OrdersTable } from '~/features/admin/components/orders-table';
import { ListState } from '~/features/admin/components/list-state';
import { paramValues, useFilterParams } from '~/features/admin/hooks/use-filter-params';
import { apiPageData } from '~/lib/page-data';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Orders · Admin') },
  { name: 'robots', content: 'noindex' },
];

const FILTERS = ['kind', 'status', 'from', 'to', 'email', 'imei', 'number'] as const;
const QUERY = [...FILTERS, 'cursor'];

/** The first answer holds the page of orders the address names (ADR 102). */
export const loader = ({ context, request }: Route.LoaderArgs) =>
  apiPageData(context.api, [adminOrdersQuery(paramValues(new URL(request.url).searchParams, QUERY))]);

export const clientLoader = () => null;

/** Every order of every kind: filters, a keyset page at a time (newest first). */
export default function AdminOrdersPage() {
  const { params, search, withParam, formKey } = useFilterParams(FILTERS);
  const orders = useAdminOrders(paramValues(params, QUERY));

  return (
    <div className="grid grid-cols-1 gap-6">
      <h1 className="text-2xl font-bold tracking-tight">Orders</h1>
      <form
        role="search"
        aria-label="Filter orders"
        onSubmit={search}
        key={formKey}
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

      <ListState
        query={orders}
        what="orders"
        empty={orders.data?.orders.length === 0 ? 'No order matches these filters.' : null}
      >
        <OrdersTable orders={orders.data?.orders ?? []} caption="Orders, newest first" />
        <div className="flex flex-wrap items-center gap-3">
          {params.get('cursor') ? (
            <Button variant="outline" onClick={() => withParam('cursor', null)}>
              First page
            </Button>
          ) : null}
          {orders.data?.next ? (
            <Button variant="outline" onClick={() => withParam('cursor', orders.data?.next ?? null)}>
              Next page
            </Button>
          ) : (
            <p className="text-sm text-muted-foreground">End of the list.</p>
          )}
        </div>
      </ListState>
    </div>
  );
}
