import { SUPPORT_PROMISE } from '../../../../domain/store-config';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '~/components/ui/dialog';
import type { OrderAccess } from '~/lib/get-order';
import { useReturnFocus } from '~/lib/use-return-focus';
import { ContactSupportForm } from './contact-support-form';

export interface ContactSupportDialogProps {
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
  /** The order the question is about (its page's access); without, the customer's address is asked. */
  readonly order?: OrderAccess;
  /** Who is signed in: their address is filled in. */
  readonly email?: string;
}

/** The "Contact support" dialog: the promise, and the message form. */
export function ContactSupportDialog({ open, onOpenChange, order, email }: ContactSupportDialogProps) {
  const returnFocus = useReturnFocus();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent onCloseAutoFocus={returnFocus}>
        <DialogHeader>
          <DialogTitle>{order ? 'Ask about this order' : 'Write to our team'}</DialogTitle>
          <DialogDescription>
            {SUPPORT_PROMISE}
            {order ? ' We see your order’s details with your message.' : ''}
          </DialogDescription>
        </DialogHeader>
        <ContactSupportForm order={order} email={email} onSent={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}
