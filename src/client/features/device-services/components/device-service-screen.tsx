import { CircleCheck, CircleX } from 'lucide-react';
import { Link } from 'react-router';
import { CHECK_PRODUCTS } from '../../../../domain/device-checks';
import { formatPrice } from '../../../../domain/display';
import { DEVICE_SERVICE_TERMS, type DeviceService } from '../../../../domain/device-services';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card';
import { useDeviceServicePromise, useProductPrices } from '~/lib/product-prices';
import { DeliveryLine } from '~/components/delivery-line';
import { GUARANTEE_KEPT, deliveryPromiseText } from '../../../../domain/unlock-checkout';
import { DeviceServiceForm } from './device-service-form';

function Facts({ title, items, good }: { title: string; items: readonly string[]; good: boolean }) {
  const Icon = good ? CircleCheck : CircleX;
  return (
    <section aria-labelledby={`${good ? 'can' : 'cannot'}-title`} className="grid content-start gap-3">
      <h2 id={`${good ? 'can' : 'cannot'}-title`} className="text-lg font-semibold">
        {title}
      </h2>
      <ul className="grid gap-2">
        {items.map((item) => (
          <li key={item} className="flex gap-2 text-sm">
            <Icon
              aria-hidden
              className={
                good ? 'mt-0.5 size-4 shrink-0 text-success-foreground' : 'mt-0.5 size-4 shrink-0 text-muted-foreground'
              }
            />
            <span>{item}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * /icloud-unlock and /frp-unlock: what the service does and does not do, said before the price is
 * paid, then its order form. The check the store runs before payment is offered on its own too.
 */
export function DeviceServiceScreen({ service, email }: { service: DeviceService; email: string }) {
  const check = CHECK_PRODUCTS[service.eligibilityCheck];
  const price = useProductPrices().device_service[service.id];
  const promise = useDeviceServicePromise(service.id);
  return (
    <div className="mx-auto grid w-full max-w-3xl grid-cols-1 gap-8 px-4 py-10 sm:px-6 sm:py-14">
      <div className="grid gap-3 text-center">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{service.name}</h1>
        <p className="mx-auto max-w-xl text-balance text-muted-foreground">{service.summary}</p>
        <p className="text-2xl font-bold tabular-nums">{formatPrice(price)}</p>
        {promise ? <DeliveryLine text={`${deliveryPromiseText(promise)}: ${GUARANTEE_KEPT}`} /> : null}
      </div>
      <div className="grid gap-6 rounded-xl border border-border p-5 sm:grid-cols-2">
        <Facts title="What it does" items={service.can} good />
        <Facts title="What it does not do" items={service.cannot} good={false} />
      </div>
      <Card>
        <CardHeader>
          <CardTitle>Order the service</CardTitle>
          <CardDescription>
            Not sure of the device’s state? The{' '}
            <Link className="font-medium text-primary underline underline-offset-4" to={check.href}>
              {check.name}
            </Link>{' '}
            shows it first.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <DeviceServiceForm service={service} email={email} />
        </CardContent>
      </Card>
      <section aria-labelledby="refund-rule-title" className="grid gap-2">
        <h2 id="refund-rule-title" className="text-lg font-semibold">
          Refund rule
        </h2>
        <p className="text-sm text-muted-foreground">
          {DEVICE_SERVICE_TERMS.refundRule}{' '}
          <Link className="font-medium text-primary underline underline-offset-4" to="/refund-policy">
            Read the refund policy
          </Link>
        </p>
      </section>
    </div>
  );
}
