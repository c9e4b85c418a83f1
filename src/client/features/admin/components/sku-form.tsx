import { useState, type FormEvent } from 'react';
import type { AdminPricedTool, AdminSku } from '../../../../domain/admin-pricing';
import { formatPrice } from '../../../../domain/display';
import { SelectField } from '~/components/ui/select-field';
import { TextField } from '~/components/ui/text-field';
import { usePricingChange } from '../api/admin-api';
import { EditorButtons } from './editor-buttons';
import { EditorCard } from './editor-card';
import { useFocusFirstField } from '../hooks/use-focus-first-field';
import { CheckField } from './check-field';
import { editorOutcome } from './field-errors';

interface SkuFormProps {
  readonly sku: AdminSku;
  readonly tools: readonly AdminPricedTool[];
  readonly onDone: () => void;
}

/**
 * Changes a SKU: price, delivery window, clean devices only, default tool (among the tools that fit
 * it), an audited sale below the minimum margin, on or off.
 */
export function SkuForm({ sku, tools, onDone }: SkuFormProps) {
  const formRef = useFocusFirstField<HTMLFormElement>();
  const change = usePricingChange();
  const [clean, setClean] = useState(sku.requires_clean_check);
  const [active, setActive] = useState(sku.active);
  const [belowMargin, setBelowMargin] = useState(sku.allow_below_margin);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const title = `Change SKU ${sku.sku_code}`;
  const fitting = tools.filter((tool) => sku.fitting_tool_ids.includes(tool.tool_id));
  // The SKU's own tool stays choosable while it is set, even gone from the supplier's list or not fitting.
  const own =
    sku.default_tool && !fitting.some((tool) => tool.tool_id === sku.default_tool_id) ? [sku.default_tool] : [];
  const choices = [...fitting, ...own];

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? '').trim();
    const number = (name: string) => Number(text(name) || Number.NaN);
    setErrors({});
    change.mutate(
      {
        kind: 'sku',
        skuId: sku.sku_id,
        update: {
          price_cents: Math.round(number('price') * 100),
          estimated_hours_min: number('estimated_hours_min'),
          estimated_hours_max: number('estimated_hours_max'),
          requires_clean_check: clean,
          default_tool_id: text('default_tool_id') || null,
          allow_below_margin: belowMargin,
          active,
        },
      },
      editorOutcome(setErrors, onDone),
    );
  }

  return (
    <EditorCard
      title={title}
      description={`${sku.label}. Quotes on every instance use the change at once.`}
      onSubmit={submit}
      formRef={formRef}
    >
      <TextField
        label="Price (USD)"
        name="price"
        inputMode="decimal"
        defaultValue={(sku.price_cents / 100).toFixed(2)}
        hint={
          sku.floor_cents !== null && sku.default_tool
            ? `At least ${formatPrice(sku.floor_cents)} keeps the minimum margin on ${sku.default_tool.name}.`
            : undefined
        }
        error={errors.price_cents}
      />
      <SelectField
        label="Default tool"
        name="default_tool_id"
        defaultValue={sku.default_tool_id ?? ''}
        placeholder="None: the best-scored tool"
        choices={choices.map((tool) => ({
          value: tool.tool_id,
          label: `${tool.name} · cost ${formatPrice(tool.cost_cents)}`,
        }))}
        error={errors.default_tool_id}
      />
      <TextField
        label="Delivery from (hours)"
        name="estimated_hours_min"
        inputMode="numeric"
        defaultValue={String(sku.estimated_hours_min)}
        error={errors.estimated_hours_min}
      />
      <TextField
        label="Delivery up to (hours)"
        name="estimated_hours_max"
        inputMode="numeric"
        defaultValue={String(sku.estimated_hours_max)}
        error={errors.estimated_hours_max}
      />
      <CheckField checked={clean} onChange={setClean}>
        Clean devices only
      </CheckField>
      <CheckField checked={active} onChange={setActive}>
        On sale
      </CheckField>
      <CheckField checked={belowMargin} onChange={setBelowMargin} className="sm:col-span-2">
        Allow a sale below the minimum margin (recorded in the audit log)
      </CheckField>
      <EditorButtons editing addLabel="Save" pending={change.isPending} onCancel={onDone} />
    </EditorCard>
  );
}
