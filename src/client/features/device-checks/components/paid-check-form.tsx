import { ShieldCheck } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import {
  CHECK_PRODUCT_LIST,
  CHECK_PRODUCTS,
  type CheckOrderRequest,
  type CheckProductId,
  checkOrderRequestSchema,
} from '../../../../domain/device-checks';
import { checkoutTotals, type CouponEffect } from '../../../../domain/coupon';
import { formatPrice } from '../../../../domain/display';
import { Alert, AlertDescription } from '~/components/ui/alert';
import { FormAlert } from '~/components/form/form-alert';
import { SubmitButton } from '~/components/form/submit-button';
import { FormCouponBox } from '~/components/checkout/coupon-box';
import { TextField } from '~/components/ui/text-field';
import { useProductPrices } from '~/lib/product-prices';
import { CancelledPaymentAlert } from '~/components/checkout/cancelled-payment-alert';
import { saveEntriesForReturn, useReturnFromPayment } from '~/lib/return-from-payment';
import { cn } from '~/lib/cn';
import { showIssues, showSubmitError } from '~/lib/form-issues';
import { useBuyCheck } from '../api/checks';
import { identifierInput, localHref } from '~/lib/identifier-input';

const FIELDS = ['product', 'identifier', 'email', 'coupon_code'] as const;
/** What comes back after a cancelled payment: everything but the coupon, which is checked again. */
const KEPT = ['product', 'identifier', 'email'] as const;

interface PaidCheckValues {
  product: CheckProductId;
  identifier: string;
  email: string;
  /** As the coupon box applied it (its own form, checked on the server again at checkout). */
  coupon_code: CouponEffect | null;
}

/**
 * The paid checks: one product chosen (preselected by its page), the device and an email, then the
 * one checkout. The same check of the same device within 24 hours answers from its stored result.
 */
export function PaidCheckForm(props: { product: CheckProductId; identifier: string; email: string }) {
  const form = useForm<PaidCheckValues>({
    defaultValues: { product: props.product, identifier: props.identifier, email: props.email, coupon_code: null },
  });
  const buy = useBuyCheck();
  const cancelled = useReturnFromPayment('check', KEPT, ({ product, ...entries }) => {
    // A product no longer sold (or a tampered entry) keeps the page's own.
    const known = typeof product === 'string' && Object.hasOwn(CHECK_PRODUCTS, product);
    form.reset(
      { ...form.getValues(), ...entries, ...(known ? { product: product as CheckProductId } : {}) },
      { keepDefaultValues: true },
    );
  });
  const [reused, setReused] = useState<{ message: string; url: string } | null>(null);
  const { errors, isSubmitting } = form.formState;
  const formId = useId();
  const [productId, coupon] = useWatch({ control: form.control, name: ['product', 'coupon_code'] });
  const chosen = CHECK_PRODUCTS[productId];
  const prices = useProductPrices().check;
  const totals = checkoutTotals(prices[productId], coupon);

  const onSubmit = form.handleSubmit(async (values) => {
    setReused(null);
    const request: CheckOrderRequest = { ...values, coupon_code: values.coupon_code?.code };
    const parsed = checkOrderRequestSchema.safeParse(request);
    if (!parsed.success) return showIssues(parsed.error.issues, FIELDS, form.setError);
    try {
      const answer = await buy.mutateAsync(request);
      if (answer.outcome === 'checkout') {
        saveEntriesForReturn('check', { product: values.product, identifier: values.identifier, email: values.email });
        window.location.assign(answer.url);
      } else setReused({ message: answer.message, url: localHref(answer.url) });
    } catch (error) {
      showSubmitError(error, FIELDS, form.setError);
    }
  });

  return (
    <div className="grid grid-cols-1 gap-5">
      <CancelledPaymentAlert cancelled={cancelled} />
      <form id={formId} noValidate onSubmit={onSubmit} className="grid gap-5" aria-label="Buy a device check">
        <FormAlert message={errors.root?.form?.message} />
        <fieldset className="grid gap-3">
          <legend className="mb-2 text-sm font-medium">Choose a check</legend>
          {CHECK_PRODUCT_LIST.map((product) => (
            <label
              key={product.id}
              className={cn(
                'grid cursor-pointer grid-cols-[auto_1fr_auto] items-start gap-3 rounded-lg border border-border p-4 has-[:checked]:border-primary has-[:checked]:bg-primary/5 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
              )}
            >
              <input
                type="radio"
                value={product.id}
                className="mt-1 size-4 accent-primary"
                {...form.register('product')}
              />
              <span className="grid gap-1">
                <span className="font-medium">{product.name}</span>
                <span className="text-sm text-muted-foreground">{product.summary}</span>
              </span>
              <span className="font-semibold">{formatPrice(prices[product.id])}</span>
            </label>
          ))}
        </fieldset>
        <TextField
          label={chosen.acceptsSerial ? 'IMEI or serial number' : 'IMEI'}
          autoComplete="off"
          spellCheck={false}
          error={errors.identifier?.message}
          {...form.register(
            'identifier',
            identifierInput((normalized) => form.setValue('identifier', normalized)),
          )}
        />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          hint="We email you the link to the result."
          error={errors.email?.message}
          {...form.register('email')}
        />
      </form>
      {/* The coupon box is a form of its own: outside the check's form, before its button (form={formId}). */}
      <FormCouponBox kind="check" form={form} applied={coupon} />
      <p className="text-sm text-muted-foreground">
        If the records cannot be read for this device, the check is refunded in full, automatically.
      </p>
      <SubmitButton form={formId} busy={isSubmitting} icon={<ShieldCheck aria-hidden />}>
        Buy {chosen.name} · {formatPrice(totals.totalCents)}
      </SubmitButton>
      {reused ? (
        <Alert role="status">
          <AlertDescription className="text-foreground">
            {reused.message}{' '}
            <Link className="font-medium text-primary underline underline-offset-4" to={reused.url}>
              See the result
            </Link>
          </AlertDescription>
        </Alert>
      ) : null}
    </div>
  );
}
