import { useId, type ReactNode } from 'react';
import { FieldError } from './field-error';

/** A field's element id and the ids of its hint and error, as its control's aria-describedby names them. */
export function useFieldIds(id: string | undefined, hint: ReactNode, error: string | undefined) {
  const generatedId = useId();
  const fieldId = id ?? generatedId;
  const hintId = hint ? `${fieldId}-hint` : undefined;
  const errorId = error ? `${fieldId}-error` : undefined;
  return { fieldId, hintId, errorId, describedBy: [hintId, errorId].filter(Boolean).join(' ') || undefined };
}

/** What is said under a field: its hint, then its error (announced as it appears). */
export function FieldNotes({
  hint,
  hintId,
  error,
  errorId,
}: {
  readonly hint: ReactNode;
  readonly hintId: string | undefined;
  readonly error: string | undefined;
  readonly errorId: string | undefined;
}) {
  return (
    <>
      {hint ? (
        <p id={hintId} className="text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId}>{error}</FieldError>
    </>
  );
}
