import { useId, type ComponentProps } from 'react';
import { cn } from '~/lib/cn';
import { FieldError } from './field-error';
import { Label } from './label';

export interface SelectFieldProps extends ComponentProps<'select'> {
  readonly label: string;
  /** Each a value shown as itself, or a value with the label shown for it. */
  readonly choices: readonly (string | { readonly value: string; readonly label: string })[];
  /** A first, empty choice ("Select a region"); none when a choice is always made. */
  readonly placeholder?: string;
  readonly error?: string;
}

/** A labelled native select with its error wired to it for screen readers: keyboard and phone pickers for free. */
export function SelectField({ label, choices, placeholder, error, id, className, ...selectProps }: SelectFieldProps) {
  const generatedId = useId();
  const selectId = id ?? generatedId;
  const errorId = error ? `${selectId}-error` : undefined;
  return (
    <div data-slot="select-field" className={cn('grid content-start gap-2', className)}>
      <Label htmlFor={selectId}>{label}</Label>
      <select
        id={selectId}
        className="h-10 w-full rounded-md border border-input bg-background px-3 text-base shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/40 aria-invalid:border-destructive disabled:opacity-50 md:text-sm"
        aria-invalid={error ? true : undefined}
        aria-describedby={errorId}
        {...selectProps}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {choices.map((choice) => {
          const { value, label: shown } = typeof choice === 'string' ? { value: choice, label: choice } : choice;
          return (
            <option key={value} value={value}>
              {shown}
            </option>
          );
        })}
      </select>
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}
