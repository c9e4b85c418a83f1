import type { OrderKind } from '../order.ts';
import { checkKind } from './check.ts';
import { deviceServiceKind } from './device-service.ts';
import { esimKind } from './esim.ts';
import { type OrderKindPresentation } from './kind.ts';
import { licenseKind } from './license.ts';
import { sampleKind } from './sample.ts';
import { unlockKind } from './unlock.ts';

export type { NextStep, OrderKindPresentation } from './kind.ts';

/** The domain's kind registry (ADR 068): one line per kind of order the store sells. */
const ORDER_KIND_PRESENTATIONS: Record<OrderKind, OrderKindPresentation> = {
  esim: esimKind,
  unlock: unlockKind,
  check: checkKind,
  device_service: deviceServiceKind,
  license: licenseKind,
  sample: sampleKind,
};

/** How an order of `kind` is named, linked and explained. */
export function orderKind(kind: OrderKind): OrderKindPresentation {
  return ORDER_KIND_PRESENTATIONS[kind];
}
