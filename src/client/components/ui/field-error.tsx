import { CircleAlert } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '~/lib/cn';

/** A field's error message; announced as soon as it appears. Renders nothing without a message. */
export function FieldError({ className, children, ...props }: ComponentProps<'p'>) {
  if (!children) return null;
  return (
    <p
      role="alert"
      data-slot="field-error"
      className={cn('flex items-start gap-1.5 text-sm text-destructive', className)}
      {...props}
    >
      <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
      <span>{children}</span>
    </p>
  );
}
