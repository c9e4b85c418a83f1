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

/** Changes a SKU: price, delivery window, clean devices only, default tool, on or off. */
export function SkuForm({ sku, tools, onDone }: SkuFormProps) {
  const formRef = useFocusFirstField<HTMLFormElement>();
  const change = usePricingChange();
  const [clean, setClean] = useState(sku.requires_clean_check);
  const [active, setActive] = useState(sku.active);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const title = `Change SKU ${sku.sku_code}`;
  // A tool gone from the supplier's list stays choosable while it is the SKU's own.
  const gone =
    sku.default_tool && !tools.some((tool) => tool.tool_id === sku.default_tool_id) ? [sku.default_tool] : [];
  const choices = [...tools, ...gone];

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
      <EditorButtons editing addLabel="Save" pending={change.isPending} onCancel={onDone} />
    </EditorCard>
  );
}
