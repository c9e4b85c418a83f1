import {
  DEVICE_SERVICE_IDS,
  DEVICE_SERVICE_REFUSALS,
  DEVICE_SERVICES,
  type DeviceServiceId,
  type ParsedDeviceServiceOrder,
  supplierFieldsOf,
} from '../../domain/device-services.ts';
import { maskImei } from '../../domain/imei.ts';
import { shortId } from '../../domain/short-id.ts';
import { windowAverageHours } from '../../domain/unlock-fulfilment.ts';
import { orderPageUrl } from '../emails/links.ts';
import { AppError } from '../errors.ts';
import { type ChecksConfig, checkServiceIds } from '../integrations/checks/index.ts';
import type { CheckProvider } from '../integrations/checks/types.ts';
import type { Logger } from '../logger.ts';
import { deviceEligibility } from '../modules/checks/service.ts';
import type { PlanTool, QuoteEngine } from '../modules/quotes/service.ts';
import { createUnlockPlan, toolDeliveryAverages, unlockInProgress } from '../modules/unlocks/service.ts';
import { checkout } from './checkout.ts';
import type { ProductPriceService } from '../modules/prices/service.ts';
import type { TacTable } from '../modules/checks/tac-table.ts';
import type { WorkflowDeps } from './deps.ts';
import { refuseMisfit } from './device-fit.ts';

export interface DeviceServiceCheckoutDeps extends WorkflowDeps {
  readonly quotes: QuoteEngine;
  readonly checks: ChecksConfig;
  readonly checkProvider: CheckProvider;
  /** Each service's supplier tools, best first (DEVICE_SERVICE_TOOLS). */
  readonly deviceServiceTools: Readonly<Record<DeviceServiceId, readonly string[]>>;
  readonly prices: ProductPriceService;
  readonly tacTable: TacTable;
}

/** What a device service promises now: the hours of the tool an order would be routed to first (issue 44: one promise). */
export interface DeviceServicePromise {
  readonly averageHours: number;
  readonly guaranteedHours: number;
}

type PromiseDeps = Pick<DeviceServiceCheckoutDeps, 'db' | 'quotes' | 'deviceServiceTools'>;

async function promiseOf(
  deps: PromiseDeps,
  tools: readonly PlanTool[],
  averages?: ReadonlyMap<string, number>,
): Promise<DeviceServicePromise | null> {
  const [first] = tools;
  if (!first) return null;
  const known = averages ?? (await toolDeliveryAverages(deps.db));
  // As an unlock's quote: the tool's real average once known, else the middle of its stated window.
  const guaranteedHours = Math.max(1, first.deliveryHoursMax);
  const averageHours = known.get(first.toolId) ?? windowAverageHours(first.deliveryHoursMin, first.deliveryHoursMax);
  return { averageHours: Math.min(averageHours, guaranteedHours), guaranteedHours };
}

/**
 * Each device service's promise as its product page states it before any form, and as the order
 * then stores it (the guarantee past which it is rerouted or refunded); null for a service with no tool.
 */
export async function deviceServicePromises(
  deps: PromiseDeps,
): Promise<Record<DeviceServiceId, DeviceServicePromise | null>> {
  const averages = await toolDeliveryAverages(deps.db);
  const entries = await Promise.all(
    DEVICE_SERVICE_IDS.map(
      async (id) =>
        [id, await promiseOf(deps, await deps.quotes.serviceTools(deps.deviceServiceTools[id]), averages)] as const,
    ),
  );
  return Object.fromEntries(entries) as Record<DeviceServiceId, DeviceServicePromise | null>;
}

export interface DeviceServiceOrderAnswer {
  readonly url: string;
  readonly order_id: string;
}

/**
 * Buying a device service (ADR 071), through the one checkout and the unlock's fulfilment:
 * 0. a device the store knows the service is not made for (iCloud removal for a Samsung) is
 *    refused, with the service that fits, before anything else (device-fit.ts);
 * 1. one paid order of a service per device at a time: a second is answered 409 with a link to it;
 * 2. the service's supplier tools (DEVICE_SERVICE_TOOLS) as the supplier lists them: none, not sold;
 * 3. eligibility before payment: the service's check runs now, and a device reported lost or
 *    stolen, unknown to the records, or not checkable at the moment is refused, nothing charged;
 * 4. the shared checkout at the service's price now (an admin's, or its list price), its plan (tools, identifier, the supplier's custom
 *    fields) kept beside the order in the transaction that places it.
 */
export async function checkoutDeviceService(
  deps: DeviceServiceCheckoutDeps,
  request: ParsedDeviceServiceOrder,
  buyer: { readonly userId: string | null; readonly returnBaseUrl?: string },
  logger?: Logger,
): Promise<DeviceServiceOrderAnswer> {
  const service = DEVICE_SERVICES[request.service];
  const base = buyer.returnBaseUrl ?? deps.publicUrl;
  const identifier = request.identifier.toUpperCase();

  const prices = (await deps.prices.current()).device_service;
  const priced = (id: DeviceServiceId) => ({ ...DEVICE_SERVICES[id], priceCents: prices[id] });
  await refuseMisfit(
    deps.db,
    deps.tacTable,
    identifier,
    priced(service.id),
    DEVICE_SERVICE_IDS.filter((id) => id !== service.id).map(priced),
  );

  const inProgress = await unlockInProgress(deps.db, identifier, service.id);
  if (inProgress) {
    throw new AppError('UNLOCK_IN_PROGRESS', DEVICE_SERVICE_REFUSALS.inProgress, undefined, {
      order_url: `/order/${inProgress}`,
    });
  }

  const tools = await deps.quotes.serviceTools(deps.deviceServiceTools[service.id]);
  const checkService = checkServiceIds(deps.checks)[service.eligibilityCheck];
  const promise = await promiseOf(deps, tools);
  if (!promise || !checkService) throw new AppError('UNAVAILABLE', DEVICE_SERVICE_REFUSALS.notOffered);

  const eligibility = await deviceEligibility(deps.checkProvider, checkService, identifier);
  if (eligibility === 'unavailable') throw new AppError('UNAVAILABLE', DEVICE_SERVICE_REFUSALS.unavailable);
  if (eligibility !== 'eligible') {
    throw new AppError('DEVICE_NOT_ELIGIBLE', DEVICE_SERVICE_REFUSALS[eligibility], undefined, {
      reason: eligibility,
    });
  }

  const { averageHours, guaranteedHours } = promise;
  const device = [request.brand, request.model].filter(Boolean).join(' ');

  const { url, order } = await checkout(
    deps,
    {
      kind: 'device_service',
      email: request.email,
      userId: buyer.userId,
      couponCode: request.coupon_code || null,
      lines: [
        {
          productRef: service.id,
          name: `${service.name}: ${device}`,
          unitPriceCents: prices[service.id],
          quantity: 1,
          details: {
            service: service.id,
            identifier_masked: maskImei(identifier),
            device,
            average_hours: averageHours,
            guaranteed_hours: guaranteedHours,
          },
        },
      ],
      description: (placed) => `${service.name} ${shortId(placed.id)}`,
      successUrl: (placed) => orderPageUrl(base, placed),
      cancelUrl: new URL(`${service.href}?checkout=cancelled`, base).toString(),
      recordWithOrder: (tx, placed) =>
        createUnlockPlan(tx, {
          orderId: placed.id,
          quoteId: null,
          service: service.id,
          fields: supplierFieldsOf(request),
          imei: identifier,
          brandSlug: request.brand.toLowerCase(),
          tools,
          averageHours,
          guaranteedHours,
        }),
    },
    logger,
  );
  return { url, order_id: order.id };
}
