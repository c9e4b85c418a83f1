import { CircleCheck, CircleX } from 'lucide-react';
import type { Ref } from 'react';
import { UNLOCK_FORM_MESSAGES } from '../../../../domain/unlock-fields';
import { isEmailValid } from '../../../../domain/unlock-panel';
import { Badge } from '~/components/ui/badge';
import { FieldError } from '~/components/ui/field-error';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';

interface EmailFieldProps {
  readonly id: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly onBlur: () => void;
  /** The field has lost focus once: only then do the badge and the live error show (spec section 4). */
  readonly touched: boolean;
  /** The message from the last Unlock Now. */
  readonly error?: string;
  readonly ref?: Ref<HTMLInputElement>;
  readonly name?: string;
}

export function EmailField({ id, value, onChange, onBlur, touched, error, ref, name }: EmailFieldProps) {
  const valid = isEmailValid(value);
  const showBadge = touched && value.trim() !== '';
  const message = error ?? (showBadge && !valid ? UNLOCK_FORM_MESSAGES.email : undefined);
  const errorId = message ? `${id}-error` : undefined;

  return (
    <div className="grid content-start gap-2">
      <div className="flex h-5 items-center justify-between gap-2">
        <Label htmlFor={id}>
          Email
          <span aria-hidden className="text-destructive">
            *
          </span>
        </Label>
        {showBadge ? (
          valid ? (
            <Badge variant="success">
              <CircleCheck aria-hidden />
              Valid
            </Badge>
          ) : (
            <Badge variant="outline" className="border-destructive/50 text-destructive">
              <CircleX aria-hidden />
              Invalid
            </Badge>
          )
        ) : null}
      </div>
      <Input
        ref={ref}
        id={id}
        name={name}
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        placeholder="you@example.com"
        aria-invalid={message ? true : undefined}
        aria-describedby={errorId}
      />
      <FieldError id={errorId}>{message}</FieldError>
    </div>
  );
}
