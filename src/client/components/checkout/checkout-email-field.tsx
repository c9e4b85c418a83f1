import type { Ref } from 'react';
import { CHECKOUT_EMAIL_INVALID, didYouMeanText, isValidCheckoutEmail } from '../../../domain/checkout-email';
import { Button } from '~/components/ui/button';
import { FieldError } from '~/components/ui/field-error';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { emailTypoSuggestion } from '~/lib/email-typo';

interface CheckoutEmailFieldProps {
  readonly id: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly touched: boolean;
  readonly onBlur: () => void;
  readonly disabled: boolean;
  /** What the address is for, e.g. 'Email for your eSIM and receipt'. */
  readonly label: string;
  /** A message from the server about this field, shown whatever the field's state. */
  readonly error?: string | null;
  readonly ref?: Ref<HTMLInputElement>;
}

/**
 * Spec section 5 "Email format": the error shows only after the field was left once; a misspelt
 * popular mail domain gets 'Did you mean ...?' with Fix it.
 */
export function CheckoutEmailField({
  id,
  value,
  onChange,
  touched,
  onBlur,
  disabled,
  label,
  error = null,
  ref,
}: CheckoutEmailFieldProps) {
  const email = value.trim();
  const message = error ?? (touched && email !== '' && !isValidCheckoutEmail(email) ? CHECKOUT_EMAIL_INVALID : null);
  const invalid = message !== null;
  const suggestion = touched && email !== '' ? emailTypoSuggestion(email) : null;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;

  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        ref={ref}
        id={id}
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        value={value}
        disabled={disabled}
        placeholder="you@example.com"
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        aria-invalid={invalid || undefined}
        aria-describedby={[invalid ? errorId : null, suggestion ? hintId : null].filter(Boolean).join(' ') || undefined}
      />
      <FieldError id={invalid ? errorId : undefined}>{message}</FieldError>
      {suggestion ? (
        <p id={hintId} className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground" aria-live="polite">
          <span>{didYouMeanText(suggestion)}</span>
          <Button
            variant="link"
            size="sm"
            className="h-auto p-0"
            disabled={disabled}
            onClick={() => onChange(suggestion)}
          >
            Fix it
          </Button>
        </p>
      ) : null}
    </div>
  );
}
