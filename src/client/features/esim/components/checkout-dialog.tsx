import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '~/components/ui/dialog';
import { useState } from 'react';
import { useReturnFocus } from '~/lib/use-return-focus';
import { useCart, type CheckoutTarget } from '../cart/cart-context';
import { CheckoutBody, type CheckoutFrame } from './checkout-body';

interface CheckoutDialogProps {
  /** The signed-in customer's address, filled in for them. */
  readonly defaultEmail: string;
}

/** Spec sections 2 and 4 "eSIM checkout dialog": the header cart, or one package bought now. */
export function CheckoutDialog({ defaultEmail }: CheckoutDialogProps) {
  const { checkout, closeCheckout } = useCart();
  // The last target stays rendered while the dialog fades out; each opening starts afresh.
  const [shown, setShown] = useState<{ readonly target: CheckoutTarget; readonly opening: number } | null>(null);
  if (checkout && shown?.target !== checkout) setShown({ target: checkout, opening: (shown?.opening ?? 0) + 1 });
  return (
    <Dialog open={checkout !== null} onOpenChange={(open) => (open ? undefined : closeCheckout())}>
      {shown ? (
        <CheckoutBody key={shown.opening} target={shown.target} defaultEmail={defaultEmail} frame={DialogFrame} />
      ) : null}
    </Dialog>
  );
}

function DialogFrame({ title, description, processing, body }: CheckoutFrame) {
  const returnFocus = useReturnFocus();
  return (
    <DialogContent
      className="max-w-xl"
      closeLabel="Close checkout"
      onInteractOutside={(event) => processing && event.preventDefault()}
      onCloseAutoFocus={returnFocus}
    >
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
      </DialogHeader>
      {body}
    </DialogContent>
  );
}
