import { useId, type ComponentProps, type ReactNode } from 'react';
import { cn } from '~/lib/cn';
import { FieldError } from './field-error';
import { Input } from './input';
import { Label } from './label';

export interface TextFieldProps extends ComponentProps<'input'> {
  readonly label: string;
  readonly error?: string;
  readonly hint?: ReactNode;
  /** Shown at the end of the label row, e.g. a "Forgot password?" link. */
  readonly labelAside?: ReactNode;
  /** Rendered inside the input's box at its end, e.g. a show-password button. */
  readonly trailing?: ReactNode;
}

/** A labelled input with its hint and its error wired to it for screen readers. */
export function TextField({ label, error, hint, labelAside, trailing, id, className, ...inputProps }: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div data-slot="text-field" className={cn('grid gap-2', className)}>
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={inputId}>{label}</Label>
        {labelAside}
      </div>
      <div className="relative">
        <Input
          id={inputId}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={trailing ? 'pr-11' : undefined}
          {...inputProps}
        />
        {trailing ? <div className="absolute inset-y-0 right-0 flex items-center pr-1">{trailing}</div> : null}
      </div>
      {hint ? (
        <p id={hintId} className="text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}
