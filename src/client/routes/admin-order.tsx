import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { ADMIN_PAGES, ORDER_KIND_NAMES } from '../../domain/admin';
import { formatPrice } from '../../domain/display';
import { orderPageHref } from '../../domain/order-lookup';
import { pageTitle } from '../../domain/store-config';
import type { Route } from './+types/admin-order';
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert';
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card';
import { Skeleton } from '~/components/ui/skeleton';
import { adminOrderQuery, useAdminOrder, useOrderAction } from '~/features/admin/api/admin-api';
import { When, StatusBadge } from '~/features/admin/components/order-cells';
import { OrderActions } from '~/features/admin/components/order-actions';
import { OrderTimeline } from '~/features/admin/components/order-timeline';
import { toastError, toastSuccess } from '~/lib/notify';
import { apiPageData } from '~/lib/page-data';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Order · Admin') },
  { name: 'robots', content: 'noindex' },
];

/** The first answer holds the order (ADR 102); one it cannot show, the page asks for and says why. */
export const loader = ({ context, params }: Route.LoaderArgs) => apiPageData(context.api, [adminOrderQuery(params.id)]);

export const clientLoader = () => null;

function Fact({ label, children }: { readonly label: string; readonly children: React.ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="font-medium break-all">{children}</dd>
    </div>
  );
}

/** One order for an admin: its facts, its whole timeline and the actions its state allows. */
export default function AdminOrderPage({ params }: Route.ComponentProps) {
  const detail = useAdminOrder(params.id);
  const resend = useOrderAction(params.id);

  const back = (
    <Link to={ADMIN_PAGES.orders} className="inline-flex items-center gap-1 text-sm text-primary hover:underline">
      <ArrowLeft aria-hidden className="size-4" />
      All orders
    </Link>
  );

  if (detail.isError) {
    return (
      <div className="grid grid-cols-1 gap-4">
        {back}
        <Alert variant="destructive">
          <AlertTitle>The order could not be loaded.</AlertTitle>
          <AlertDescription>{detail.error.message}</AlertDescription>
        </Alert>
      </div>
    );
  }
  if (!detail.data) return <Skeleton className="h-96 w-full" />;
  const { order, items, actions, not_offered: notOffered, timeline } = detail.data;

  return (
    <div className="grid grid-cols-1 gap-6">
      {back}
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold tracking-tight">Order #{order.short_id}</h1>
        <StatusBadge status={order.status} />
      </div>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.2fr)]">
        <div className="grid content-start gap-6">
          <Card>
            <CardHeader>
              <CardTitle>{order.title}</CardTitle>
            </CardHeader>
            <CardContent>
              <dl className="grid gap-3 sm:grid-cols-2">
                <Fact label="Product line">{ORDER_KIND_NAMES[order.kind]}</Fact>
                <Fact label="Placed">
                  <When at={order.created_at} />
                </Fact>
                <Fact label="Email">{order.email}</Fact>
                <Fact label="Account">{order.user_id ? 'Signed in' : 'Guest'}</Fact>
                <Fact label="Total">
                  {formatPrice(order.total_cents)}
                  {order.discount_cents > 0
                    ? ` (${formatPrice(order.discount_cents)} off with ${order.coupon_code ?? 'a coupon'})`
                    : ''}
                </Fact>
                <Fact label="Payment">
                  {order.payment_ref ? `${order.payment_provider ?? ''} ${order.payment_ref}` : 'None yet'}
                </Fact>
                <Fact label="Refund">{order.refund_ref ?? 'None'}</Fact>
                <Fact label="Customer’s page">
                  <Link className="text-primary hover:underline" to={orderPageHref(order)}>
                    Open
                  </Link>
                </Fact>
              </dl>
              <ul aria-label="Items" className="mt-4 divide-y divide-border rounded-md border border-border text-sm">
                {items.map((item, index) => (
                  <li key={index} className="flex justify-between gap-3 px-3 py-2">
                    <span>
                      {item.quantity} × {item.name}
                    </span>
                    <span className="tabular-nums">{formatPrice(item.unit_price_cents * item.quantity)}</span>
                  </li>
                ))}
              </ul>
            </CardContent>
          </Card>
          <OrderActions orderId={order.id} totalCents={order.total_cents} actions={actions} notOffered={notOffered} />
        </div>
        <Card>
          <CardHeader>
            <CardTitle>Timeline</CardTitle>
          </CardHeader>
          <CardContent>
            <OrderTimeline
              entries={timeline}
              resending={resend.isPending}
              onResend={
                actions.includes('resend_email')
                  ? (mailId) =>
                      resend.mutate(
                        { action: 'resend_email', mail_id: mailId },
                        {
                          onSuccess: (answer) => toastSuccess(answer.message),
                          onError: (error) => toastError(error.message),
                        },
                      )
                  : undefined
              }
            />
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
