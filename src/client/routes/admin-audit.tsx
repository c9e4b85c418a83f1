import { Search } from 'lucide-react';
import { Link } from 'react-router';
import { adminOrderHref, AUDIT_ACTIONS } from '../../domain/admin';
import { pageTitle } from '../../domain/store-config';
import type { Route } from './+types/admin-audit';
import { Button } from '~/components/ui/button';
import { SelectField } from '~/components/ui/select-field';
import { TextField } from '~/components/ui/text-field';
import { auditQuery, useAudit } from '~/features/admin/api/admin-api';
import { When } from '~/features/admin/components/order-cells';
import { ListState } from '~/features/admin/components/list-state';
import { paramValues, useFilterParams } from '~/features/admin/hooks/use-filter-params';
import { apiPageData } from '~/lib/page-data';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Audit log · Admin') },
  { name: 'robots', content: 'noindex' },
];

const FILTERS = ['actor', 'action', 'record'] as const;
const QUERY = [...FILTERS, 'before'];

/** The first answer holds the page of the log the address names (ADR 102). */
export const loader = ({ context, request }: Route.LoaderArgs) =>
  apiPageData(context.api, [auditQuery(paramValues(new URL(request.url).searchParams, QUERY))]);

export const clientLoader = () => null;

/** Every admin change, newest first: who, what, which record, before and after, when, from where. */
export default function AdminAuditPage() {
  const { params, search, withParam, formKey } = useFilterParams(FILTERS);
  const audit = useAudit(paramValues(params, QUERY));

  return (
    <div className="grid grid-cols-1 gap-6">
      <h1 className="text-2xl font-bold tracking-tight">Audit log</h1>
      <form
        role="search"
        aria-label="Filter the audit log"
        onSubmit={search}
        key={formKey}
        className="grid gap-4 rounded-lg border border-border p-4 sm:grid-cols-2 lg:grid-cols-4"
      >
        <TextField label="Admin’s email" name="actor" type="search" defaultValue={params.get('actor') ?? ''} />
        <SelectField
          label="Action"
          name="action"
          placeholder="Every action"
          defaultValue={params.get('action') ?? ''}
          choices={Object.entries(AUDIT_ACTIONS).map(([value, label]) => ({ value, label }))}
        />
        <TextField label="Record id" name="record" type="search" defaultValue={params.get('record') ?? ''} />
        <div className="flex items-end">
          <Button type="submit" className="w-full">
            <Search aria-hidden />
            Search the log
          </Button>
        </div>
      </form>
      <ListState
        query={audit}
        what="audit log"
        empty={audit.data?.events.length === 0 ? 'No audit event matches these filters.' : null}
      >
        <ul aria-label="Audit events, newest first" className="divide-y divide-border rounded-lg border border-border">
          {(audit.data?.events ?? []).map((event) => (
            <li key={event.id} className="grid gap-1 px-4 py-3">
              <p className="font-medium">
                {AUDIT_ACTIONS[event.action as keyof typeof AUDIT_ACTIONS] ?? event.action}{' '}
                {event.record_type === 'order' ? (
                  <Link className="font-mono text-primary hover:underline" to={adminOrderHref(event.record_id)}>
                    #{event.record_id.slice(0, 8)}
                  </Link>
                ) : (
                  <span className="font-mono">
                    {event.record_type} {event.record_id}
                  </span>
                )}
              </p>
              <p className="text-sm text-muted-foreground">
                <When at={event.at} /> · {event.actor}
                {event.ip ? ` · from ${event.ip}` : ''}
              </p>
              {event.before || event.after ? (
                <p className="font-mono text-xs break-all text-muted-foreground">
                  {event.before ? `before ${JSON.stringify(event.before)} ` : ''}
                  {event.after ? `after ${JSON.stringify(event.after)}` : ''}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
        <div className="flex gap-3">
          {params.get('before') ? (
            <Button variant="outline" onClick={() => withParam('before', null)}>
              Newest
            </Button>
          ) : null}
          {audit.data?.next ? (
            <Button variant="outline" onClick={() => withParam('before', String(audit.data?.next))}>
              Older
            </Button>
          ) : null}
        </div>
      </ListState>
    </div>
  );
}
