import { LifeBuoy } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Button, type ButtonProps } from '~/components/ui/button';
import type { OrderAccess } from '~/lib/get-order';
import { useOnDemandDialog } from '~/lib/use-on-demand-dialog';

// The dialog (Radix Dialog, the form, zod) loads on the first press: the button is on every order
// and help page, and most visitors never press it (as Report Bug, ADR 010).
const loadDialog = () => import('./contact-support-dialog');
const ContactSupportDialog = lazy(() => loadDialog().then((module) => ({ default: module.ContactSupportDialog })));

interface ContactSupportButtonProps {
  /** The order the question is about (its page's access); without, the customer's address is asked. */
  readonly order?: OrderAccess;
  /** Who is signed in: their address is filled in. */
  readonly email?: string;
  readonly variant?: ButtonProps['variant'];
}

/**
 * "Contact support": a message to a person, about the order of the page it is on or about anything.
 * Sent, the customer lands on the conversation's page, where the answer arrives (and by email). It
 * shows once the app runs, so it cannot be pressed before it works; its place is kept meanwhile.
 */
export function ContactSupportButton({ order, email, variant = 'outline' }: ContactSupportButtonProps) {
  const { hydrated, open, setOpen, wanted, show } = useOnDemandDialog();
  if (!hydrated) return <span aria-hidden className="block h-9" />;
  return (
    <>
      <Button
        type="button"
        variant={variant}
        aria-haspopup="dialog"
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        onClick={show}
      >
        <LifeBuoy aria-hidden />
        Contact support
      </Button>
      {wanted ? (
        <Suspense fallback={null}>
          <ContactSupportDialog open={open} onOpenChange={setOpen} order={order} email={email} />
        </Suspense>
      ) : null}
    </>
  );
}
