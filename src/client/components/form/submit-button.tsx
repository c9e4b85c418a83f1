import { LoaderCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '~/components/ui/button';

export function SubmitButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <Button type="submit" size="lg" className="w-full" disabled={busy} aria-busy={busy || undefined}>
      {busy ? <LoaderCircle aria-hidden className="animate-spin" /> : null}
      {children}
    </Button>
  );
}
