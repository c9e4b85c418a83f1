import { useMemo } from 'react';
import { Link } from 'react-router';
import { checkListEntry, checkResultHref, IMEI_CHECK_HREF } from '../../../../domain/device-checks';
import { Card, CardContent } from '~/components/ui/card';
import { formatDateTime, useTimeZoneShown } from '~/lib/time-format';
import { useInBrowser } from '~/lib/use-hydrated';
import { useAccountChecks } from '../api/checks';
import { readRecentChecks, type RecentCheck, recentCheckHref } from '~/lib/recent-checks';

/** /imei-check/results: signed in, every paid check of the account; a guest, the ones this browser opened. */
export function RecentChecksScreen({ signedIn, sessionKnown }: { signedIn: boolean; sessionKnown: boolean }) {
  const account = useAccountChecks({ signedIn });
  // The browser's own list: read once the page runs there (the server rendering it knows none, ADR 102).
  const inBrowser = useInBrowser();
  const zone = useTimeZoneShown();
  const recent = useMemo<RecentCheck[]>(() => (inBrowser ? readRecentChecks() : []), [inBrowser]);

  const rows = signedIn
    ? (account.data ?? []).map((order) => ({
        id: order.id,
        href: checkResultHref(order.id),
        ...checkListEntry(order.title),
        at: order.created_at,
      }))
    : recent.map((check) => ({
        id: check.id,
        href: recentCheckHref(check),
        product: check.title,
        device: check.device ?? null,
        at: check.at,
      }));
  const loading = !sessionKnown || (signedIn ? account.isPending : !inBrowser);

  return (
    <div className="mx-auto grid w-full max-w-2xl gap-6 px-4 py-10 sm:px-6 sm:py-14">
      <h1 className="text-3xl font-bold tracking-tight">Your check results</h1>
      <Card>
        <CardContent>
          {loading ? (
            <p role="status">Loading your checks…</p>
          ) : rows.length === 0 ? (
            <p>
              No checks yet{signedIn ? '' : ' in this browser'}.{' '}
              <Link className="font-medium text-primary underline underline-offset-4" to={IMEI_CHECK_HREF}>
                Check an IMEI
              </Link>
              {signedIn ? null : '. The link to each result is also in its email.'}
            </p>
          ) : (
            <ul className="grid divide-y divide-border">
              {rows.map((row) => (
                <li key={row.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-3">
                  <span className="grid gap-0.5">
                    <Link className="font-medium text-primary underline underline-offset-4" to={row.href}>
                      {row.product}
                    </Link>
                    {row.device ? <span className="text-sm text-foreground">{row.device}</span> : null}
                  </span>
                  <span className="text-sm text-muted-foreground">{formatDateTime(row.at, zone)}</span>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
