import { Globe } from 'lucide-react';
import { createElement } from 'react';
import type { OrderAnswer } from '../../../../domain/order-answer';
import type { OrderKind } from '../../../../domain/order';
import type { OrderAccess } from '~/lib/get-order';
import type { OrderKindView, SharedOrderOf } from './kind-view';
import { checkView } from './check-view';
import { deviceServiceView } from './device-service-view';
import { licenseView } from './license-view';
import { sampleView } from './sample-view';
import { unlockView } from './unlock-view';

/** The client's kind registry (ADR 068): one line per kind of order the store sells. */
const ORDER_KIND_VIEWS: { readonly [K in OrderKind]: OrderKindView<K> } = {
  esim: { icon: Globe },
  unlock: unlockView,
  check: checkView,
  device_service: deviceServiceView,
  license: licenseView,
  sample: sampleView,
};

// A union of answers cannot be matched to its view's own kind by the compiler: each view is typed
// for its kind above, and an answer always goes to the view of its own `kind`.
function viewOf(kind: OrderKind): OrderKindView<OrderKind> {
  return ORDER_KIND_VIEWS[kind] as OrderKindView<OrderKind>;
}

/** The kind's icon, decorative (the row's text names the order). */
export function OrderKindIcon({ kind, className }: { kind: OrderKind; className?: string }) {
  return createElement(viewOf(kind).icon, { 'aria-hidden': true, className });
}

export function orderBrand(order: OrderAnswer): string | null {
  return viewOf(order.kind).brand?.(order as never) ?? null;
}

/** The kind's cards above the order page's next steps. */
export function OrderKindResult({ order, access }: { order: OrderAnswer; access: OrderAccess }) {
  const Result = viewOf(order.kind).Result;
  return Result ? <Result order={order as never} access={access} /> : null;
}

/** The kind's cards about what was bought. */
export function OrderKindDetails({ order }: { order: OrderAnswer }) {
  const Details = viewOf(order.kind).Details;
  return Details ? <Details order={order as never} /> : null;
}

/** What the order's owner can ask for, as the kind offers it. */
export function OrderKindActions({ order, access }: { order: OrderAnswer; access: OrderAccess }) {
  const Actions = viewOf(order.kind).Actions;
  return Actions ? <Actions order={order as never} access={access} /> : null;
}

/** What a share link shows of the kind. */
export function SharedOrderKindDetails({ order }: { order: SharedOrderOf<OrderKind> }) {
  const Details = viewOf(order.kind).SharedDetails;
  return Details ? <Details order={order as never} /> : null;
}
