import { zodResolver } from '@hookform/resolvers/zod';
import {
  CircleAlert,
  Clock,
  LoaderCircle,
  LockKeyhole,
  MailCheck,
  ShieldCheck,
  Star,
  type LucideIcon,
} from 'lucide-react';
import { Suspense, lazy, useEffect, useState } from 'react';
import { Controller, useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { NOT_AVAILABLE, UNLOCK_NOW } from '../../../../domain/quote';
import { CLAIMS, UNLOCK_PANEL_CLAIMS } from '../../../../domain/store-config';
import { joinCarriers, splitCarriers } from '../../../../domain/unlock-form';
import {
  MODELS_FAILED_MESSAGE,
  PICKER_EMPTY_TEXT,
  PRICE_UNAVAILABLE_MESSAGE,
  UNLOCK_PANEL_TITLE,
  unlockPanelSchema,
  type UnlockOrder,
} from '../../../../domain/unlock-panel';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { Checkbox } from '~/components/ui/checkbox';
import { FieldError } from '~/components/ui/field-error';
import { Label } from '~/components/ui/label';
import { useUnlockCatalog } from '../hooks/use-unlock-catalog';
import { useUnlockQuote } from '../hooks/use-unlock-quote';
import { EmailField } from './email-field';
import { NewTabLink } from './external-link';
import { ImeiField } from './imei-field';
import { PickerField } from './picker-field';
import { PriceBox } from './price-box';

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

interface UnlockPanelValues {
  country: string;
  carrier: string;
  brand: string;
  model: string;
  imei: string;
  email: string;
  agreeToTerms: boolean;
}

/** The fields in the order they are shown: Unlock Now focuses the first invalid one. */
const FIELD_ORDER = ['country', 'carrier', 'brand', 'model', 'imei', 'email', 'agreeToTerms'] as const;

// The schema depends on the brand: the model is required only when its field is shown.
const resolveOrder: Resolver<UnlockPanelValues, unknown, UnlockOrder> = (values, context, options) =>
  zodResolver(unlockPanelSchema(values.brand))(values, context, options);

const ID = {
  country: 'unlock-country',
  carrier: 'unlock-carrier',
  brand: 'unlock-brand',
  model: 'unlock-model',
  imei: 'unlock-imei',
  email: 'unlock-email',
  terms: 'unlock-terms',
} as const;

type OpenDialog = 'imei-help' | 'service-request' | null;

const CLAIM_ICONS: Record<keyof typeof UNLOCK_PANEL_CLAIMS, LucideIcon> = {
  delivery: Clock,
  securePayment: LockKeyhole,
  instantConfirmation: MailCheck,
};
const PANEL_CLAIMS = (Object.keys(UNLOCK_PANEL_CLAIMS) as (keyof typeof UNLOCK_PANEL_CLAIMS)[]).map((claim) => ({
  claim,
  text: UNLOCK_PANEL_CLAIMS[claim],
  Icon: CLAIM_ICONS[claim],
}));

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
  const { control, setValue, getFieldState, formState } = form;
  const [country, carrier, brand, model, imei, email] = useWatch({
    control,
    name: ['country', 'carrier', 'brand', 'model', 'imei', 'email'],
  });

  const catalog = useUnlockCatalog({ country, carrier, brand });
  const { quote, key: quoteKey, retry } = useUnlockQuote({ imei, brand, model, carrier, country });

  const [openDialog, setOpenDialog] = useState<OpenDialog>(null);
  // Unlock Now on a valid form: the checkout opens with the quote for exactly these inputs.
  const [checkout, setCheckout] = useState<{ order: UnlockOrder; quoteKey: string } | null>(null);
  // The inputs whose price could not be fetched when Unlock Now asked for it.
  const [priceFailedKey, setPriceFailedKey] = useState<string | null>(null);
  if (checkout && checkout.quoteKey !== quoteKey) setCheckout(null);

  // The session may arrive after the panel: prefill the signed-in email unless the shopper typed one.
  useEffect(() => {
    if (userEmail && !getFieldState('email').isDirty) setValue('email', userEmail);
  }, [userEmail, getFieldState, setValue]);

  const readyQuote = quote.status === 'ready' ? quote.quote : null;
  const unsupported = readyQuote !== null && !readyQuote.supported && !readyQuote.error;
  const priced = readyQuote !== null && readyQuote.supported && !readyQuote.error ? readyQuote : null;
  const awaitingQuote = checkout !== null && (quote.status === 'waiting' || quote.status === 'loading');
  // Unlock Now waited for a quote that came back without a price: no checkout; a failure is said aloud.
  if (checkout && readyQuote && !priced) {
    setCheckout(null);
    if (readyQuote.error) setPriceFailedKey(checkout.quoteKey);
  }
  const priceUnavailable = priceFailedKey !== null && priceFailedKey === quoteKey && Boolean(readyQuote?.error);

  const focusFirstInvalid = (errors: FieldErrors<UnlockPanelValues>) => {
    const first = FIELD_ORDER.find((name) => errors[name]);
    if (first) form.setFocus(first);
  };

  const onSubmit = form.handleSubmit((order) => {
    if (quoteKey === null) return;
    setCheckout({ order, quoteKey });
    setPriceFailedKey(null);
    // The last attempt failed ('Failed to get quote'): ask again; the checkout opens when a price comes back.
    if (readyQuote?.error) retry();
  }, focusFirstInvalid);

  const revalidate = formState.isSubmitted;
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
      id="start-unlock"
      aria-labelledby="start-unlock-title"
      className="scroll-mt-24 rounded-xl border border-border bg-card text-card-foreground shadow-lg"
    >
      <div className="grid gap-2.5 border-b border-border px-5 py-4 sm:px-6">
        <div className="flex items-center justify-between gap-3">
          <h2 id="start-unlock-title" className="text-xl font-bold tracking-tight outline-none">
            {UNLOCK_PANEL_TITLE}
          </h2>
          <Badge variant="outline" className="gap-1 px-2.5 py-1 text-sm">
            <Star aria-hidden className="fill-amber-400 text-amber-500" />
            <span>
              <span className="sr-only">Rated </span>
              {CLAIMS.panelRating}
            </span>
          </Badge>
        </div>
        <ul className="flex justify-between gap-3 text-center text-xs leading-tight text-muted-foreground">
          {PANEL_CLAIMS.map(({ claim, text, Icon }) => (
            <li key={claim} className="flex flex-col items-center gap-1 text-balance">
              <Icon aria-hidden className="size-4 shrink-0 text-primary" />
              {text}
            </li>
          ))}
        </ul>
      </div>

      <form
        noValidate
        onSubmit={onSubmit}
        aria-labelledby="start-unlock-title"
        className="@container grid gap-3.5 px-5 pt-4 pb-5 sm:px-6"
      >
        <div className="grid gap-3.5 @xs:grid-cols-2 @xs:gap-3">
          <Controller
            control={control}
            name="country"
            render={({ field, fieldState }) => (
              <PickerField
                id={ID.country}
                ref={field.ref}
                label="Country"
                required
                options={catalog.countryOptions}
                loading={catalog.countriesLoading}
                selected={field.value ? [field.value] : []}
                display={catalog.countryName}
                placeholder="Select country"
                searchPlaceholder="Search countries"
                emptyText={PICKER_EMPTY_TEXT.countries}
                onBlur={field.onBlur}
                onSelect={(code) => {
                  field.onChange(code);
                  const offered = catalog.carrierSlugsFor(code);
                  const kept = splitCarriers(carrier).filter((slug) => offered.has(slug));
                  setValue('carrier', joinCarriers(kept), { shouldDirty: true, shouldValidate: revalidate });
                }}
                error={fieldState.error?.message}
              />
            )}
          />

          <Controller
            control={control}
            name="carrier"
            render={({ field, fieldState }) => {
              const slugs = splitCarriers(field.value);
              return (
                <PickerField
                  id={ID.carrier}
                  ref={field.ref}
                  label="Carrier"
                  required
                  multiple
                  options={catalog.carrierOptions}
                  loading={catalog.carriersLoading}
                  selected={slugs}
                  display={catalog.carrierDisplay}
                  placeholder="Select carrier"
                  disabled={!country}
                  searchPlaceholder="Search carriers"
                  emptyText={PICKER_EMPTY_TEXT.carriers}
                  onBlur={field.onBlur}
                  onSelect={(slug) =>
                    field.onChange(
                      joinCarriers(slugs.includes(slug) ? slugs.filter((chosen) => chosen !== slug) : [...slugs, slug]),
                    )
                  }
                  error={fieldState.error?.message}
                />
              );
            }}
          />
        </div>

        <div className="grid gap-3.5 @xs:grid-cols-2 @xs:gap-3">
          <Controller
            control={control}
            name="brand"
            render={({ field, fieldState }) => (
              <PickerField
                id={ID.brand}
                ref={field.ref}
                className={catalog.modelBrand ? undefined : '@xs:col-span-2'}
                label="Brand"
                required
                allowCustom
                options={catalog.brandOptions}
                loading={catalog.brandsLoading}
                selected={field.value ? [field.value] : []}
                display={field.value || null}
                placeholder="Select brand"
                searchPlaceholder="Search brands"
                emptyText={PICKER_EMPTY_TEXT.brands}
                onBlur={field.onBlur}
                onSelect={(chosen) => {
                  if (chosen !== field.value) setValue('model', '');
                  field.onChange(chosen);
                }}
                error={fieldState.error?.message}
              />
            )}
          />

          {catalog.modelBrand ? (
            <Controller
              control={control}
              name="model"
              render={({ field, fieldState }) => (
                <PickerField
                  id={ID.model}
                  ref={field.ref}
                  label="Model"
                  required
                  allowCustom
                  options={catalog.modelOptions}
                  loading={catalog.modelsLoading}
                  selected={field.value ? [field.value] : []}
                  display={field.value || null}
                  placeholder="Select model"
                  searchPlaceholder="Search models"
                  emptyText={PICKER_EMPTY_TEXT.models}
                  note={
                    catalog.modelsError
                      ? `${catalog.modelsError.message || MODELS_FAILED_MESSAGE}. You can still type your model and press Enter.`
                      : undefined
                  }
                  onBlur={field.onBlur}
                  onSelect={field.onChange}
                  error={fieldState.error?.message}
                />
              )}
            />
          ) : null}
        </div>

        <div className="grid gap-3.5 @xs:grid-cols-2 @xs:gap-3">
          <Controller
            control={control}
            name="imei"
            render={({ field, fieldState }) => (
              <ImeiField
                id={ID.imei}
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
                id={ID.email}
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
                  id={ID.terms}
                  ref={field.ref}
                  name={field.name}
                  checked={field.value}
                  onCheckedChange={(checked) => field.onChange(checked === true)}
                  onBlur={field.onBlur}
                  aria-invalid={fieldState.error ? true : undefined}
                  aria-describedby={fieldState.error ? `${ID.terms}-error` : undefined}
                  className="mt-0.5"
                />
                <Label htmlFor={ID.terms} className="inline leading-snug font-normal">
                  I agree to the <NewTabLink href="/terms">Terms of Service</NewTabLink>
                </Label>
              </div>
              <FieldError id={`${ID.terms}-error`}>{fieldState.error?.message}</FieldError>
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
        {checkout && priced ? (
          <CheckoutDialog
            open
            onOpenChange={(open) => {
              if (!open) setCheckout(null);
            }}
            order={checkout.order}
            quote={priced}
            carrierNames={catalog.carrierNames}
            countryName={catalog.countryName ?? checkout.order.country}
          />
        ) : null}
      </Suspense>
    </section>
  );
}
