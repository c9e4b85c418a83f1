import { useState, type FormEvent } from 'react';
import { generationsText, type LinkRow } from '../../../../domain/admin-linker';
import { SelectField } from '~/components/ui/select-field';
import { TextField } from '~/components/ui/text-field';
import { useLinkChange, useLinkChoices } from '../api/admin-api';
import { EditorButtons } from './editor-buttons';
import { EditorCard } from './editor-card';
import { useFocusFirstField } from '../hooks/use-focus-first-field';
import { CheckField } from './check-field';
import { editorOutcome } from './field-errors';

const TEACH_TYPES = [
  { value: 'country', label: 'a country (the carrier’s)' },
  { value: 'carrier', label: 'the carrier' },
  { value: 'brand', label: 'the brand' },
] as const;
type TeachType = (typeof TEACH_TYPES)[number]['value'];

function generation(text: string): number | null {
  const value = Number(text);
  return text.trim() && Number.isInteger(value) ? value : null;
}

interface LinkEditorProps {
  readonly service: LinkRow;
  readonly onDone: () => void;
}

/**
 * Links a supplier service by hand: brand, carrier (its country follows), iPhone generations, clean
 * devices only; and, when the name holds words the linker did not read, what they mean (an alias).
 */
export function LinkEditor({ service, onDone }: LinkEditorProps) {
  const choices = useLinkChoices();
  const formRef = useFocusFirstField<HTMLFormElement>(choices.data !== undefined);
  const change = useLinkChange();
  const start = service.linked ?? service.best;
  const [brand, setBrand] = useState(start.brand ?? '');
  const [clean, setClean] = useState(start.requires_clean_check);
  const [teach, setTeach] = useState(service.unread !== '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const title = `Link “${service.name}” by hand`;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? '');
    const words = text('teach_words').trim();
    setErrors({});
    change.mutate(
      {
        kind: 'correct',
        toolId: service.tool_id,
        correction: {
          brand,
          carrier: text('carrier'),
          series_min: brand === 'apple' ? generation(text('series_min')) : null,
          series_max: brand === 'apple' ? generation(text('series_max')) : null,
          requires_clean_check: clean,
          teach: teach && words ? [{ type: text('teach_type') as TeachType, alias: words }] : [],
        },
      },
      editorOutcome(setErrors, onDone),
    );
  }

  return (
    <EditorCard
      title={title}
      description={`Sold at once as an unlock for what you choose here. The linker read it as: ${service.best.label}.`}
      onSubmit={submit}
      formRef={formRef}
      ready={choices.data !== undefined}
    >
      {choices.data ? (
        <>
          <SelectField
            label="Brand"
            name="brand"
            value={brand}
            onChange={(event) => setBrand(event.target.value)}
            placeholder="Choose a brand"
            choices={choices.data.brands.map((row) => ({ value: row.brand_slug, label: row.brand_name }))}
            error={errors.brand}
          />
          <SelectField
            label="Carrier"
            name="carrier"
            defaultValue={start.carrier ?? ''}
            placeholder="Choose a carrier"
            choices={choices.data.carriers.map((row) => ({
              value: row.carrier_slug,
              label: `${row.carrier_name} (${row.country_code ?? 'region'})`,
            }))}
            error={errors.carrier}
          />
          {brand === 'apple' ? (
            <>
              <TextField
                label="From iPhone (empty: the first)"
                name="series_min"
                inputMode="numeric"
                defaultValue={start.series_min?.toString() ?? ''}
                error={errors.series_min}
              />
              <TextField
                label="To iPhone (empty: the latest)"
                name="series_max"
                inputMode="numeric"
                defaultValue={start.series_max?.toString() ?? ''}
                error={errors.series_max}
                hint={`Read from the name: ${generationsText(service.best.series_min, service.best.series_max)}.`}
              />
            </>
          ) : null}
          <CheckField checked={clean} onChange={setClean} className="sm:col-span-2">
            Clean devices only (the quote asks for a clean IMEI)
          </CheckField>
          <fieldset className="grid gap-3 rounded-md border border-border p-3 sm:col-span-2 sm:grid-cols-2">
            <legend className="px-1 text-sm font-medium">Teach the linker</legend>
            <CheckField checked={teach} onChange={setTeach} className="sm:col-span-2">
              Words of the name mean something it did not read
            </CheckField>
            {teach ? (
              <>
                <TextField
                  label="Words"
                  name="teach_words"
                  defaultValue={service.unread}
                  autoComplete="off"
                  error={errors['teach.0.alias'] ?? errors.alias}
                />
                <SelectField label="They mean" name="teach_type" choices={TEACH_TYPES} />
              </>
            ) : null}
          </fieldset>
          <EditorButtons editing addLabel="Link" pending={change.isPending} onCancel={onDone} />
        </>
      ) : null}
    </EditorCard>
  );
}
