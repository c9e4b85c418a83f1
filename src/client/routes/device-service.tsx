import { useLocation } from 'react-router';
import { DEVICE_SERVICE_IDS, DEVICE_SERVICES, type DeviceService } from '../../domain/device-services';
import { pageTitle } from '../../domain/store-config';
import { loadProductPrices } from '~/lib/product-prices';
import type { Route } from './+types/device-service';
import { useMe } from '~/features/auth/api/get-me';
import { DeviceServiceScreen } from '~/features/device-services/components/device-service-screen';

function serviceOfPath(pathname: string): DeviceService {
  const path = pathname.replace(/\/+$/, '');
  return DEVICE_SERVICES[DEVICE_SERVICE_IDS.find((id) => DEVICE_SERVICES[id].href === path) ?? 'icloud_removal'];
}

export const meta: Route.MetaFunction = ({ location }) => {
  const service = serviceOfPath(location.pathname);
  return [{ title: pageTitle(service.name) }, { name: 'description', content: service.summary }];
};

/** The page opens with the prices of now (an admin may have changed them), not the list prices first. */
export const clientLoader = loadProductPrices;

/** /icloud-unlock and /frp-unlock (spec route table): a device service and its order form. */
export default function DeviceServicePage() {
  const service = serviceOfPath(useLocation().pathname);
  const email = useMe().data?.user?.email ?? '';
  // A new signed-in email starts the form again with it (as the check forms do).
  return <DeviceServiceScreen key={`${service.id}/${email}`} service={service} email={email} />;
}
