import { Check, PencilLine, RotateCcw, X } from 'lucide-react';
import { useDeferredValue, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  LINK_STATE_NAMES,
  LINK_STATES,
  type LinkReading,
  type LinkRow,
  type LinkState,
} from '../../domain/admin-linker';
import { SERVICE_KIND_NAMES } from '../../domain/auto-linker';
import { formatPrice } from '../../domain/display';
import { pageTitle } from '../../domain/store-config';
import type { Route } from './+types/admin-auto-linker';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { Checkbox } from '~/components/ui/checkbox';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '~/components/ui/tabs';
import { TextField } from '~/components/ui/text-field';
import { linkListQuery, useLinkChange, useLinkList } from '~/features/admin/api/admin-api';
import { apiPageData } from '~/lib/page-data';
import { AdminTable } from '~/features/admin/components/admin-table';
import { LinkEditor } from '~/features/admin/components/link-editor';
import { ListState } from '~/features/admin/components/list-state';
import { toastError, toastSuccess } from '~/lib/notify';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Auto-linker · Admin') },
  { name: 'robots', content: 'noindex' },
];

/** The list the address names, the pending services when it names none. */
const linkStateOf = (params: URLSearchParams): LinkState => {
  const state = params.get('state');
  return LINK_STATES.find((known) => known === state) ?? 'pending';
};

/** The first answer holds the list the address names (ADR 102). */
export const loader = ({ context, request }: Route.LoaderArgs) =>
  apiPageData(context.api, [linkListQuery(linkStateOf(new URL(request.url).searchParams), '')]);

export const clientLoader = () => null;

function Reading({ reading, what }: { readonly reading: LinkReading | null; readonly what: string }) {
  if (!reading) return <span className="text-muted-foreground">None</span>;
  return (
    <div className="grid gap-1">
      <span>{reading.label}</span>
      <span className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
        {reading.kind === 'unlock' ? null : <Badge variant="outline">Not an unlock</Badge>}
        <span aria-label={`${what} score ${Math.round(reading.score * 100)} percent`}>
          Score {Math.round(reading.score * 100)}%
        </span>
      </span>
    </div>
  );
}

function ServiceCell({ service }: { readonly service: LinkRow }) {
  return (
    <div className="grid gap-1">
      <span className="font-medium">{service.name}</span>
      <span className="text-xs text-muted-foreground">
        <span className="font-mono">{service.tool_id}</span> · {service.supplier} · cost{' '}
        {formatPrice(service.cost_cents)} · {service.delivery_hours_min}-{service.delivery_hours_max} h
      </span>
      {service.required_fields.length > 0 ? (
        <span className="text-xs text-destructive">
          Needs {service.required_fields.join(', ')} besides the IMEI: cannot be sold as an unlock.
        </span>
      ) : null}
    </div>
  );
}

/**
 * /admin/auto-linker: the supplier's services as the auto-linker reads them (brand, carrier, country,
 * iPhone generations, or not an unlock at all), with a score and the runner-up. Accept or reject in
 * bulk; link one by hand, teaching the linker the words it missed.
 */
export default function AdminAutoLinkerPage() {
  const [params, setParams] = useSearchParams();
  const state = linkStateOf(params);
  const [search, setSearch] = useState('');
  const list = useLinkList(state, useDeferredValue(search));
  const change = useLinkChange();
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [editing, setEditing] = useState<LinkRow | null>(null);
  const allId = useId();
  const services = list.data?.services ?? [];
  const shownChosen = services.filter((service) => chosen.has(service.tool_id)).map((service) => service.tool_id);

  function toggle(toolId: string, on: boolean) {
    setChosen((now) => {
      const next = new Set(now);
      if (on) next.add(toolId);
      else next.delete(toolId);
      return next;
    });
  }

  function decide(action: 'accept' | 'reject' | 'reopen', toolIds: readonly string[]) {
    change.mutate(
      { kind: 'decide', decisions: { action, tool_ids: [...toolIds] } },
      {
        onSuccess: (answer) => {
          toastSuccess(answer.message);
          setChosen(new Set());
        },
        onError: (error) => toastError(error.message),
      },
    );
  }

  const counts = list.data?.counts;
  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="grid gap-2">
        <h1 className="text-2xl font-bold tracking-tight">Auto-linker</h1>
        <p className="text-muted-foreground">
          The supplier’s services, read by their names. Accept a reading to sell the service as an unlock at once, link
          it by hand when the reading is wrong (the words it missed can teach it), or reject a service the store does
          not sell as an unlock.
        </p>
      </div>
      {editing ? <LinkEditor key={editing.tool_id} service={editing} onDone={() => setEditing(null)} /> : null}
      <Tabs
        value={state}
        onValueChange={(next) => {
          setChosen(new Set());
          setEditing(null);
          setParams({ state: next });
        }}
      >
        <TabsList aria-label="Services by link state">
          {LINK_STATES.map((value) => (
            <TabsTrigger key={value} value={value}>
              {LINK_STATE_NAMES[value]}
              {counts ? ` (${counts[value]})` : ''}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value={state} className="grid grid-cols-1 gap-3">
          <div className="flex flex-wrap items-end justify-between gap-3">
            <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Chosen services">
              <span className="text-sm text-muted-foreground" aria-live="polite">
                {shownChosen.length} chosen
              </span>
              {state === 'pending' ? (
                <>
                  <Button
                    size="sm"
                    disabled={shownChosen.length === 0 || change.isPending}
                    onClick={() => decide('accept', shownChosen)}
                  >
                    <Check aria-hidden />
                    Accept readings
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={shownChosen.length === 0 || change.isPending}
                    onClick={() => decide('reject', shownChosen)}
                  >
                    <X aria-hidden />
                    Reject
                  </Button>
                </>
              ) : (
                <Button
                  size="sm"
                  variant="outline"
                  disabled={shownChosen.length === 0 || change.isPending}
                  onClick={() => decide('reopen', shownChosen)}
                >
                  <RotateCcw aria-hidden />
                  Send back to waiting
                </Button>
              )}
            </div>
            <TextField
              label="Search services"
              type="search"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              className="w-full sm:w-72"
            />
          </div>
          <ListState
            query={list}
            what="services"
            empty={
              services.length > 0
                ? null
                : search.trim()
                  ? 'No service matches.'
                  : state === 'pending'
                    ? 'Nothing is waiting: every service the supplier lists is linked or rejected.'
                    : `No service is ${LINK_STATE_NAMES[state].toLowerCase()}.`
            }
          >
            <div className="flex items-center gap-2">
              <Checkbox
                id={allId}
                checked={services.length > 0 && shownChosen.length === services.length}
                onCheckedChange={(checked) =>
                  setChosen(checked === true ? new Set(services.map((service) => service.tool_id)) : new Set())
                }
              />
              <label htmlFor={allId} className="text-sm">
                Choose every service shown
              </label>
            </div>
            <AdminTable
              caption={`${LINK_STATE_NAMES[state]} supplier services`}
              headings={['Choose', 'Service', state === 'linked' ? 'Linked to' : 'Reading', 'Runner-up']}
              actions
              minWidth="min-w-[860px]"
            >
              {services.map((service) => (
                <tr key={service.tool_id} className="align-top">
                  <td className="px-3 py-2">
                    <Checkbox
                      aria-label={`Choose ${service.name}`}
                      checked={chosen.has(service.tool_id)}
                      onCheckedChange={(checked) => toggle(service.tool_id, checked === true)}
                    />
                  </td>
                  <td className="px-3 py-2">
                    <ServiceCell service={service} />
                  </td>
                  <td className="px-3 py-2">
                    <Reading reading={state === 'linked' ? service.linked : service.best} what="Reading" />
                  </td>
                  <td className="px-3 py-2">
                    <Reading reading={service.runner_up} what="Runner-up" />
                  </td>
                  <td className="px-3 py-2">
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={`Correct the link of ${service.name} by hand`}
                      disabled={service.required_fields.length > 0}
                      onClick={() => setEditing(service)}
                    >
                      <PencilLine aria-hidden />
                      Correct
                    </Button>
                  </td>
                </tr>
              ))}
            </AdminTable>
          </ListState>
          {counts && !search.trim() && services.length < counts[state] ? (
            <p role="status" className="text-sm text-muted-foreground">
              Showing the first {services.length} of {counts[state]} (by name): search to find the others.
            </p>
          ) : null}
          <p className="text-sm text-muted-foreground">
            Kinds the linker recognises besides unlocks:{' '}
            {Object.entries(SERVICE_KIND_NAMES)
              .filter(([kind]) => kind !== 'unlock')
              .map(([, name]) => name)
              .join(', ')}
            .
          </p>
        </TabsContent>
      </Tabs>
    </div>
  );
}
