import { Bug, ChevronDown, ChevronLeft, ChevronRight } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { formatPrice, formatProfit } from '../../../../domain/display';
import type { Quote, QuoteTool } from '../../../../domain/quote';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '~/components/ui/collapsible';

const SOURCE_LABELS = { sku_match: 'SKU match', catalog_tools: 'Catalogue tools' } as const;

function Rows({ rows }: { rows: readonly [string, ReactNode][] }) {
  return (
    <dl className="grid gap-1.5">
      {rows.map(([term, detail]) => (
        <div key={term} className="grid grid-cols-[8.5rem_minmax(0,1fr)] gap-2">
          <dt className="text-muted-foreground">{term}</dt>
          <dd className="font-mono text-xs leading-5 break-words text-foreground">{detail ?? '—'}</dd>
        </div>
      ))}
    </dl>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid gap-2">
      <h4 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{title}</h4>
      {children}
    </section>
  );
}

function ToolBrowser({
  tools,
  priceCents,
  supported,
}: {
  tools: readonly QuoteTool[];
  priceCents: number;
  supported: boolean;
}) {
  const [index, setIndex] = useState(0);
  const tool = tools[index];
  if (!tool) return <p className="text-muted-foreground">No supplier tool matched.</p>;
  return (
    <div className="grid gap-3">
      <div className="flex items-center justify-between gap-2">
        <Button
          variant="outline"
          size="sm"
          onClick={() => setIndex(index - 1)}
          disabled={index === 0}
          aria-label="Previous tool"
        >
          <ChevronLeft aria-hidden />
          Previous
        </Button>
        <p aria-live="polite" className="text-sm font-medium">
          Tool {index + 1} of {tools.length}
        </p>
        <Button
          variant="outline"
          size="sm"
          onClick={() => setIndex(index + 1)}
          disabled={index === tools.length - 1}
          aria-label="Next tool"
        >
          Next
          <ChevronRight aria-hidden />
        </Button>
      </div>
      <div className="grid gap-2 rounded-md border border-border bg-background p-3">
        <p className="flex flex-wrap items-center gap-2 font-medium text-foreground">
          {tool.name}
          {index === 0 ? <Badge variant="secondary">Primary</Badge> : <Badge variant="outline">Alternative</Badge>}
        </p>
        <Rows
          rows={[
            ['Tool ID', tool.tool_id],
            ['Cost', tool.cost_cents === null ? null : formatPrice(tool.cost_cents)],
            ['Score', tool.score === null ? null : tool.score.toFixed(3)],
          ]}
        />
        {supported && tool.cost_cents !== null ? (
          <p className="text-sm font-semibold text-foreground">Profit: {formatProfit(priceCents, tool.cost_cents)}</p>
        ) : null}
      </div>
    </div>
  );
}

/** Spec section 6: what admins see of a quote's routing. The fields only reach admins (DESIGN.md decision 2). */
export function AdminDebugPanel({ quote }: { quote: Quote }) {
  const admin = quote.admin;
  const tools = admin ? [admin.primary_tool, ...admin.alternative_tools].filter((tool) => tool !== null) : [];
  const seriesRange =
    admin && (admin.series_min !== null || admin.series_max !== null)
      ? `${admin.series_min ?? '?'}–${admin.series_max ?? '?'}`
      : null;

  return (
    <Collapsible className="rounded-lg border border-dashed border-primary/40 bg-muted/40 text-sm">
      <CollapsibleTrigger asChild>
        <button
          type="button"
          className="group flex w-full cursor-pointer items-center justify-between gap-2 rounded-lg px-4 py-3 text-left font-semibold outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60"
        >
          <span className="flex items-center gap-2">
            <Bug aria-hidden className="size-4 text-primary" />
            Admin Debug Panel
          </span>
          <ChevronDown aria-hidden className="size-4 transition-transform group-data-[state=open]:rotate-180" />
        </button>
      </CollapsibleTrigger>
      <CollapsibleContent className="grid gap-4 border-t border-border px-4 pt-3 pb-4">
        <Section title="Quote source">
          <p className="font-medium text-foreground">{quote.source ? SOURCE_LABELS[quote.source] : 'No match'}</p>
        </Section>
        {admin ? (
          <>
            <Section title="SKU mapping">
              <Rows
                rows={[
                  ['SKU ID', admin.sku_id === null ? null : String(admin.sku_id)],
                  ['SKU code', admin.sku_code],
                  ['Matched brand', admin.matched_brand],
                  ['Matched carrier', admin.matched_carrier],
                  ['Matched country', admin.matched_country],
                  ['Series range', seriesRange],
                  ['Default tool', admin.default_tool_id],
                ]}
              />
            </Section>
            <Section title="Tools">
              <ToolBrowser tools={tools} priceCents={quote.price_cents} supported={quote.supported} />
            </Section>
            <Section title="Routing">
              <p className="text-foreground">{admin.routing_info?.selected_reasoning ?? 'No reasoning recorded.'}</p>
            </Section>
          </>
        ) : (
          <p className="text-muted-foreground">This quote carries no routing details.</p>
        )}
      </CollapsibleContent>
    </Collapsible>
  );
}
