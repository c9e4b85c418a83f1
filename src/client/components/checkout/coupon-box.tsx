import { LoaderCircle, TicketPercent, X } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import type { Path, PathValue, UseFormReturn } from 'react-hook-form';
import { normalizeCouponCode, type CouponEffect } from '../../../domain/coupon';
import type { OrderKind } from '../../../domain/order';
import { Button } from '~/components/ui/button';
import { FieldError } from '~/components/ui/field-error';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { useValidateCoupon } from '~/lib/validate-coupon';

interface CouponBoxProps {
  /** The product line of the checkout: a coupon may be kept to some. */
  readonly kind: OrderKind;
  /** An unlock's quote, so a coupon that would take the sale below its cost is refused at once. */
  readonly quoteId?: string;
  readonly applied: CouponEffect | null;
  readonly onApply: (coupon: CouponEffect | null) => void;
  readonly disabled: boolean;
  /** The checkout's own refusal of the applied code (expired or used up meanwhile), shown under the box. */
  readonly refusal?: string;
}

/**
 * Spec section 4 "Coupon box": no coupon → applying → applied (code and Remove) or error; with the
 * checkout's refusal, if any, under it.
 */
export function CouponBox(props: CouponBoxProps) {
  return (
    <div className="grid gap-2">
      <CouponBoxBody {...props} />
      <FieldError>{props.refusal}</FieldError>
    </div>
  );
}

function CouponBoxBody({ kind, quoteId, applied, onApply, disabled }: CouponBoxProps) {
  const id = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const validate = useValidateCoupon();

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const normalized = normalizeCouponCode(code);
    // Spec section 5: an empty code is ignored.
    if (normalized === '') return;
    setError(null);
    validate.mutate(
      { code: normalized, kind, quoteId },
      {
        onSuccess: (outcome) => {
          if (outcome.kind === 'applied') {
            onApply(outcome.coupon);
            setCode('');
          } else {
            setError(outcome.message);
          }
        },
      },
    );
  };

  if (applied) {
    return (
      <div className="flex items-center justify-between gap-3 rounded-md border border-success/40 bg-success/10 px-3 py-2 text-sm">
        <span className="flex items-center gap-2">
          <TicketPercent aria-hidden className="size-4 text-success-foreground" />
          Coupon <strong className="font-mono">{applied.code}</strong> applied
        </span>
        <Button variant="ghost" size="sm" disabled={disabled} onClick={() => onApply(null)}>
          <X aria-hidden />
          Remove
        </Button>
      </div>
    );
  }

  const busy = validate.isPending;
  return (
    <form onSubmit={apply} className="grid gap-2" aria-busy={busy || undefined}>
      <Label htmlFor={`${id}-code`}>Coupon code</Label>
      <div className="flex gap-2">
        <Input
          id={`${id}-code`}
          value={code}
          onChange={(event) => {
            setCode(event.target.value);
            setError(null);
          }}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          disabled={disabled || busy}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="uppercase placeholder:normal-case"
          placeholder="Optional"
        />
        <Button type="submit" variant="outline" disabled={disabled || busy}>
          {busy ? <LoaderCircle aria-hidden className="animate-spin" /> : null}
          {busy ? 'Applying...' : 'Apply'}
        </Button>
      </div>
      <FieldError id={error ? `${id}-error` : undefined}>{error}</FieldError>
    </form>
  );
}

/**
 * The coupon box of a react-hook-form checkout whose `coupon_code` holds the applied coupon: it
 * sets the field, clears its refusal, and shows the checkout's refusal of it.
 */
export function FormCouponBox<Values extends { coupon_code: CouponEffect | null }>({
  kind,
  form,
  applied,
}: {
  readonly kind: OrderKind;
  readonly form: UseFormReturn<Values>;
  /** The applied coupon, as the form's own `useWatch` reads it. */
  readonly applied: CouponEffect | null;
}) {
  // One field of a generic form: react-hook-form cannot type a path of `Values` known only by its bound.
  const field = 'coupon_code' as Path<Values>;
  const refusal = (form.formState.errors as Partial<Record<string, { message?: string }>>).coupon_code?.message;
  return (
    <CouponBox
      kind={kind}
      applied={applied}
      onApply={(coupon) => {
        form.setValue(field, coupon as PathValue<Values, Path<Values>>);
        form.clearErrors(field);
      }}
      disabled={form.formState.isSubmitting}
      refusal={refusal}
    />
  );
}
