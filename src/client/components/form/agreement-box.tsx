import type { ReactNode } from 'react';
import { Controller, type FieldPathByValue, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { Checkbox } from '~/components/ui/checkbox';
import { FieldError } from '~/components/ui/field-error';
import { Label } from '~/components/ui/label';

interface AgreementBoxProps<Values extends FieldValues> {
  readonly id: string;
  readonly form: UseFormReturn<Values>;
  readonly name: FieldPathByValue<Values, boolean>;
  readonly disabled: boolean;
  readonly children: ReactNode;
}

/** A required agreement: its checkbox, label and error, as a field of its form. */
export function AgreementBox<Values extends FieldValues>({
  id,
  form,
  name,
  disabled,
  children,
}: AgreementBoxProps<Values>) {
  const errorId = `${id}-error`;
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <div className="grid gap-2">
          <div className="flex items-start gap-3">
            <Checkbox
              id={id}
              ref={field.ref}
              checked={field.value}
              onCheckedChange={(value) => {
                field.onChange(value === true);
                form.clearErrors(name);
              }}
              disabled={disabled}
              aria-invalid={fieldState.error ? true : undefined}
              aria-describedby={fieldState.error ? errorId : undefined}
              className="mt-0.5"
            />
            <Label htmlFor={id} className="inline leading-snug font-normal">
              {children}
            </Label>
          </div>
          <FieldError id={fieldState.error ? errorId : undefined}>{fieldState.error?.message}</FieldError>
        </div>
      )}
    />
  );
}
