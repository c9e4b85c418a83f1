import { useId, useState, type FormEvent } from 'react';
import { generationsText, type LinkRow } from '../../../../domain/admin-linker';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card';
import { Checkbox } from '~/components/ui/checkbox';
import { Label } from '~/components/ui/label';
import { SelectField } from '~/components/ui/select-field';
import { Skeleton } from '~/components/ui/skeleton';
import { TextField } from '~/components/ui/text-field';
import { toastSuccess } from '~/lib/notify';
import { useLinkChange, useLinkChoices } from '../api/admin-api';
import { EditorButtons } from './editor-buttons';
import { useFocusFirstField } from '../hooks/use-focus-first-field';
import { fieldErrorsOf } from './field-errors';

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
  const cleanId = useId();
  const teachId = useId();
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
      {
        onSuccess: (answer) => {
          toastSuccess(answer.message);
          onDone();
        },
        onError: (error) => setErrors(fieldErrorsOf(error)),
      },
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>
          Sold at once as an unlock for what you choose here. The linker read it as: {service.best.label}.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {choices.data ? (
          <form ref={formRef} aria-label={title} onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
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
            <div className="flex items-center gap-2 sm:col-span-2">
              <Checkbox id={cleanId} checked={clean} onCheckedChange={(checked) => setClean(checked === true)} />
              <Label htmlFor={cleanId}>Clean devices only (the quote asks for a clean IMEI)</Label>
            </div>
            <fieldset className="grid gap-3 rounded-md border border-border p-3 sm:col-span-2 sm:grid-cols-2">
              <legend className="px-1 text-sm font-medium">Teach the linker</legend>
              <div className="flex items-center gap-2 sm:col-span-2">
                <Checkbox id={teachId} checked={teach} onCheckedChange={(checked) => setTeach(checked === true)} />
                <Label htmlFor={teachId}>Words of the name mean something it did not read</Label>
              </div>
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
          </form>
        ) : (
          <Skeleton className="h-40 w-full" />
        )}
      </CardContent>
    </Card>
  );
}
