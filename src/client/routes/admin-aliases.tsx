import { Pencil, Trash2 } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ALIAS_TYPE_NAMES, ALIAS_TYPES, type AliasInput, type AliasType } from '../../domain/admin-aliases';
import { pageTitle } from '../../domain/store-config';
import type { Route } from './+types/admin-aliases';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card';
import { Skeleton } from '~/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '~/components/ui/tabs';
import { TextField } from '~/components/ui/text-field';
import {
  aliasesQuery,
  regionCountriesQuery,
  useAliasChange,
  useAliasPreview,
  useAliases,
  useRegionCountries,
} from '~/features/admin/api/admin-api';
import { apiPageData } from '~/lib/page-data';
import { AliasEditor } from '~/features/admin/components/alias-editor';
import { toastError, toastSuccess } from '~/lib/notify';
import { ListState } from '~/features/admin/components/list-state';
import { AdminTable } from '~/features/admin/components/admin-table';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Aliases · Admin') },
  { name: 'robots', content: 'noindex' },
];

const ALIASES_PER_PAGE = 50;
const ALIAS_TAB_NAMES: Record<AliasType, string> = { carrier: 'Carriers', country: 'Countries', brand: 'Brands' };

/** The tab the address names, carriers when it names none. */
const aliasTypeOf = (params: URLSearchParams): AliasType => {
  const type = params.get('type');
  return ALIAS_TYPES.find((known) => known === type) ?? 'carrier';
};

/** The first answer holds the tab's first aliases and the regions (ADR 102). */
export const loader = ({ context, request }: Route.LoaderArgs) =>
  apiPageData(context.api, [
    aliasesQuery(aliasTypeOf(new URL(request.url).searchParams), '', ALIASES_PER_PAGE),
    regionCountriesQuery,
  ]);

export const clientLoader = () => null;

/** Types a text and sees what the normalisation procedures make of it, as the quote will. */
function NormalisationPreview() {
  const [text, setText] = useState('');
  const [country, setCountry] = useState('');
  const preview = useAliasPreview(useDeferredValue(text), useDeferredValue(country));
  const rows = [
    ['Country', preview.data?.country],
    ['Brand', preview.data?.brand],
    ['Carrier', preview.data?.carrier],
  ] as const;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Try a text</CardTitle>
        <CardDescription>
          What a shopper’s or a supplier’s text normalises to, with the aliases as they are now.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Text to normalise"
            value={text}
            onChange={(event) => setText(event.target.value)}
            autoComplete="off"
          />
          <TextField
            label="In country (for carriers, optional)"
            value={country}
            onChange={(event) => setCountry(event.target.value)}
            autoComplete="off"
          />
        </div>
        {text.trim() ? (
          <dl aria-label="Normalises to" aria-live="polite" className="grid gap-2 sm:grid-cols-3">
            {rows.map(([label, found]) => (
              <div key={label} className="rounded-md border border-border p-3">
                <dt className="text-sm text-muted-foreground">{label}</dt>
                <dd className="font-medium">{found ? `${found.name} (${found.code})` : 'Not recognised'}</dd>
              </div>
            ))}
          </dl>
        ) : null}
      </CardContent>
    </Card>
  );
}

function RegionMapping() {
  const regions = useRegionCountries();
  if (!regions.data) return <Skeleton className="h-24 w-full" />;
  const byRegion = new Map<string, typeof regions.data>();
  for (const row of regions.data) byRegion.set(row.region, [...(byRegion.get(row.region) ?? []), row]);
  return (
    <section aria-labelledby="regions-title" className="grid grid-cols-1 gap-3">
      <h2 id="regions-title" className="text-lg font-semibold">
        Regions and their countries
      </h2>
      <ul className="grid grid-cols-1 gap-2">
        {[...byRegion].map(([region, rows]) => (
          <li key={region} className="rounded-md border border-border p-3">
            <p className="font-medium">
              {region} <span className="text-sm font-normal text-muted-foreground">({rows.length} countries)</span>
            </p>
            <p className="text-sm text-muted-foreground">{rows.map((row) => row.country_name).join(', ')}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** /admin/aliases: carrier, country and brand aliases, a live preview, and the region mapping. */
export default function AdminAliasesPage() {
  const [params, setParams] = useSearchParams();
  const type = aliasTypeOf(params);
  const [search, setSearch] = useState('');
  const [shown, setShown] = useState(ALIASES_PER_PAGE);
  const aliases = useAliases(type, useDeferredValue(search), shown);
  const [editing, setEditing] = useState<AliasInput | null>(null);
  const change = useAliasChange();

  function remove(alias: AliasInput) {
    change.mutate(
      { kind: 'remove', alias },
      {
        onSuccess: (answer) =>
          toastSuccess(answer.message, {
            action: { label: 'Undo', onClick: () => change.mutate({ kind: 'add', alias }) },
          }),
        onError: (error) => toastError(error.message),
      },
    );
  }

  return (
    <div className="grid grid-cols-1 gap-6">
      <h1 className="text-2xl font-bold tracking-tight">Aliases</h1>
      <NormalisationPreview />
      <Tabs
        value={type}
        onValueChange={(next) => {
          setEditing(null);
          setSearch('');
          setShown(ALIASES_PER_PAGE);
          setParams({ type: next });
        }}
      >
        <TabsList aria-label="Kind of alias">
          {ALIAS_TYPES.map((value) => (
            <TabsTrigger key={value} value={value}>
              {ALIAS_TAB_NAMES[value]}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value={type} className="grid grid-cols-1 gap-6">
          <AliasEditor type={type} editing={editing} onDone={() => setEditing(null)} />
          <section aria-labelledby="alias-list-title" className="grid grid-cols-1 gap-3">
            <div className="flex flex-wrap items-end justify-between gap-3">
              <h2 id="alias-list-title" className="text-lg font-semibold">
                {ALIAS_TYPE_NAMES[type]} aliases{aliases.data ? ` (${aliases.data.total})` : ''}
              </h2>
              <TextField
                label="Search aliases"
                type="search"
                value={search}
                onChange={(event) => {
                  setSearch(event.target.value);
                  setShown(ALIASES_PER_PAGE);
                }}
                className="w-full sm:w-72"
              />
            </div>
            <ListState
              query={aliases}
              what="aliases"
              empty={aliases.data?.aliases.length === 0 ? 'No alias matches.' : null}
            >
              <AdminTable
                caption={`${ALIAS_TYPE_NAMES[type]} aliases`}
                headings={type === 'carrier' ? ['Alias', 'Leads to', 'Country'] : ['Alias', 'Leads to']}
                actions
                minWidth="min-w-[560px]"
              >
                {(aliases.data?.aliases ?? []).map((row) => {
                  const alias: AliasInput = {
                    type,
                    alias: row.alias,
                    target: row.target,
                    country_code: row.country_code,
                  };
                  return (
                    <tr key={`${row.alias}|${row.target}|${row.country_code ?? ''}`}>
                      <td className="px-3 py-2 font-medium">{row.alias}</td>
                      <td className="px-3 py-2">
                        {row.target_name} <span className="font-mono text-muted-foreground">({row.target})</span>
                      </td>
                      {type === 'carrier' ? <td className="px-3 py-2">{row.country_code ?? 'Any'}</td> : null}
                      <td className="px-3 py-2">
                        <div className="flex justify-end gap-1">
                          <Button
                            variant="ghost"
                            size="sm"
                            aria-label={`Change ${row.alias}`}
                            onClick={() => setEditing(alias)}
                          >
                            <Pencil aria-hidden />
                          </Button>
                          <Button
                            variant="ghost"
                            size="sm"
                            aria-label={`Remove ${row.alias}`}
                            disabled={change.isPending}
                            onClick={() => remove(alias)}
                          >
                            <Trash2 aria-hidden />
                          </Button>
                        </div>
                      </td>
                    </tr>
                  );
                })}
              </AdminTable>
            </ListState>
            {aliases.data && aliases.data.total > aliases.data.aliases.length ? (
              <Button
                variant="outline"
                className="justify-self-start"
                onClick={() => setShown((count) => count + ALIASES_PER_PAGE)}
              >
                Show more ({aliases.data.total - aliases.data.aliases.length} not shown)
              </Button>
            ) : null}
          </section>
        </TabsContent>
      </Tabs>
      <RegionMapping />
    </div>
  );
}
