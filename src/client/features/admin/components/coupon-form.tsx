import { useId, useState, type FormEvent } from 'react';
import { ORDER_KIND_NAMES } from '../../../../domain/admin';
import { type AdminCoupon, COUPON_KINDS } from '../../../../domain/coupon';
import type { OrderKind } from '../../../../domain/order';
import { FieldError } from '~/components/ui/field-error';
import { SelectField } from '~/components/ui/select-field';
import { TextField } from '~/components/ui/text-field';
import { useCouponChange } from '../api/admin-api';
import { CheckField } from './check-field';
import { EditorButtons } from './editor-buttons';
import { EditorCard } from './editor-card';
import { fieldErrorsOf } from './field-errors';
import { toastSuccess } from '~/lib/notify';

/** The last moment of the day picked, as the API's ISO instant (UTC); null for none. */
function endOfDay(day: string): string | null {
  return day ? `${day}T23:59:59Z` : null;
}

function whole(text: string): number | null {
  const value = Number(text);
  return text.trim() && Number.isFinite(value) ? value : null;
}

interface CouponFormProps {
  /** The coupon being changed; null to create one. */
  readonly editing: AdminCoupon | null;
  readonly onDone: () => void;
}

/** Creates a coupon (percent or fixed amount), or changes one: on or off, expiry, limit, product lines. */
export function CouponForm({ editing, onDone }: CouponFormProps) {
  const change = useCouponChange();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [kinds, setKinds] = useState<readonly OrderKind[]>(editing?.kinds ?? []);
  const [active, setActive] = useState(editing?.active ?? true);
  const linesId = useId();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? '');
    const common = {
      expires_at: endOfDay(text('expires_on')),
      max_usage: whole(text('max_usage')),
      kinds: kinds.length > 0 ? [...kinds] : null,
    };
    const value = whole(text('amount'));
    const request = editing
      ? ({ kind: 'update', code: editing.code, change: { ...common, active } } as const)
      : ({
          kind: 'create',
          coupon: {
            code: text('code'),
            ...common,
            percent_off: text('discount') === 'percent' ? value : null,
            amount_off_cents: text('discount') === 'amount' && value !== null ? Math.round(value * 100) : null,
          },
        } as const);
    setErrors({});
    const form = event.currentTarget;
    change.mutate(request, {
      onSuccess: () => {
        toastSuccess(editing ? `Coupon ${editing.code} changed.` : 'Coupon created.');
        form.reset();
        setKinds([]);
        onDone();
      },
      onError: (error) => setErrors(fieldErrorsOf(error)),
    });
  }

  const title = editing ? `Change coupon ${editing.code}` : 'Create a coupon';
  return (
    <EditorCard
      title={title}
      description={
        editing
          ? 'The discount stays as sold; the rest can change. Turning a coupon off refuses it at every checkout at once.'
          : 'A percent or a fixed amount off, for every product line or some, with an optional expiry and limit.'
      }
      onSubmit={submit}
    >
      {editing ? (
        <CheckField checked={active} onChange={setActive} className="sm:col-span-2">
          Active: shoppers can use it
        </CheckField>
      ) : (
        <>
          <TextField label="Code" name="code" autoComplete="off" error={errors.code} />
          <SelectField
            label="Discount"
            name="discount"
            choices={[
              { value: 'percent', label: 'Percent off' },
              { value: 'amount', label: 'Amount off (USD)' },
            ]}
          />
          <TextField
            label="Percent or amount"
            name="amount"
            inputMode="decimal"
            error={errors.amount_off_cents ?? errors.percent_off}
          />
        </>
      )}
      <TextField
        label="Expires on (optional)"
        name="expires_on"
        type="date"
        defaultValue={editing?.expires_at?.slice(0, 10) ?? ''}
        error={errors.expires_at}
      />
      <TextField
        label="Maximum uses (optional)"
        name="max_usage"
        inputMode="numeric"
        defaultValue={editing?.max_usage?.toString() ?? ''}
        error={errors.max_usage}
      />
      <fieldset className="grid gap-2 sm:col-span-2" aria-describedby={`${linesId}-hint`}>
        <legend className="text-sm font-medium">Product lines</legend>
        <p id={`${linesId}-hint`} className="text-sm text-muted-foreground">
          None ticked: the coupon works for every line.
        </p>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          {COUPON_KINDS.map((kind) => (
            <CheckField
              key={kind}
              checked={kinds.includes(kind)}
              onChange={(checked) =>
                setKinds((now) => (checked ? [...now, kind] : now.filter((found) => found !== kind)))
              }
            >
              {ORDER_KIND_NAMES[kind]}
            </CheckField>
          ))}
        </div>
        <FieldError>{errors.kinds}</FieldError>
      </fieldset>
      <EditorButtons editing={editing !== null} addLabel="Create coupon" pending={change.isPending} onCancel={onDone} />
    </EditorCard>
  );
}
