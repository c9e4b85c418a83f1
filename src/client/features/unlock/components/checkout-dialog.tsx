import { Check, Copy, Info, ShieldAlert } from 'lucide-react';
import { useState } from 'react';
import { formatDeliveryDays, formatPrice } from '../../../../domain/display';
import { maskImei } from '../../../../domain/imei';
import { CLEAN_STATUS_WARNING, type Quote } from '../../../../domain/quote';
import { quoteReference, unlockPaymentNotice, type UnlockOrder } from '../../../../domain/unlock-panel';
import { Alert, AlertDescription } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '~/components/ui/dialog';
import { notify } from '~/lib/notify';
import { useReturnFocus } from '~/lib/use-return-focus';
import { OrderSummary } from './order-summary';

interface CheckoutDialogProps {
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
  readonly order: UnlockOrder;
  readonly quote: Quote;
  readonly carrierNames: readonly string[];
  readonly countryName: string;
}

const clockTime = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' });

function heldUntil(expiresAt: string | null): string | null {
  if (!expiresAt) return null;
  const expiry = new Date(expiresAt);
  return Number.isNaN(expiry.getTime()) ? null : clockTime.format(expiry);
}

/**
 * Spec section 2: the carrier-unlock checkout modal, with the order and its quote. Unlock
 * payments are not connected yet, so its main action copies the quote reference instead of
 * pretending to take a payment.
 */
export function CheckoutDialog({ open, onOpenChange, order, quote, carrierNames, countryName }: CheckoutDialogProps) {
  const [copied, setCopied] = useState(false);
  const returnFocus = useReturnFocus();
  const reference = quote.quote_id ? quoteReference(quote.quote_id) : null;
  const device = [order.brand, order.model].filter(Boolean).join(' ');

  const copyReference = async () => {
    if (!reference) return;
    try {
      await navigator.clipboard.writeText(reference);
      setCopied(true);
      void notify((toast) => toast.success('Quote reference copied', { description: reference }));
    } catch (error) {
      console.warn('Could not copy the quote reference', error);
      void notify((toast) => toast.message(`Your quote reference is ${reference}`));
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent onCloseAutoFocus={returnFocus}>
        <DialogHeader>
          <DialogTitle>Review your unlock</DialogTitle>
          <DialogDescription>Check the details of your factory unlock.</DialogDescription>
        </DialogHeader>

        <OrderSummary
          rows={[
            { term: 'Device', detail: device },
            { term: carrierNames.length > 1 ? 'Carriers' : 'Carrier', detail: carrierNames.join(', ') },
            { term: 'Country', detail: countryName },
            { term: 'IMEI', detail: <span className="font-mono">{maskImei(order.imei)}</span> },
            { term: 'Email', detail: order.email },
            { term: 'Delivery', detail: formatDeliveryDays(quote.estimated_hours) },
            ...(reference ? [{ term: 'Reference', detail: <span className="font-mono">{reference}</span> }] : []),
          ]}
        />

        <div className="flex items-baseline justify-between gap-4 border-y border-border py-3">
          <span className="text-sm font-medium text-muted-foreground">Total</span>
          <span className="text-2xl font-bold tracking-tight text-foreground tabular-nums">
            {formatPrice(quote.price_cents)}
          </span>
        </div>

        {quote.requires_clean_check ? (
          <p className="flex items-start gap-2 text-sm text-muted-foreground">
            <ShieldAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-amber-700 dark:text-amber-400" />
            {CLEAN_STATUS_WARNING}
          </p>
        ) : null}

        <Alert>
          <Info aria-hidden className="text-primary" />
          <AlertDescription className="text-foreground">
            {unlockPaymentNotice(heldUntil(quote.expires_at))}
          </AlertDescription>
        </Alert>

        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Close</Button>
          </DialogClose>
          {reference ? (
            <Button onClick={copyReference}>
              {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
              {copied ? 'Reference copied' : 'Copy quote reference'}
            </Button>
          ) : null}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
