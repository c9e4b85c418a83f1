import { ArrowLeft } from 'lucide-react';
import {
  CHECKOUT_CANCELLED_EMPTY_TEXT,
  CHECKOUT_CANCELLED_FORM_TEXT,
  CHECKOUT_CANCELLED_TITLE,
} from '../../../domain/unlock-checkout';
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert';
import type { CancelledPayment } from '~/lib/return-from-payment';

/** "Payment cancelled" above a form its payment page sent the customer back to. */
export function CancelledPaymentAlert({ cancelled }: { readonly cancelled: CancelledPayment }) {
  if (!cancelled) return null;
  return (
    <Alert role="status">
      <ArrowLeft aria-hidden />
      <AlertTitle>{CHECKOUT_CANCELLED_TITLE}</AlertTitle>
      <AlertDescription>
        <p>{cancelled.restored ? CHECKOUT_CANCELLED_FORM_TEXT : CHECKOUT_CANCELLED_EMPTY_TEXT}</p>
      </AlertDescription>
    </Alert>
  );
}
