import { useState } from 'react';
import { Link } from 'react-router';
import { CHECK_DELIVERY_TEXT, CHECK_RESULTS_HREF, type CheckProductId } from '../../../../domain/device-checks';
import { DeliveryLine } from '~/components/delivery-line';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card';
import { FreeCheckForm } from './free-check-form';
import { PaidCheckForm } from './paid-check-form';

/**
 * /imei-check and the product pages (/apple-check …): the free check first, then the paid checks
 * with the product of the page chosen. An IMEI checked for free is carried into the paid form.
 */
export function ImeiCheckScreen(props: { product: CheckProductId; title: string; intro: string; email: string }) {
  const { product, title, intro, email } = props;
  const [identifier, setIdentifier] = useState('');
  return (
    <div className="mx-auto grid w-full max-w-3xl grid-cols-1 gap-8 px-4 py-10 sm:px-6 sm:py-14">
      <div className="grid gap-3 text-center">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
        <p className="mx-auto max-w-xl text-balance text-muted-foreground">{intro}</p>
        <DeliveryLine text={CHECK_DELIVERY_TEXT} />
        <p className="text-sm">
          <Link className="font-medium text-primary underline underline-offset-4" to={CHECK_RESULTS_HREF}>
            Your check results
          </Link>
        </p>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>Free check</CardTitle>
          <CardDescription>Brand, model and type of device, at once, from the IMEI’s first 8 digits.</CardDescription>
        </CardHeader>
        <CardContent>
          <FreeCheckForm onChecked={(checked) => setIdentifier(checked)} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Paid checks</CardTitle>
          <CardDescription>Read from the manufacturer’s, the carriers’ and the GSMA’s records.</CardDescription>
        </CardHeader>
        <CardContent>
          {/* Starts again with what the free check found, and with the signed-in email once known. */}
          <PaidCheckForm key={`${identifier}/${email}`} product={product} identifier={identifier} email={email} />
        </CardContent>
      </Card>
    </div>
  );
}
