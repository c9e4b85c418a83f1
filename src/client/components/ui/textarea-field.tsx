import { useId, type ComponentProps, type ReactNode } from 'react';
import { cn } from '~/lib/cn';
import { FieldError } from './field-error';
import { Label } from './label';
import { Textarea } from './textarea';

export interface TextareaFieldProps extends ComponentProps<'textarea'> {
  readonly label: string;
  readonly error?: string;
  readonly hint?: ReactNode;
}

/** A labelled text area with its hint and its error wired to it for screen readers. */
export function TextareaField({ label, error, hint, id, className, ...props }: TextareaFieldProps) {
  const generatedId = useId();
  const fieldId = id ?? generatedId;
  const hintId = hint ? `${fieldId}-hint` : undefined;
  const errorId = error ? `${fieldId}-error` : undefined;
  return (
    <div data-slot="textarea-field" className={cn('grid gap-2', className)}>
      <Label htmlFor={fieldId}>{label}</Label>
      <Textarea
        id={fieldId}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
        {...props}
      />
      {hint ? (
        <p id={hintId} className="text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}
