import { Bug } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '~/components/ui/button';
import { useHydrated } from '~/lib/use-hydrated';

// The dialog (forms, Radix Dialog, zod) loads on the first press: the button is on every page (ADR 010).
const BugReportDialog = lazy(() => import('./bug-report-dialog').then((module) => ({ default: module.BugReportDialog })));

/**
 * Spec section 2: fixed at the bottom right of every page; opens the bug report dialog. It shows
 * once the app runs: floating above the page it shifts nothing when it comes, it cannot be pressed
 * before it works, and the prerendered pages are 190 bytes lighter (their answer must fit the
 * first round trip, ADR 019).
 */
export function ReportBugButton({ defaultEmail }: { readonly defaultEmail: string }) {
  const [open, setOpen] = useState(false);
  // Kept once loaded, so closing can animate and hand the focus back to the button.
  const [wanted, setWanted] = useState(false);
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <>
      <Button
        type="button"
        variant="outline"
        aria-haspopup="dialog"
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
        className="fixed right-4 bottom-4 z-40 rounded-full bg-card shadow-lg print:hidden"
      >
        <Bug aria-hidden />
        Report Bug
      </Button>
      {wanted ? (
        <Suspense fallback={null}>
          <BugReportDialog open={open} onOpenChange={setOpen} defaultEmail={defaultEmail} />
        </Suspense>
      ) : null}
    </>
  );
}
