import { BellRing, Check, CircleCheck, KeyRound, Monitor, ShoppingBag, ShoppingCart } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { checkoutTotals, type CouponEffect } from '../../../../domain/coupon';
import { formatPrice } from '../../../../domain/display';
import {
  LICENSE_MAX_QUANTITY,
  LICENSE_PLATFORMS,
  LICENSE_REFUND_RULE,
  LICENSES_HREF,
  licenseCheckoutRequestSchema,
  licenseDevices,
  licenseTerm,
  type PublicLicense,
  stockAlertRequestSchema,
} from '../../../../domain/licenses';
import { CancelledPaymentAlert } from '~/components/checkout/cancelled-payment-alert';
import { FormCouponBox } from '~/components/checkout/coupon-box';
import { saveEntriesForReturn, useReturnFromPayment } from '~/lib/return-from-payment';
import { FormAlert } from '~/components/form/form-alert';
import { SubmitButton } from '~/components/form/submit-button';
import { Alert, AlertDescription } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { SelectField } from '~/components/ui/select-field';
import { TextField } from '~/components/ui/text-field';
import { showIssues, showSubmitError } from '~/lib/form-issues';
import { notify } from '~/lib/notify';
import { useLicenseCheckout, useStockAlert } from '../api/licenses';
import { StockBadge } from './stock-badge';

interface BuyValues {
  quantity: string;
  email: string;
  coupon_code: CouponEffect | null;
}
const BUY_FIELDS = ['quantity', 'email', 'coupon_code'] as const;
/** What comes back after a cancelled payment: everything but the coupon, which is checked again. */
const KEPT = ['quantity', 'email'] as const;

/** Quantity, email and coupon, then the one checkout; the price and stock are the server's. */
interface CartProps {
  /** How many of it the cart holds. */
  readonly inCart: number;
  /** Puts `quantity` of it in the cart, paid with the cart's eSIMs in one checkout (ADR 081). */
  readonly onAddToCart: (quantity: number) => void;
}

function BuyForm({
  product,
  email,
  inCart,
  onAddToCart,
}: { readonly product: PublicLicense; readonly email: string } & CartProps) {
  const form = useForm<BuyValues>({ defaultValues: { quantity: '1', email, coupon_code: null } });
  const checkout = useLicenseCheckout();
  const formName = `license-${product.slug}`;
  const cancelled = useReturnFromPayment(formName, KEPT, (entries) =>
    form.reset({ ...form.getValues(), ...entries }, { keepDefaultValues: true }),
  );
  const formId = useId();
  const { errors, isSubmitting } = form.formState;
  const [quantity, coupon] = useWatch({ control: form.control, name: ['quantity', 'coupon_code'] });
  const totals = checkoutTotals(product.price_cents * Number(quantity), coupon);
  const most = Math.min(LICENSE_MAX_QUANTITY, product.available);

  const addToCart = () => {
    onAddToCart(Number(quantity));
    void notify((toast) => toast.success('Added to cart', { description: `${quantity} × ${product.name}` }));
  };

  const onSubmit = form.handleSubmit(async (values) => {
    const request = {
      email: values.email,
      items: [{ slug: product.slug, quantity: Number(values.quantity) }],
      coupon_code: values.coupon_code?.code,
    };
    const parsed = licenseCheckoutRequestSchema.safeParse(request);
    if (!parsed.success) return showIssues(parsed.error.issues, BUY_FIELDS, form.setError);
    try {
      const answer = await checkout.mutateAsync(parsed.data);
      saveEntriesForReturn(formName, { quantity: values.quantity, email: values.email });
      window.location.assign(answer.url);
    } catch (error) {
      showSubmitError(error, BUY_FIELDS, form.setError, { OUT_OF_STOCK: 'quantity' });
    }
  });

  return (
    <div className="grid gap-4">
      <CancelledPaymentAlert cancelled={cancelled} />
      <form id={formId} noValidate onSubmit={onSubmit} className="grid gap-4" aria-label={`Buy ${product.name}`}>
        <FormAlert message={errors.root?.form?.message} />
        <SelectField
          label="Quantity"
          choices={Array.from({ length: most }, (_, i) => String(i + 1))}
          error={errors.quantity?.message}
          {...form.register('quantity')}
        />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          hint="We email you when your key is ready to reveal. The key itself is never emailed."
          error={errors.email?.message}
          {...form.register('email')}
        />
      </form>
      <FormCouponBox kind="license" form={form} applied={coupon} />
      {inCart > 0 ? (
        <p className="flex items-center gap-1.5 text-sm font-medium text-success-foreground">
          <Check aria-hidden className="size-4" />
          {inCart} in your cart
        </p>
      ) : null}
      {/* Each button as wide as its words and the price need, side by side while both fit (issue 44). */}
      <div className="flex flex-wrap gap-2 *:w-auto *:flex-auto">
        <Button type="button" variant="outline" size="lg" onClick={addToCart} disabled={isSubmitting}>
          <ShoppingCart aria-hidden />
          Add to cart
        </Button>
        <SubmitButton form={formId} busy={isSubmitting} icon={<ShoppingBag aria-hidden />}>
          Buy now · {formatPrice(totals.totalCents)}
        </SubmitButton>
      </div>
    </div>
  );
}

/** Out of stock: one email when it is back. */
function NotifyForm({ product, email }: { readonly product: PublicLicense; readonly email: string }) {
  const form = useForm<{ email: string }>({ defaultValues: { email } });
  const alert = useStockAlert(product.slug);
  const [done, setDone] = useState<string | null>(null);
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    const parsed = stockAlertRequestSchema.safeParse(values);
    if (!parsed.success) return showIssues(parsed.error.issues, ['email'], form.setError);
    try {
      setDone((await alert.mutateAsync(parsed.data.email)).message);
    } catch (error) {
      showSubmitError(error, ['email'], form.setError);
    }
  });
  if (done) {
    return (
      <Alert role="status">
        <CircleCheck aria-hidden />
        <AlertDescription className="text-foreground">{done}</AlertDescription>
      </Alert>
    );
  }
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Email me when it is back in stock">
      <p className="text-sm text-muted-foreground">
        This license is out of stock. We can email you once when it is back.
      </p>
      <FormAlert message={errors.root?.form?.message} />
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        error={errors.email?.message}
        {...form.register('email')}
      />
      <SubmitButton busy={isSubmitting} icon={<BellRing aria-hidden />}>
        Email me when it is back
      </SubmitButton>
    </form>
  );
}

/** /digital-licenses/:slug: exactly what the buyer receives, how to activate it, the refund rule, and buying. */
export function LicensePage({
  product,
  email,
  inCart,
  onAddToCart,
}: { readonly product: PublicLicense; readonly email: string } & CartProps) {
  return (
    // On a phone the price and Buy come right after the title, before the long text (issue 44); beside
    // it from lg. The reading order is the visual one at every width.
    <div className="mx-auto grid w-full max-w-6xl grid-cols-1 content-start gap-8 px-4 py-10 sm:px-6 sm:py-12 lg:grid-cols-[minmax(0,1fr)_24rem]">
      <div className="grid content-start gap-3 lg:col-start-1">
        <Link to={LICENSES_HREF} className="text-sm text-primary underline-offset-4 hover:underline">
          All digital licenses
        </Link>
        <p className="text-muted-foreground">
          {product.vendor} · {product.edition}
        </p>
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{product.name}</h1>
        <p className="text-lg text-muted-foreground">{product.summary}</p>
        <ul className="flex flex-wrap gap-2 text-sm" aria-label="At a glance">
          <li className="flex items-center gap-2 rounded-md bg-muted/60 px-3 py-1.5">
            <KeyRound aria-hidden className="size-4 text-primary" />
            {licenseTerm(product.term_months)}
          </li>
          <li className="flex items-center gap-2 rounded-md bg-muted/60 px-3 py-1.5">
            <Monitor aria-hidden className="size-4 text-primary" />
            {licenseDevices(product.devices)}
          </li>
          <li className="rounded-md bg-muted/60 px-3 py-1.5">
            {product.platforms.map((platform) => LICENSE_PLATFORMS[platform]).join(' · ')}
          </li>
        </ul>
      </div>
      <aside
        aria-label="Buy"
        className="grid content-start gap-5 rounded-xl border border-border bg-card p-6 shadow-sm lg:col-start-2 lg:row-span-2 lg:row-start-1"
      >
        <div className="flex items-center justify-between gap-3">
          <p className="text-3xl font-bold tracking-tight">{formatPrice(product.price_cents)}</p>
          <StockBadge available={product.available} />
        </div>
        {product.available > 0 ? (
          <BuyForm
            product={product}
            email={email}
            inCart={inCart}
            onAddToCart={onAddToCart}
            key={`${product.slug}/${email}`}
          />
        ) : (
          <NotifyForm product={product} email={email} key={email} />
        )}
      </aside>
      <div className="grid content-start gap-8 lg:col-start-1">
        <section aria-labelledby="receives-title" className="grid gap-3">
          <h2 id="receives-title" className="text-xl font-semibold">
            What you receive
          </h2>
          <ul className="grid list-disc gap-1 pl-5">
            {product.receives.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <p className="text-sm text-muted-foreground">
            Your key is on your order page the moment your payment clears, behind a “Reveal key” button. We never email
            keys.
          </p>
        </section>
        <section aria-labelledby="steps-title" className="grid gap-3">
          <h2 id="steps-title" className="text-xl font-semibold">
            How to activate it
          </h2>
          <ol className="grid list-decimal gap-1 pl-5">
            {product.activation_steps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </section>
        <section aria-labelledby="refund-title" className="grid gap-2">
          <h2 id="refund-title" className="text-xl font-semibold">
            Refunds
          </h2>
          <p>{LICENSE_REFUND_RULE}</p>
        </section>
      </div>
    </div>
  );
}
