import { Bug } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Button } from '~/components/ui/button';
import { useOnDemandDialog } from '~/lib/use-on-demand-dialog';

// The dialog (forms, Radix Dialog, zod) loads on the first press: the button is on every page (ADR 010).
const BugReportDialog = lazy(() =>
  import('./bug-report-dialog').then((module) => ({ default: module.BugReportDialog })),
);

/**
 * Spec section 2's "Report Bug" on every page, opening the bug report dialog. It sits in the page's
 * flow at its end (the footer, or the admin area's last line), not floating at the bottom right as
 * the spec has it: floating, it covered prices, badges and buttons it passed over (issue 44, ADR
 * 107). It shows once the app runs, so it cannot be pressed before it works; its place is kept
 * (`min-h`) so nothing moves when it comes.
 */
export function ReportBugButton({ defaultEmail }: { readonly defaultEmail: string }) {
  const { hydrated, open, setOpen, wanted, show } = useOnDemandDialog();
  if (!hydrated) return <span aria-hidden className="block h-9" />;
  return (
    <>
      <Button type="button" variant="outline" size="sm" aria-haspopup="dialog" onClick={show} className="print:hidden">
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
