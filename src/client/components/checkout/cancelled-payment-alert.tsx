import { ArrowLeft } from 'lucide-react';
import {
  CHECKOUT_CANCELLED_EMPTY_TEXT,
  CHECKOUT_CANCELLED_FORM_TEXT,
  CHECKOUT_CANCELLED_TITLE,
} from '../../../domain/unlock-checkout';
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert';
import type { CancelledPayment } from '~/lib/return-from-payment';

/** "Payment cancelled" above a form its payment page sent the customer back to. */
export function CancelledPaymentAlert({
  cancelled,
  restoredText = CHECKOUT_CANCELLED_FORM_TEXT,
}: {
  readonly cancelled: CancelledPayment;
  /** What it says when the entries came back (the unlock panel names its own). */
  readonly restoredText?: string;
}) {
  if (!cancelled) return null;
  return (
    <Alert role="status">
      <ArrowLeft aria-hidden />
      <AlertTitle>{CHECKOUT_CANCELLED_TITLE}</AlertTitle>
      <AlertDescription>
        <p>{cancelled.restored ? restoredText : CHECKOUT_CANCELLED_EMPTY_TEXT}</p>
      </AlertDescription>
    </Alert>
  );
}
