import { Eye, Save } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { PricingRuleInput, RulePreview } from '../../../../domain/admin-pricing';
import { formatPrice } from '../../../../domain/display';
import { Button } from '~/components/ui/button';
import { TextField } from '~/components/ui/text-field';
import { toastSuccess } from '~/lib/notify';
import { usePricingChange, useRulePreview } from '../api/admin-api';
import { AdminTable } from './admin-table';
import { EditorCard } from './editor-card';
import { CheckField } from './check-field';
import { fieldErrorsOf } from './field-errors';

function PreviewTable({ preview }: { readonly preview: RulePreview }) {
  if (preview.quotes.length === 0) {
    return (
      <p role="status" className="text-sm text-muted-foreground">
        No recent quote was priced by the rule yet: every quote so far matched a SKU.
      </p>
    );
  }
  return (
    <div className="grid gap-2">
      <p role="status" className="text-sm">
        {preview.changed} of {preview.quotes.length} recent quotes would change price; average margin{' '}
        {formatPrice(preview.average_margin_now_cents)} now, {formatPrice(preview.average_margin_new_cents)} with this
        rule.
      </p>
      <AdminTable
        caption="The rule tried on recent quotes"
        headings={['Device', 'Tool cost', 'Price now', 'With this rule']}
        minWidth="min-w-[560px]"
      >
        {preview.quotes.map((quote) => (
          <tr key={quote.quote_id}>
            <td className="px-3 py-2">{quote.device}</td>
            <td className="px-3 py-2">{formatPrice(quote.tool_cost_cents)}</td>
            <td className="px-3 py-2">{formatPrice(quote.price_now_cents)}</td>
            <td className="px-3 py-2 font-medium">{formatPrice(quote.price_new_cents)}</td>
          </tr>
        ))}
      </AdminTable>
    </div>
  );
}

const dollars = (cents: number) => (cents / 100).toFixed(2);

/** The rule of quotes without a SKU: tried on recent quotes first, then saved. */
export function RuleForm({ rule }: { readonly rule: PricingRuleInput }) {
  const change = usePricingChange();
  const preview = useRulePreview();
  const [round, setRound] = useState(rule.round_to_99);
  const [errors, setErrors] = useState<Record<string, string>>({});

  function read(form: HTMLFormElement): PricingRuleInput {
    const data = new FormData(form);
    const number = (name: string) => Number(String(data.get(name) ?? '').trim() || Number.NaN);
    return {
      markup_percent: number('markup_percent'),
      min_margin_cents: Math.round(number('min_margin') * 100),
      round_to_99: round,
      min_margin_percent: number('min_margin_percent'),
    };
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const proposed = read(event.currentTarget);
    setErrors({});
    if (submitter instanceof HTMLButtonElement && submitter.value === 'preview') {
      preview.mutate(proposed, { onError: (error) => setErrors(fieldErrorsOf(error)) });
      return;
    }
    change.mutate(
      { kind: 'rule', rule: proposed },
      {
        onSuccess: (answer) => toastSuccess(answer.message),
        onError: (error) => setErrors(fieldErrorsOf(error)),
      },
    );
  }

  return (
    <EditorCard
      title="Pricing rule"
      description="Prices a quote that matches no SKU from its tool’s cost: the greatest of the markup and the two minimum margins, rounded up to .99 if chosen. The minimum margin in percent holds for every unlock sale: a SKU’s price is never routed to a tool it would leave less on, and a coupon never takes a sale below it. Try it on recent quotes before saving."
      onSubmit={submit}
      after={preview.data ? <PreviewTable preview={preview.data} /> : null}
    >
      <TextField
        label="Markup over cost (%)"
        name="markup_percent"
        inputMode="numeric"
        defaultValue={String(rule.markup_percent)}
        error={errors.markup_percent}
      />
      <TextField
        label="Minimum margin (USD)"
        name="min_margin"
        inputMode="decimal"
        defaultValue={dollars(rule.min_margin_cents)}
        error={errors.min_margin_cents}
      />
      <TextField
        label="Minimum margin on every sale (% of the price)"
        name="min_margin_percent"
        inputMode="numeric"
        defaultValue={String(rule.min_margin_percent)}
        error={errors.min_margin_percent}
      />
      <CheckField checked={round} onChange={setRound} className="sm:col-span-2">
        Round prices up to .99
      </CheckField>
      <div className="flex flex-wrap gap-2 sm:col-span-2">
        <Button type="submit" name="intent" value="preview" variant="outline" disabled={preview.isPending}>
          <Eye aria-hidden />
          Preview on recent quotes
        </Button>
        <Button type="submit" name="intent" value="save" disabled={change.isPending}>
          <Save aria-hidden />
          Save rule
        </Button>
      </div>
    </EditorCard>
  );
}
