import type { ComponentProps, ReactNode } from 'react';
import { cn } from '~/lib/cn';
import { FieldNotes, useFieldIds } from './field-notes';
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
  const { fieldId: inputId, hintId, errorId, describedBy } = useFieldIds(id, hint, error);
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
      <FieldNotes hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}
