import { useId, type ReactNode } from 'react';
import { Checkbox } from '~/components/ui/checkbox';
import { Label } from '~/components/ui/label';
import { cn } from '~/lib/cn';

interface CheckFieldProps {
  readonly checked: boolean;
  readonly onChange: (checked: boolean) => void;
  readonly children: ReactNode;
  readonly className?: string;
}

/** A checkbox with its label beside it, as the admin area's forms use them. */
export function CheckField({ checked, onChange, children, className }: CheckFieldProps) {
  const id = useId();
  return (
    <div className={cn('flex items-center gap-2', className)}>
      <Checkbox id={id} checked={checked} onCheckedChange={(value) => onChange(value === true)} />
      <Label htmlFor={id}>{children}</Label>
    </div>
  );
}
