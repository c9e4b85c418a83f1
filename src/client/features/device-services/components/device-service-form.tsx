import { Lock } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { checkoutTotals, type CouponEffect } from '../../../../domain/coupon';
import { formatPrice } from '../../../../domain/display';
import {
  DEVICE_SERVICE_TERMS,
  type DeviceService,
  type DeviceServiceOrderRequest,
  deviceServiceOrderSchema,
} from '../../../../domain/device-services';
import { safeOrderPath } from '../../../../domain/unlock-checkout';
import { CancelledPaymentAlert } from '~/components/checkout/cancelled-payment-alert';
import { FormCouponBox } from '~/components/checkout/coupon-box';
import { saveEntriesForReturn, useReturnFromPayment } from '~/lib/return-from-payment';
import { AgreementBox } from '~/components/form/agreement-box';
import { FormAlert } from '~/components/form/form-alert';
import { SubmitButton } from '~/components/form/submit-button';
import { Alert, AlertDescription } from '~/components/ui/alert';
import { SelectField } from '~/components/ui/select-field';
import { TextField } from '~/components/ui/text-field';
import { ApiError } from '~/lib/api-client';
import { showIssues, showSubmitError } from '~/lib/form-issues';
import { identifierInput } from '~/lib/identifier-input';
import { useProductPrices } from '~/lib/product-prices';
import { useOrderDeviceService } from '../api/device-services';

const FIELDS = ['identifier', 'email', 'brand', 'model', 'lawful', 'noData', 'refund', 'coupon_code'] as const;
/** What comes back after a cancelled payment: everything but the coupon, which is checked again. */
const KEPT = FIELDS.filter((field) => field !== 'coupon_code');

interface DeviceServiceValues {
  identifier: string;
  email: string;
  brand: string;
  model: string;
  lawful: boolean;
  noData: boolean;
  refund: boolean;
  coupon_code: CouponEffect | null;
}

/**
 * The spec's generic form for one device service: identifier, email, manufacturer, optional model
 * and the three confirmations, then the one checkout. The server checks the device first: one
 * reported lost or stolen is refused before anything is charged, and the refusal is shown here.
 */
export function DeviceServiceForm({ service, email }: { service: DeviceService; email: string }) {
  const id = useId();
  const form = useForm<DeviceServiceValues>({
    defaultValues: {
      identifier: '',
      email,
      brand: service.brands.length === 1 ? (service.brands[0] ?? '') : '',
      model: '',
      lawful: false,
      noData: false,
      refund: false,
      coupon_code: null,
    },
  });
  const order = useOrderDeviceService();
  const cancelled = useReturnFromPayment(service.id, KEPT, (entries) =>
    form.reset({ ...form.getValues(), ...entries }, { keepDefaultValues: true }),
  );
  const [openOrder, setOpenOrder] = useState<{ message: string; path: string | null } | null>(null);
  const { errors, isSubmitting } = form.formState;
  const coupon = useWatch({ control: form.control, name: 'coupon_code' });
  const totals = checkoutTotals(useProductPrices().device_service[service.id], coupon);

  const onSubmit = form.handleSubmit(async (values) => {
    setOpenOrder(null);
    const request: DeviceServiceOrderRequest = {
      ...values,
      service: service.id,
      model: values.model || undefined,
      coupon_code: values.coupon_code?.code,
    };
    const parsed = deviceServiceOrderSchema.safeParse(request);
    if (!parsed.success) return showIssues(parsed.error.issues, FIELDS, form.setError);
    try {
      const { url } = await order.mutateAsync(request);
      const { coupon_code: _coupon, ...entries } = values;
      saveEntriesForReturn(service.id, entries);
      window.location.assign(url);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'UNLOCK_IN_PROGRESS') {
        setOpenOrder({ message: error.message, path: safeOrderPath(error.details.order_url) });
        return;
      }
      showSubmitError(error, FIELDS, form.setError);
    }
  });

  return (
    <div className="grid grid-cols-1 gap-5">
      <CancelledPaymentAlert cancelled={cancelled} />
      <form id={id} noValidate onSubmit={onSubmit} className="grid gap-5" aria-label={`Order ${service.name}`}>
        <TextField
          label="IMEI or serial number"
          autoComplete="off"
          spellCheck={false}
          hint={service.identifierHelp}
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
          hint="We email you each step and the result."
          error={errors.email?.message}
          {...form.register('email')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label="Manufacturer"
            placeholder={service.brands.length > 1 ? 'Select a manufacturer' : undefined}
            choices={service.brands}
            error={errors.brand?.message}
            {...form.register('brand')}
          />
          <TextField
            label="Model (optional)"
            autoComplete="off"
            placeholder={service.brands.length === 1 ? 'iPhone 13' : 'Galaxy S21'}
            error={errors.model?.message}
            {...form.register('model')}
          />
        </div>
        <div className="grid gap-3">
          <AgreementBox id={`${id}-lawful`} form={form} name="lawful" disabled={isSubmitting}>
            {DEVICE_SERVICE_TERMS.lawful}
          </AgreementBox>
          <AgreementBox id={`${id}-data`} form={form} name="noData" disabled={isSubmitting}>
            {DEVICE_SERVICE_TERMS.noData}
          </AgreementBox>
          <AgreementBox id={`${id}-refund`} form={form} name="refund" disabled={isSubmitting}>
            {DEVICE_SERVICE_TERMS.refund}
          </AgreementBox>
        </div>
      </form>
      {/* The coupon box is a form of its own: outside the service's form, before its button (form={id}). */}
      <FormCouponBox kind="device_service" form={form} applied={coupon} />
      <p className="text-sm text-muted-foreground">
        Before you pay, we check the device’s records: a device reported lost or stolen is refused, and nothing is
        charged.
      </p>
      {/* A refusal (the device reported lost, the records unreachable) shows where the buyer clicked. */}
      <FormAlert message={errors.root?.form?.message} />
      <SubmitButton form={id} busy={isSubmitting} icon={<Lock aria-hidden />}>
        {isSubmitting ? 'Checking the device…' : `Continue to payment · ${formatPrice(totals.totalCents)}`}
      </SubmitButton>
      {openOrder ? (
        <Alert role="alert">
          <AlertDescription className="text-foreground">
            {openOrder.message}{' '}
            {openOrder.path ? (
              <Link className="font-medium text-primary underline underline-offset-4" to={openOrder.path}>
                Open that order
              </Link>
            ) : null}
          </AlertDescription>
        </Alert>
      ) : null}
    </div>
  );
}
