import { Bug } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '~/components/ui/button';
import { useHydrated } from '~/lib/use-hydrated';

// The dialog (forms, Radix Dialog, zod) loads on the first press: the button is on every page (ADR 010).
const BugReportDialog = lazy(() =>
  import('./bug-report-dialog').then((module) => ({ default: module.BugReportDialog })),
);

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
        className="fixed right-3 bottom-3 z-40 size-11 rounded-full bg-card p-0 shadow-lg sm:right-4 sm:bottom-4 sm:h-10 sm:w-auto sm:px-4 print:hidden"
      >
        <Bug aria-hidden />
        {/* On a phone an icon with its name, so it covers no price or badge it floats over. */}
        <span className="sr-only sm:not-sr-only">Report Bug</span>
      </Button>
      {wanted ? (
        <Suspense fallback={null}>
          <BugReportDialog open={open} onOpenChange={setOpen} defaultEmail={defaultEmail} />
        </Suspense>
      ) : null}
    </>
  );
}
