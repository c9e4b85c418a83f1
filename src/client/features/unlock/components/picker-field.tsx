import type { ReactNode } from 'react';
import { Combobox, type ComboboxProps } from '~/components/ui/combobox';
import { FieldError } from '~/components/ui/field-error';
import { Label } from '~/components/ui/label';
import { cn } from '~/lib/cn';

type PickerFieldProps = Omit<ComboboxProps, 'labelId' | 'invalid' | 'describedBy' | 'className'> & {
  readonly className?: string;
  readonly label: string;
  readonly error?: string;
  /** Shown under the picker, e.g. why the list is empty. */
  readonly note?: ReactNode;
};

/** A labelled searchable picker with its note and error wired to it. */
export function PickerField({ label, error, note, id, className, ...comboboxProps }: PickerFieldProps) {
  const labelId = `${id}-label`;
  const noteId = note ? `${id}-note` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={cn('grid content-start gap-2', className)}>
      <Label id={labelId} htmlFor={id}>
        {label}
      </Label>
      <Combobox
        id={id}
        labelId={labelId}
        invalid={Boolean(error)}
        describedBy={[noteId, errorId].filter(Boolean).join(' ') || undefined}
        {...comboboxProps}
      />
      {note ? (
        <p id={noteId} className="text-sm text-muted-foreground">
          {note}
        </p>
      ) : null}
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}
