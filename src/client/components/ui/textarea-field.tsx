import type { ComponentProps, ReactNode } from 'react';
import { cn } from '~/lib/cn';
import { FieldNotes, useFieldIds } from './field-notes';
import { Label } from './label';
import { Textarea } from './textarea';

export interface TextareaFieldProps extends ComponentProps<'textarea'> {
  readonly label: string;
  readonly error?: string;
  readonly hint?: ReactNode;
}

/** A labelled text area with its hint and its error wired to it for screen readers. */
export function TextareaField({ label, error, hint, id, className, ...props }: TextareaFieldProps) {
  const { fieldId, hintId, errorId, describedBy } = useFieldIds(id, hint, error);
  return (
    <div data-slot="textarea-field" className={cn('grid gap-2', className)}>
      <Label htmlFor={fieldId}>{label}</Label>
      <Textarea id={fieldId} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...props} />
      <FieldNotes hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}
