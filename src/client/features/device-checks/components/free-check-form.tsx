import { Search, Smartphone } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { DEVICE_TYPE_LABELS, type FreeCheckAnswer, freeCheckQuerySchema } from '../../../../domain/device-checks';
import { FormAlert } from '~/components/form/form-alert';
import { SubmitButton } from '~/components/form/submit-button';
import { TextField } from '~/components/ui/text-field';
import { showIssues, showSubmitError } from '~/lib/form-issues';
import { useFreeCheck } from '../api/checks';
import { identifierInput } from '~/lib/identifier-input';

const FIELDS = ['identifier'] as const;

/** The free check: brand, model and type of device at once; the identifier is handed on to the paid checks. */
export function FreeCheckForm({ onChecked }: { onChecked: (identifier: string, answer: FreeCheckAnswer) => void }) {
  const form = useForm<{ identifier: string }>({ defaultValues: { identifier: '' } });
  const check = useFreeCheck();
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    check.reset();
    const parsed = freeCheckQuerySchema.safeParse(values);
    if (!parsed.success) return showIssues(parsed.error.issues, FIELDS, form.setError);
    try {
      onChecked(parsed.data.identifier, await check.mutateAsync(parsed.data.identifier));
    } catch (error) {
      showSubmitError(error, FIELDS, form.setError);
    }
  });

  const answer = check.data;
  return (
    <div className="grid gap-6">
      <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Free IMEI check">
        <FormAlert message={errors.root?.form?.message} />
        <TextField
          label="IMEI or serial number"
          autoComplete="off"
          spellCheck={false}
          inputMode="text"
          placeholder="15-digit IMEI"
          hint="Dial *#06# to see your IMEI, or find it under Settings › General › About."
          error={errors.identifier?.message}
          {...form.register(
            'identifier',
            identifierInput((normalized) => form.setValue('identifier', normalized)),
          )}
        />
        <SubmitButton busy={isSubmitting}>
          {isSubmitting ? null : <Search aria-hidden />}
          Check for free
        </SubmitButton>
      </form>
      {answer ? <FreeCheckResult answer={answer} /> : null}
    </div>
  );
}

function FreeCheckResult({ answer }: { answer: FreeCheckAnswer }) {
  return (
    <section
      aria-labelledby="free-check-title"
      aria-live="polite"
      className="grid gap-2 rounded-xl border border-border bg-muted/40 p-5"
    >
      <h2 id="free-check-title" className="flex items-center gap-2 font-semibold">
        <Smartphone aria-hidden className="size-5 text-primary" />
        {answer.found ? `${answer.brand ?? ''} ${answer.model ?? ''}`.trim() : 'Not in our table'}
      </h2>
      {answer.found && answer.device_type ? (
        <dl className="grid grid-cols-[8rem_1fr] gap-1 text-sm">
          <dt className="text-muted-foreground">Brand</dt>
          <dd>{answer.brand}</dd>
          <dt className="text-muted-foreground">Model</dt>
          <dd>{answer.model}</dd>
          <dt className="text-muted-foreground">Device type</dt>
          <dd>{DEVICE_TYPE_LABELS[answer.device_type]}</dd>
        </dl>
      ) : null}
      <p className="text-sm text-muted-foreground">{answer.message}</p>
    </section>
  );
}
