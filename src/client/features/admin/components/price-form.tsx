import { useState, type FormEvent } from 'react';
import { TextField } from '~/components/ui/text-field';
import { type PriceChange, usePricingChange } from '../api/admin-api';
import { useFocusFirstField } from '../hooks/use-focus-first-field';
import { EditorButtons } from './editor-buttons';
import { EditorCard } from './editor-card';
import { editorOutcome } from './field-errors';

/** Changes one price (an eSIM package's, a device check's or service's): dollars typed, cents sent. */
export function PriceForm(props: {
  readonly name: string;
  readonly priceCents: number;
  readonly description: string;
  readonly change: (priceCents: number) => PriceChange;
  readonly onDone: () => void;
}) {
  const change = usePricingChange();
  const formRef = useFocusFirstField<HTMLFormElement>();
  const [errors, setErrors] = useState<Record<string, string>>({});

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const price = Number(String(new FormData(event.currentTarget).get('price') ?? '').trim() || Number.NaN);
    setErrors({});
    change.mutate(props.change(Math.round(price * 100)), editorOutcome(setErrors, props.onDone));
  }

  return (
    <EditorCard
      title={`Change the price of ${props.name}`}
      description={props.description}
      onSubmit={submit}
      formRef={formRef}
    >
      <TextField
        label="Price (USD)"
        name="price"
        inputMode="decimal"
        defaultValue={(props.priceCents / 100).toFixed(2)}
        error={errors.price_cents}
      />
      <EditorButtons editing addLabel="Save" pending={change.isPending} onCancel={props.onDone} />
    </EditorCard>
  );
}
