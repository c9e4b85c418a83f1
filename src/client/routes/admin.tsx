import { useQueryClient } from '@tanstack/react-query';
import { CircleCheck, Headset, LoaderCircle, RefreshCw, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { CATALOG_SYNC_LIMIT } from '../../domain/catalog-sync';
import { catalogSyncToast, type CatalogSyncOutcome } from '../../domain/catalog-sync-toast';
import { Button } from '~/components/ui/button';
import { runCatalogSync } from '~/features/home/api/sync-catalog';
import { Link } from 'react-router';
import {
  ADMIN_PAGES,
  ATTENTION_REASONS,
  ORDER_KIND_NAMES,
  PROVIDER_ROLE_NAMES,
  PROVIDER_ROLES,
  supportInboxHref,
} from '../../domain/admin';
import { waitingAge } from '../../domain/admin-inbox';
import { SUPPORT_ANSWER_HOURS } from '../../domain/store-config';
import { stockState } from '../../domain/licenses';
import { shortId } from '../../domain/short-id';
import { formatPrice } from '../../domain/display';
import { pageTitle } from '../../domain/store-config';
import type { Route } from './+types/admin';
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card';
import { Skeleton } from '~/components/ui/skeleton';
import { overviewQuery, useOverview } from '~/features/admin/api/admin-api';
import { OrderLink, StatusBadge, When } from '~/features/admin/components/order-cells';
import { apiPageData } from '~/lib/page-data';
import { OrdersTable } from '~/features/admin/components/orders-table';
import { toastError, toastSuccess } from '~/lib/notify';
import { cn } from '~/lib/cn';
import { useNow } from '~/lib/use-now';

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Admin') }, { name: 'robots', content: 'noindex' }];

/** The first answer holds the day's work (ADR 102); moved to within the app, the page asks for it. */
export const loader = ({ context }: Route.LoaderArgs) => apiPageData(context.api, [overviewQuery]);

export const clientLoader = () => null;

/** Imports the supplier's service list (the spec's catalog sync, limit 300) and says how it went. */
function CatalogueSync() {
  const [outcome, setOutcome] = useState<CatalogSyncOutcome | null>(null);
  const [running, setRunning] = useState(false);
  const client = useQueryClient();

  async function sync() {
    setRunning(true);
    setOutcome(null);
    const ended = await runCatalogSync();
    setRunning(false);
    setOutcome(ended);
    const { tone, title, description } = catalogSyncToast(ended);
    if (tone === 'success') toastSuccess(title, { description });
    else toastError(title, { description });
    void client.invalidateQueries({ queryKey: ['admin'] });
  }

  const shown = outcome ? catalogSyncToast(outcome) : null;
  return (
    <section
      aria-labelledby="catalogue-title"
      className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-lg border border-border p-4"
    >
      <div className="min-w-48 flex-1">
        <h2 id="catalogue-title" className="font-semibold">
          Supplier catalogue
        </h2>
        <p className="text-sm text-muted-foreground" role="status" aria-live="polite">
          {running
            ? `Importing up to ${CATALOG_SYNC_LIMIT} of the supplier’s services…`
            : shown
              ? `${shown.title}: ${shown.description}`
              : `Import the supplier’s service list (up to ${CATALOG_SYNC_LIMIT}) with their costs and times.`}
        </p>
      </div>
      <Button variant="outline" onClick={() => void sync()} disabled={running} aria-busy={running || undefined}>
        {running ? <LoaderCircle aria-hidden className="animate-spin" /> : <RefreshCw aria-hidden />}
        Sync the catalogue
      </Button>
    </section>
  );
}

/** Customers waiting for a person's answer, the oldest against the store's promise. */
function SupportWaiting({ count, since }: { count: number; since: string }) {
  const { text, overdue } = waitingAge(since, useNow(60_000));
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-3">
      <Headset aria-hidden className={cn('size-5 shrink-0', overdue ? 'text-destructive' : 'text-primary')} />
      <span className="min-w-40 flex-1">
        {count === 1 ? '1 customer waits' : `${count} customers wait`} for an answer; the oldest for {text}
        {overdue
          ? `, past our ${SUPPORT_ANSWER_HOURS}-hour promise`
          : ` of the ${SUPPORT_ANSWER_HOURS} hours we promise`}
        .{' '}
        <Link to={supportInboxHref()} className="text-primary underline underline-offset-4">
          Answer in the inbox
        </Link>
      </span>
    </li>
  );
}

/** The day's work: what needs a person first, then today's figures and the latest orders. */
export default function AdminOverviewPage() {
  const overview = useOverview();
  if (overview.isError) {
    return (
      <Alert variant="destructive">
        <AlertTitle>The overview could not be loaded.</AlertTitle>
        <AlertDescription>{overview.error.message}</AlertDescription>
      </Alert>
    );
  }
  if (!overview.data) return <Skeleton className="h-96 w-full" />;
  const {
    attention,
    today,
    recent,
    unsent_mail: unsentMail,
    accounts,
    failed_jobs: failedJobs,
    low_stock: lowStock,
    support,
  } = overview.data;
  const lowAccounts = accounts.filter((account) => account.low);
  const waiting =
    attention.length +
    (unsentMail > 0 ? 1 : 0) +
    (support.waiting > 0 ? 1 : 0) +
    lowAccounts.length +
    failedJobs.length +
    lowStock.length;
  const totals = today.reduce(
    (sum, line) => ({ orders: sum.orders + line.orders, revenue: sum.revenue + line.revenue_cents }),
    { orders: 0, revenue: 0 },
  );

  return (
    <div className="grid grid-cols-1 gap-8">
      <h1 className="text-2xl font-bold tracking-tight">Today’s work</h1>

      <section aria-labelledby="attention-title" className="grid grid-cols-1 gap-3">
        <h2 id="attention-title" className="text-lg font-semibold">
          Needs a person ({waiting})
        </h2>
        {waiting === 0 ? (
          <p className="flex items-center gap-2 rounded-lg border border-border p-4 text-muted-foreground">
            <CircleCheck aria-hidden className="size-5 text-success-foreground" />
            Nothing waits on a person right now.
          </p>
        ) : (
          <ul className="divide-y divide-border rounded-lg border border-border">
            {support.oldest_waiting_since ? (
              <SupportWaiting count={support.waiting} since={support.oldest_waiting_since} />
            ) : null}
            {lowAccounts.map((account) => (
              <li key={account.role} className="flex items-center gap-3 px-4 py-3">
                <TriangleAlert aria-hidden className="size-5 shrink-0 text-destructive" />
                <span>
                  {PROVIDER_ROLE_NAMES[account.role]}’s balance is low ({formatPrice(account.balance_cents)}{' '}
                  {account.currency} at <When at={account.checked_at} />
                  ): top the account up before orders fail.
                </span>
              </li>
            ))}
            {lowStock.map((product) => (
              <li key={product.slug} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-3">
                <TriangleAlert aria-hidden className="size-5 shrink-0 text-destructive" />
                <span className="min-w-40 flex-1">
                  {product.name}: {stockState(product.available).label.toLowerCase()}.{' '}
                  <Link to={ADMIN_PAGES.licenses} className="text-primary underline underline-offset-4">
                    Import keys
                  </Link>
                </span>
              </li>
            ))}
            {failedJobs.map((job) => (
              <li
                key={`${job.queue}/${job.failed_at}/${job.order_id ?? ''}`}
                className="flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-3"
              >
                <TriangleAlert aria-hidden className="size-5 shrink-0 text-destructive" />
                {job.order_id ? <OrderLink order={{ id: job.order_id, short_id: shortId(job.order_id) }} /> : null}
                <span className="min-w-40 flex-1">
                  Giving the order up failed (<When at={job.failed_at} />
                  ): retry or refund it.
                  <span className="block text-sm text-muted-foreground">
                    {job.queue}
                    {job.message ? ` · ${job.message}` : ''}
                  </span>
                </span>
              </li>
            ))}
            {unsentMail > 0 ? (
              <li className="flex items-center gap-3 px-4 py-3">
                <TriangleAlert aria-hidden className="size-5 shrink-0 text-destructive" />
                <span>
                  {unsentMail} {unsentMail === 1 ? 'email' : 'emails'} could not be delivered after every retry.
                </span>
              </li>
            ) : null}
            {attention.map((order) => (
              <li key={order.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-3">
                <TriangleAlert aria-hidden className="size-5 shrink-0 text-destructive" />
                <OrderLink order={order} />
                <span className="min-w-40 flex-1">
                  {ATTENTION_REASONS[order.reason]}
                  <span className="block text-sm text-muted-foreground">
                    {ORDER_KIND_NAMES[order.kind]} · {order.title} · {order.email}
                  </span>
                </span>
                <StatusBadge status={order.status} />
              </li>
            ))}
          </ul>
        )}
      </section>

      <CatalogueSync />
      <ul className="grid gap-1 text-sm text-muted-foreground">
        {PROVIDER_ROLES.map((role) => {
          const account = accounts.find((found) => found.role === role);
          return (
            <li key={role}>
              {account ? (
                <>
                  {PROVIDER_ROLE_NAMES[role]} ({account.name}): {formatPrice(account.balance_cents)} {account.currency}{' '}
                  at its last sync, <When at={account.checked_at} />.
                </>
              ) : (
                `${PROVIDER_ROLE_NAMES[role]}: not checked yet (the hourly sync reads its balance).`
              )}
            </li>
          );
        })}
      </ul>

      <section aria-labelledby="today-title" className="grid grid-cols-1 gap-3">
        <h2 id="today-title" className="text-lg font-semibold">
          Today (UTC): {totals.orders} {totals.orders === 1 ? 'order' : 'orders'}, {formatPrice(totals.revenue)} taken
        </h2>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
          {today.map((line) => (
            <Card key={line.kind}>
              <CardHeader>
                <CardTitle className="text-base">{ORDER_KIND_NAMES[line.kind]}</CardTitle>
                <CardDescription>
                  {line.orders} placed, {line.paid} paid
                </CardDescription>
              </CardHeader>
              <CardContent className="grid gap-1 text-sm">
                <p>
                  Taken <span className="font-semibold tabular-nums">{formatPrice(line.revenue_cents)}</span>
                </p>
                <p>
                  Refunded <span className="font-semibold tabular-nums">{formatPrice(line.refunded_cents)}</span>
                </p>
                <p>
                  Cost{' '}
                  <span className="font-semibold tabular-nums">
                    {line.cost_cents === null ? 'not known' : formatPrice(line.cost_cents)}
                  </span>
                </p>
                <p>
                  Margin{' '}
                  <span className="font-semibold tabular-nums">
                    {line.margin_cents === null ? 'not known' : formatPrice(line.margin_cents)}
                  </span>
                </p>
              </CardContent>
            </Card>
          ))}
        </div>
      </section>

      <section aria-labelledby="recent-title" className="grid grid-cols-1 gap-3">
        <div className="flex items-center justify-between gap-3">
          <h2 id="recent-title" className="text-lg font-semibold">
            Latest orders
          </h2>
          <Link to={ADMIN_PAGES.orders} className="text-sm text-primary hover:underline">
            All orders
          </Link>
        </div>
        {recent.length === 0 ? (
          <p className="text-muted-foreground">No orders yet.</p>
        ) : (
          <OrdersTable orders={recent} caption="Latest orders" />
        )}
      </section>
    </div>
  );
}
