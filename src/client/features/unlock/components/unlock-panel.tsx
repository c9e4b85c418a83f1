import { useMutation } from '@tanstack/react-query';
import { CircleAlert, LoaderCircle, ShieldCheck } from 'lucide-react';
import { Suspense, lazy, memo, useEffect, useRef, useState } from 'react';
import { Controller, useForm, useFormState, useWatch, type FieldErrors, type UseFormReturn } from 'react-hook-form';
import type { Quote } from '../../../../domain/quote';
import { NOT_AVAILABLE, UNLOCK_NOW } from '../../../../domain/quote-rules';
import { CLAIMS } from '../../../../domain/store-config';
import { CHECKOUT_CANCELLED_TEXT, deliveryPromise } from '../../../../domain/unlock-checkout';
import { PRICE_UNAVAILABLE_MESSAGE, type UnlockOrder } from '../../../../domain/unlock-panel';
import { CancelledPaymentAlert } from '~/components/checkout/cancelled-payment-alert';
import { Button } from '~/components/ui/button';
import { Checkbox } from '~/components/ui/checkbox';
import { FieldError } from '~/components/ui/field-error';
import { Label } from '~/components/ui/label';
import { markSettled, SETTLES_ATTRIBUTE } from '~/lib/early-input';
import { useUnlockCatalog } from '../hooks/use-unlock-catalog';
import { saveEntriesForReturn, useCancelledCheckout } from '../hooks/use-cancelled-checkout';
import { useUnlockQuote } from '../hooks/use-unlock-quote';
import { useDevicePrefill, useLinkedNetwork } from '../hooks/use-device-prefill';
import { DeviceFields } from './device-fields';
import { EmailField } from './email-field';
import { NewTabLink } from './external-link';
import { ImeiField } from './imei-field';
import { PriceBox } from './price-box';
import { UnlockPanelHeader } from './unlock-panel-header';
import { FIELD_ID, FIELD_ORDER, preloadResolver, resolveOrder, type UnlockPanelValues } from './unlock-panel-form';

// Dialogs and the admin panel load on first use: most visitors never open them.
const loadImeiHelp = () => import('./imei-help-dialog');
const loadServiceRequest = () => import('./service-request-dialog');
const loadCheckout = () => import('./checkout-dialog');
const loadAdminDebug = () => import('./admin-debug-panel');
const ImeiHelpDialog = lazy(() => loadImeiHelp().then((module) => ({ default: module.ImeiHelpDialog })));
const ServiceRequestDialog = lazy(() =>
  loadServiceRequest().then((module) => ({ default: module.ServiceRequestDialog })),
);
const CheckoutDialog = lazy(() => loadCheckout().then((module) => ({ default: module.CheckoutDialog })));
const AdminDebugPanel = lazy(() => loadAdminDebug().then((module) => ({ default: module.AdminDebugPanel })));

export interface UnlockPanelProps {
  /** The signed-in shopper's email, prefilled into the email field; null for visitors. */
  readonly userEmail: string | null;
  /** Shows the Admin Debug Panel (the server sends its fields to admins only). */
  readonly isAdmin: boolean;
}

type OpenDialog = 'imei-help' | 'service-request' | null;

/** What Unlock Now opened: the order and the priced quote of exactly these inputs. */
interface Checkout {
  readonly order: UnlockOrder;
  readonly quoteKey: string;
  readonly quote: Quote;
}

const TITLE_ID = 'start-unlock-title';

/** Spec section 2 "Unlock start panel": country, carrier, brand, model, IMEI, email, terms, price, Unlock Now. */
export function UnlockPanel({ userEmail, isAdmin }: UnlockPanelProps) {
  const form = useForm<UnlockPanelValues, unknown, UnlockOrder>({
    defaultValues: {
      country: '',
      carrier: '',
      brand: '',
      model: '',
      imei: '',
      email: userEmail ?? '',
      agreeToTerms: false,
    },
    resolver: resolveOrder,
    shouldFocusError: false,
  });
  // The form's state changes re-render this host, not the panel: the form object stays the same, and
  // the parts that show that state subscribe to it themselves. react-hook-form marks a form ready in a
  // layout effect, which re-rendered the whole panel synchronously in the task that committed the
  // page's hydration (ADR 063).
  return <UnlockPanelBody form={form} userEmail={userEmail} isAdmin={isAdmin} />;
}

interface UnlockPanelBodyProps extends UnlockPanelProps {
  readonly form: UseFormReturn<UnlockPanelValues, unknown, UnlockOrder>;
}

const UnlockPanelBody = memo(function UnlockPanelBody({ form, userEmail, isAdmin }: UnlockPanelBodyProps) {
  const { control, setValue, getFieldState } = form;
  const { isSubmitted } = useFormState({ control });
  const [country, carrier, brand, model, imei, email] = useWatch({
    control,
    name: ['country', 'carrier', 'brand', 'model', 'imei', 'email'],
  });

  const catalog = useUnlockCatalog({ country, carrier, brand });
  useDevicePrefill(form, { imei, brand, brandOptions: catalog.brandOptions });
  useLinkedNetwork(form, { country, countryOptions: catalog.countryOptions, carrierOptions: catalog.carrierOptions });
  const { quote, key: quoteKey, retry, settle } = useUnlockQuote({ imei, brand, model, carrier, country });
  // The form's check loads once a price is shown, ahead of Unlock Now. (Loaded on the first focus
  // in the form, its evaluation ran as a picker opened, and a journey found the Brand picker shut.)
  const priced = quote.status === 'ready';
  useEffect(() => {
    if (priced) preloadResolver();
  }, [priced]);
  const [openDialog, setOpenDialog] = useState<OpenDialog>(null);
  const [checkout, setCheckout] = useState<Checkout | null>(null);
  // The inputs whose price could not be fetched when Unlock Now asked for it.
  const [priceFailedKey, setPriceFailedKey] = useState<string | null>(null);

  // Unlock Now on a valid form: the quote for exactly these inputs (asked at once if need be), then the checkout.
  const startCheckout = useMutation({
    mutationFn: (order: UnlockOrder) => settle().then((settled) => ({ order, settled })),
    onSuccess: ({ order, settled }) => {
      if (!settled) return;
      const { quote: answered } = settled.result;
      if (answered.supported && !answered.error) setCheckout({ order, quoteKey: settled.key, quote: answered });
      else if (answered.error) setPriceFailedKey(settled.key);
    },
  });

  // Back from a cancelled payment: the entries the customer had made, agreed terms included.
  const cancelledCheckout = useCancelledCheckout((entries) =>
    form.reset({ ...entries, agreeToTerms: true }, { keepDefaultValues: true }),
  );

  // Its fields are React's once these effects (and its fields' subscriptions) have run (ADR 029).
  const sectionRef = useRef<HTMLElement>(null);
  useEffect(() => markSettled(sectionRef.current), []);

  // The session may arrive after the panel: prefill the signed-in email unless the shopper typed one.
  useEffect(() => {
    if (userEmail && !getFieldState('email').isDirty) setValue('email', userEmail);
  }, [userEmail, getFieldState, setValue]);

  const readyQuote = quote.status === 'ready' ? quote.quote : null;
  const unsupported = readyQuote !== null && !readyQuote.supported && !readyQuote.error;
  // A checkout or a failure note holds only while the inputs are the ones it was for.
  const openCheckout = checkout !== null && checkout.quoteKey === quoteKey ? checkout : null;
  const priceUnavailable = priceFailedKey !== null && priceFailedKey === quoteKey && Boolean(readyQuote?.error);
  const awaitingQuote = startCheckout.isPending;

  const focusFirstInvalid = (errors: FieldErrors<UnlockPanelValues>) => {
    const first = FIELD_ORDER.find((name) => errors[name]);
    if (first) form.setFocus(first);
  };

  const onSubmit = form.handleSubmit((order) => {
    setPriceFailedKey(null);
    startCheckout.mutate(order);
  }, focusFirstInvalid);

  const device = {
    brand,
    model,
    carrier,
    carrierNames: catalog.carrierNames,
    country,
    countryName: catalog.countryName ?? country,
    imei,
  };

  return (
    <section
      ref={sectionRef}
      id="start-unlock"
      {...{ [SETTLES_ATTRIBUTE]: '' }}
      aria-labelledby={TITLE_ID}
      className="scroll-mt-24 rounded-xl border border-border bg-card text-card-foreground shadow-lg"
    >
      <UnlockPanelHeader
        titleId={TITLE_ID}
        guaranteedHours={
          readyQuote?.supported && !readyQuote.error ? deliveryPromise(readyQuote).guaranteedHours : null
        }
      />

      <form
        noValidate
        onSubmit={onSubmit}
        aria-labelledby={TITLE_ID}
        className="@container grid gap-3.5 px-5 pt-4 pb-5 sm:px-6"
      >
        <CancelledPaymentAlert cancelled={cancelledCheckout} restoredText={CHECKOUT_CANCELLED_TEXT} />

        <DeviceFields
          control={control}
          setValue={setValue}
          catalog={catalog}
          country={country}
          carrier={carrier}
          revalidate={isSubmitted}
        />

        <div className="grid gap-3.5 @xs:grid-cols-2 @xs:gap-3">
          <Controller
            control={control}
            name="imei"
            render={({ field, fieldState }) => (
              <ImeiField
                id={FIELD_ID.imei}
                ref={field.ref}
                name={field.name}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                onHelp={() => setOpenDialog('imei-help')}
                onHelpIntent={() => void loadImeiHelp()}
                error={fieldState.error?.message}
              />
            )}
          />

          <Controller
            control={control}
            name="email"
            render={({ field, fieldState }) => (
              <EmailField
                id={FIELD_ID.email}
                ref={field.ref}
                name={field.name}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                touched={fieldState.isTouched}
                error={fieldState.error?.message}
              />
            )}
          />
        </div>

        <Controller
          control={control}
          name="agreeToTerms"
          render={({ field, fieldState }) => (
            <div className="grid gap-2">
              <div className="flex items-start gap-3">
                <Checkbox
                  id={FIELD_ID.terms}
                  ref={field.ref}
                  name={field.name}
                  checked={field.value}
                  onCheckedChange={(checked) => field.onChange(checked === true)}
                  onBlur={field.onBlur}
                  aria-invalid={fieldState.error ? true : undefined}
                  aria-describedby={fieldState.error ? `${FIELD_ID.terms}-error` : undefined}
                  className="mt-0.5"
                />
                <Label htmlFor={FIELD_ID.terms} className="inline leading-snug font-normal">
                  I agree to the <NewTabLink href="/terms">Terms of Service</NewTabLink>
                </Label>
              </div>
              <FieldError id={`${FIELD_ID.terms}-error`}>{fieldState.error?.message}</FieldError>
            </div>
          )}
        />

        <PriceBox
          quote={quote}
          onRetry={retry}
          onRequestService={() => setOpenDialog('service-request')}
          onRequestServiceIntent={() => void loadServiceRequest()}
        />

        {isAdmin && readyQuote ? (
          <Suspense fallback={null}>
            <AdminDebugPanel key={readyQuote.quote_id ?? quoteKey} quote={readyQuote} />
          </Suspense>
        ) : null}

        {priceUnavailable ? (
          <p
            role="alert"
            className="flex items-start gap-2 rounded-md border border-destructive/50 bg-destructive/10 px-3 py-2 text-sm text-foreground"
          >
            <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-destructive" />
            {PRICE_UNAVAILABLE_MESSAGE}
          </p>
        ) : null}

        <Button
          type="submit"
          size="lg"
          className="w-full text-base"
          disabled={unsupported}
          aria-busy={awaitingQuote || undefined}
          onPointerEnter={() => void loadCheckout()}
        >
          {awaitingQuote ? <LoaderCircle aria-hidden className="animate-spin" /> : null}
          {unsupported ? NOT_AVAILABLE : UNLOCK_NOW}
        </Button>

        <p className="flex items-start gap-2 text-sm text-muted-foreground">
          <ShieldCheck aria-hidden className="mt-0.5 size-4 shrink-0 text-success-foreground" />
          <span>
            {CLAIMS.moneyBack} money back if your phone cannot be unlocked.{' '}
            <NewTabLink href="/refund-policy">Refund policy</NewTabLink>
          </span>
        </p>
      </form>

      <Suspense fallback={null}>
        {openDialog === 'imei-help' ? (
          <ImeiHelpDialog open onOpenChange={(open) => setOpenDialog(open ? 'imei-help' : null)} />
        ) : null}
        {openDialog === 'service-request' && unsupported ? (
          <ServiceRequestDialog
            open
            onOpenChange={(open) => setOpenDialog(open ? 'service-request' : null)}
            device={device}
            defaultEmail={email}
          />
        ) : null}
        {openCheckout ? (
          <CheckoutDialog
            open
            onOpenChange={(open) => {
              if (!open) setCheckout(null);
            }}
            order={openCheckout.order}
            quote={openCheckout.quote}
            carrierNames={catalog.carrierNames}
            countryName={catalog.countryName ?? openCheckout.order.country}
            onLeaveForPayment={(confirmedEmail) =>
              saveEntriesForReturn({ country, carrier, brand, model, imei, email: confirmedEmail })
            }
          />
        ) : null}
      </Suspense>
    </section>
  );
});
