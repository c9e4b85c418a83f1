import { ArrowRight, CircleAlert, LoaderCircle, Lock, ShieldAlert, ShieldCheck } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { checkoutTotals, type CouponEffect } from '../../../../domain/coupon';
import { formatPrice } from '../../../../domain/display';
import { maskImei } from '../../../../domain/imei';
import { CLEAN_STATUS_WARNING, type Quote } from '../../../../domain/quote';
import { CLAIMS } from '../../../../domain/store-config';
import {
  NO_QUOTE_TO_PAY,
  PAYING_TEXT,
  QUOTE_UNSUPPORTED_NOW,
  UNLOCK_CHECKOUT_DESCRIPTION,
  UNLOCK_CHECKOUT_TITLE,
  UNLOCK_IN_PROGRESS_LINK,
  deliveryPromise,
  deliveryPromiseText,
  priceChangedText,
} from '../../../../domain/unlock-checkout';
import { unlockOrderRequestSchema } from '../../../../domain/unlock-order';
import type { UnlockOrder } from '../../../../domain/unlock-panel';
import { CheckoutEmailField } from '~/components/checkout/checkout-email-field';
import { CouponBox } from '~/components/checkout/coupon-box';
import { AgreementBox } from '~/components/form/agreement-box';
import { Alert, AlertDescription } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '~/components/ui/dialog';
import { useReturnFocus } from '~/lib/use-return-focus';
import { unlockOrderFailure, useCreateUnlockOrder } from '../api/create-unlock-order';
import { NewTabLink } from './external-link';
import { OrderSummary } from './order-summary';

interface CheckoutDialogProps {
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
  readonly order: UnlockOrder;
  readonly quote: Quote;
  readonly carrierNames: readonly string[];
  readonly countryName: string;
  /** Called with the confirmed email just before the browser leaves for the payment page. */
  readonly onLeaveForPayment: (email: string) => void;
}

/** The request fields the modal itself shows; a message for any other is about the panel's entries. */
type ModalField = 'email' | 'agree_to_terms' | 'agree_to_refund_policy' | 'coupon_code';
const MODAL_FIELDS: readonly ModalField[] = ['email', 'agree_to_terms', 'agree_to_refund_policy', 'coupon_code'];
/** The fields that take the focus when they are wrong, first first. */
const FOCUS_ORDER = ['email', 'agree_to_terms', 'agree_to_refund_policy'] as const;

/** What the customer enters in the modal (react-hook-form's values); the coupon as the box applied it. */
interface CheckoutValues {
  email: string;
  agree_to_terms: boolean;
  agree_to_refund_policy: boolean;
  coupon_code: CouponEffect | null;
}

type FieldErrors = Partial<Record<string, string>>;

/** A note above the pay button: the price changed, or this IMEI already has an order. */
type Notice =
  | { readonly kind: 'price-changed'; readonly text: string }
  | { readonly kind: 'unsupported'; readonly text: string }
  | { readonly kind: 'in-progress'; readonly text: string; readonly orderPath: string | null };

/**
 * Spec section 2 "carrier-unlock checkout modal": the device, the delivery promise and the stored
 * quote's price; the customer confirms the email, accepts the terms and the refund policy, may
 * apply a coupon, and pays on the payment provider's page. The server charges the stored quote.
 */
export function CheckoutDialog({
  open,
  onOpenChange,
  order,
  quote: openedWith,
  carrierNames,
  countryName,
  onLeaveForPayment,
}: CheckoutDialogProps) {
  const id = useId();
  const formId = `${id}-form`;
  const returnFocus = useReturnFocus();
  const createOrder = useCreateUnlockOrder();

  const form = useForm<CheckoutValues>({
    defaultValues: {
      email: order.email,
      agree_to_terms: order.agreeToTerms,
      agree_to_refund_policy: false,
      coupon_code: null,
    },
  });
  const { errors, touchedFields, isSubmitted } = form.formState;
  const coupon = useWatch({ control: form.control, name: 'coupon_code' });
  // QUOTE_CHANGED hands over a new quote: the customer reviews it and pays with it.
  const [quote, setQuote] = useState(openedWith);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // Stays true once the payment page's address came back: inputs stay locked while the browser leaves.
  const [leaving, setLeaving] = useState(false);

  // Back from the payment page through the browser's history, the page may be restored as it was left.
  useEffect(() => {
    const unlock = (event: PageTransitionEvent) => {
      if (event.persisted) setLeaving(false);
    };
    window.addEventListener('pageshow', unlock);
    return () => window.removeEventListener('pageshow', unlock);
  }, []);

  const noticeRef = useRef<HTMLDivElement>(null);

  const processing = createOrder.isPending || leaving;
  const totals = checkoutTotals(quote.price_cents, coupon);
  const promise = deliveryPromise(quote);
  const device = [order.brand, order.model].filter(Boolean).join(' ');
  const payable = quote.supported && quote.quote_id !== null;

  const focusFirst = (fieldErrors: FieldErrors) => {
    const first = FOCUS_ORDER.find((field) => fieldErrors[field]);
    if (first) form.setFocus(first);
  };

  /** Each message about a modal field beside that field. */
  const showFieldErrors = (fieldErrors: FieldErrors) => {
    form.clearErrors();
    for (const field of MODAL_FIELDS) {
      const message = fieldErrors[field];
      if (message) form.setError(field, { type: 'validation', message });
    }
  };

  const pay = form.handleSubmit((values) => {
    if (processing || !payable || !quote.quote_id) return;
    setProblem(null);
    const input = {
      quote_id: quote.quote_id,
      imei: order.imei,
      brand: order.brand,
      model: order.model,
      carrier: order.carrier,
      country: order.country,
      email: values.email,
      agree_to_terms: values.agree_to_terms,
      agree_to_refund_policy: values.agree_to_refund_policy,
      coupon_code: values.coupon_code?.code,
    };
    // The server's own rules first, so the customer sees the same messages without a round trip.
    const parsed = unlockOrderRequestSchema.safeParse(input);
    if (!parsed.success) {
      const issues: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? '');
        issues[field] ??= issue.message;
      }
      showFieldErrors(issues);
      showPanelProblems(issues);
      focusFirst(issues);
      return;
    }
    form.clearErrors();
    setNotice(null);
    createOrder.mutate(parsed.data, {
      onSuccess: (answer) => {
        setLeaving(true);
        onLeaveForPayment(parsed.data.email);
        window.location.assign(answer.url);
      },
      onError: (error) => {
        const failure = unlockOrderFailure(error, {
          brand: order.brand,
          model: order.model,
          network: order.carrier,
          country: order.country,
        });
        switch (failure.kind) {
          case 'quote-changed':
            setNotice(
              failure.quote.supported
                ? {
                    kind: 'price-changed',
                    text: priceChangedText(formatPrice(quote.price_cents), formatPrice(failure.quote.price_cents)),
                  }
                : { kind: 'unsupported', text: QUOTE_UNSUPPORTED_NOW },
            );
            setQuote(failure.quote);
            return;
          case 'in-progress':
            setNotice({ kind: 'in-progress', text: failure.message, orderPath: failure.orderPath });
            // Pay is disabled now: the way forward is the link to the running order.
            requestAnimationFrame(() => noticeRef.current?.querySelector('a')?.focus());
            return;
          case 'fields':
            showFieldErrors(failure.fieldErrors);
            showPanelProblems(failure.fieldErrors, failure.message);
            // After the render that enables the fields again: a disabled field takes no focus.
            requestAnimationFrame(() => focusFirst(failure.fieldErrors));
            return;
          case 'network':
            setProblem(`${failure.message} Nothing was charged and your details are kept.`);
            return;
          case 'error':
            setProblem(failure.message);
            return;
        }
      },
    });
  });

  // A message about the panel's entries (IMEI, brand...) cannot sit next to a field here: say it above Pay.
  const showPanelProblems = (errors: FieldErrors, fallback?: string) => {
    const others = Object.entries(errors).filter(
      ([field, message]) => message && !MODAL_FIELDS.includes(field as ModalField),
    );
    if (others.length === 0) return;
    setProblem(
      `${fallback ?? 'Please check your unlock details.'} ${others.map(([, message]) => message).join(' ')} Close this window to correct it.`,
    );
  };

  return (
    <Dialog open={open} onOpenChange={(next) => (processing && !next ? undefined : onOpenChange(next))}>
      <DialogContent
        className="max-w-lg gap-5"
        closeLabel="Close checkout"
        onInteractOutside={(event) => processing && event.preventDefault()}
        onCloseAutoFocus={returnFocus}
      >
        <DialogHeader>
          <DialogTitle>{UNLOCK_CHECKOUT_TITLE}</DialogTitle>
          <DialogDescription>{UNLOCK_CHECKOUT_DESCRIPTION}</DialogDescription>
        </DialogHeader>

        <OrderSummary
          rows={[
            { term: 'Device', detail: device },
            { term: carrierNames.length > 1 ? 'Carriers' : 'Carrier', detail: carrierNames.join(', ') },
            { term: 'Country', detail: countryName },
            { term: 'IMEI', detail: <span className="font-mono">{maskImei(order.imei)}</span> },
            { term: 'Delivery', detail: deliveryPromiseText(promise) },
          ]}
        />

        {quote.requires_clean_check ? (
          <p className="flex items-start gap-2 text-sm text-muted-foreground">
            <ShieldAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-amber-700 dark:text-amber-400" />
            {CLEAN_STATUS_WARNING}
          </p>
        ) : null}

        <form id={formId} noValidate onSubmit={pay} className="grid gap-4" aria-label="Confirm and pay">
          <Controller
            control={form.control}
            name="email"
            render={({ field }) => (
              <CheckoutEmailField
                id={`${id}-email`}
                ref={field.ref}
                label="Email for updates and your unlock"
                value={field.value}
                onChange={(value) => {
                  field.onChange(value);
                  form.clearErrors('email');
                }}
                touched={Boolean(touchedFields.email) || isSubmitted}
                onBlur={field.onBlur}
                disabled={processing}
                error={errors.email?.message}
              />
            )}
          />

          <AgreementBox id={`${id}-terms`} form={form} name="agree_to_terms" disabled={processing}>
            I agree to the <NewTabLink href="/terms">Terms of Service</NewTabLink>
          </AgreementBox>

          <AgreementBox id={`${id}-refund`} form={form} name="agree_to_refund_policy" disabled={processing}>
            I accept the <NewTabLink href="/refund-policy">refund policy</NewTabLink>
          </AgreementBox>
        </form>

        <CouponBox
          kind="unlock"
          quoteId={quote.quote_id ?? undefined}
          applied={coupon}
          onApply={(applied) => {
            form.setValue('coupon_code', applied);
            form.clearErrors('coupon_code');
          }}
          disabled={processing || !payable}
          refusal={errors.coupon_code?.message}
        />

        <dl aria-label="Order total" className="grid gap-1.5 border-t border-border pt-4 text-sm">
          {coupon ? (
            <>
              <TotalRow label="Unlock" value={formatPrice(totals.subtotalCents)} />
              <TotalRow label={`Discount (${coupon.code})`} value={`-${formatPrice(totals.discountCents)}`} />
            </>
          ) : null}
          <TotalRow label="Total" value={formatPrice(totals.totalCents)} strong />
        </dl>

        {/* Kept in place from the first render, so a new price or a refusal is read out. */}
        <div ref={noticeRef} role="status" className="empty:hidden">
          {notice ? (
            <Alert variant={notice.kind === 'price-changed' ? 'default' : 'destructive'}>
              <CircleAlert aria-hidden />
              <AlertDescription className="text-foreground">
                <p>{notice.text}</p>
                {notice.kind === 'in-progress' && notice.orderPath ? (
                  <Link to={notice.orderPath} className="mt-1 inline-flex items-center gap-1 font-medium underline">
                    {UNLOCK_IN_PROGRESS_LINK}
                    <ArrowRight aria-hidden className="size-3.5" />
                  </Link>
                ) : null}
              </AlertDescription>
            </Alert>
          ) : null}
        </div>
        {!quote.quote_id && quote.supported ? <p className="text-sm text-destructive">{NO_QUOTE_TO_PAY}</p> : null}

        {/* Kept in place from the first render, so each new message is read out. */}
        <div role="alert" aria-live="assertive" className="empty:hidden">
          {problem ? (
            <p className="flex items-start gap-2 rounded-md border border-destructive/50 bg-destructive/10 px-3 py-2 text-sm text-foreground">
              <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-destructive" />
              {problem}
            </p>
          ) : null}
        </div>

        <div className="grid gap-3">
          <Button
            type="submit"
            form={formId}
            size="lg"
            className="w-full text-base"
            disabled={!payable || notice?.kind === 'in-progress'}
            aria-disabled={processing || undefined}
            aria-busy={processing || undefined}
          >
            {processing ? <LoaderCircle aria-hidden className="animate-spin" /> : <Lock aria-hidden />}
            {processing ? PAYING_TEXT : `Pay ${formatPrice(totals.totalCents)}`}
          </Button>
          <p className="flex items-start gap-2 text-sm text-muted-foreground">
            <ShieldCheck aria-hidden className="mt-0.5 size-4 shrink-0 text-success-foreground" />
            {CLAIMS.moneyBack} money back if your phone cannot be unlocked within the guaranteed time.
          </p>
        </div>
      </DialogContent>
    </Dialog>
  );
}

function TotalRow({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div
      className={
        strong
          ? 'flex items-baseline justify-between text-base font-semibold'
          : 'flex justify-between text-muted-foreground'
      }
    >
      <dt>{label}</dt>
      <dd className={strong ? 'text-2xl font-bold tracking-tight tabular-nums' : 'text-foreground tabular-nums'}>
        {value}
      </dd>
    </div>
  );
}
