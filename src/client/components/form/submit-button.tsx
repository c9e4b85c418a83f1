import { LoaderCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '~/components/ui/button';

/**
 * A form's full-width submit button: a spinner while busy, else its `icon`; `form` names the form
 * it submits when it stands outside it.
 */
export function SubmitButton({
  busy,
  children,
  form,
  icon = null,
}: {
  busy: boolean;
  children: ReactNode;
  form?: string;
  icon?: ReactNode;
}) {
  return (
    <Button type="submit" form={form} size="lg" className="w-full" disabled={busy} aria-busy={busy || undefined}>
      {busy ? <LoaderCircle aria-hidden className="animate-spin" /> : icon}
      {children}
    </Button>
  );
}
