import { useLocation } from 'react-router';
import { CHECK_PRODUCTS, type CheckProductId, checkProductOfPath } from '../../domain/device-checks';
import { pageTitle } from '../../domain/store-config';
import { loadProductPrices } from '~/lib/product-prices';
import type { Route } from './+types/imei-check';
import { useMe } from '~/features/auth/api/get-me';
import { ImeiCheckScreen } from '~/features/device-checks/components/imei-check-screen';

const PAGES: Record<'imei' | CheckProductId, { title: string; intro: string }> = {
  imei: {
    title: 'IMEI Check',
    intro:
      'Find out what a phone is, for free, then whether it is locked, blacklisted or managed before you unlock or buy it.',
  },
  apple_report: {
    title: 'Apple iPhone Check',
    intro:
      'Find My (iCloud lock), lost mode, warranty, purchase country, carrier lock and blacklist status of an iPhone.',
  },
  carrier: { title: 'Carrier Check', intro: 'Which carrier a phone is locked to, if any, before you order an unlock.' },
  knox: {
    title: 'Samsung Knox Check',
    intro: 'Whether a Samsung phone is enrolled in Knox or a company’s device management.',
  },
  blacklist: { title: 'Blacklist Check', intro: 'Whether a phone is reported lost or stolen in the GSMA database.' },
};

function pageOf(pathname: string) {
  const product = checkProductOfPath(pathname);
  return { product: product ?? 'apple_report', ...PAGES[product ?? 'imei'] };
}

export const meta: Route.MetaFunction = ({ location }) => {
  const page = pageOf(location.pathname);
  const product = checkProductOfPath(location.pathname);
  return [
    { title: pageTitle(page.title) },
    { name: 'description', content: product ? CHECK_PRODUCTS[product].summary : page.intro },
  ];
};

/** The page opens with the prices of now (an admin may have changed them), not the list prices first. */
export const clientLoader = loadProductPrices;

/** /imei-check, /apple-check, /carrier-check, /knox-check, /blacklist-check (spec route table). */
export default function ImeiCheckPage() {
  const page = pageOf(useLocation().pathname);
  const email = useMe().data?.user?.email ?? '';
  return (
    <ImeiCheckScreen key={page.product} product={page.product} title={page.title} intro={page.intro} email={email} />
  );
}
