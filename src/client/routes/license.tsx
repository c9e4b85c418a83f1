import { Link, useParams } from 'react-router';
import { LICENSES_HREF } from '../../domain/licenses';
import { pageTitle } from '../../domain/store-config';
import type { Route } from './+types/license';
import { PageSkeleton } from '~/components/layout/page-skeleton';
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { useMe } from '~/features/auth/api/get-me';
import { useCart } from '~/features/esim/cart/cart-context';
import { licenseQueryOptions, useLicense } from '~/features/licenses/api/licenses';
import { LicensePage } from '~/features/licenses/components/license-page';
import { ApiError } from '~/lib/api-client';
import { queryClient } from '~/lib/query-client';

export const meta: Route.MetaFunction = ({ params }) => [
  { title: pageTitle(params.slug?.replace(/-/g, ' ') ?? 'License') },
];

/** The page opens with the product and its stock of now; a failure is shown by the page, which asks again. */
export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  await queryClient.ensureQueryData(licenseQueryOptions(params.slug)).catch(() => undefined);
  return null;
}

/** /digital-licenses/:slug: one license product. */
export default function LicenseRoute() {
  const slug = useParams().slug ?? '';
  const product = useLicense(slug);
  const email = useMe().data?.user?.email ?? '';
  const cart = useCart();
  if (product.data) {
    const { slug, name, price_cents } = product.data;
    return (
      <LicensePage
        product={product.data}
        email={email}
        inCart={cart.licenses.find((line) => line.slug === slug)?.quantity ?? 0}
        onAddToCart={(quantity) => cart.addLicense({ slug, name, price_cents }, quantity)}
      />
    );
  }
  if (product.isPending) return <PageSkeleton />;
  const missing = product.error instanceof ApiError && product.error.status === 404;
  return (
    <div className="mx-auto grid w-full max-w-xl gap-4 px-4 py-16">
      <Alert variant={missing ? 'default' : 'destructive'}>
        <AlertTitle>{missing ? 'This license is not sold here' : 'We could not load this license'}</AlertTitle>
        <AlertDescription>
          <p>{missing ? 'It may have been taken off sale.' : product.error?.message}</p>
          {missing ? null : (
            <Button variant="outline" size="sm" onClick={() => void product.refetch()}>
              Try again
            </Button>
          )}
        </AlertDescription>
      </Alert>
      <Link to={LICENSES_HREF} className="text-primary underline underline-offset-4">
        See every digital license
      </Link>
    </div>
  );
}
