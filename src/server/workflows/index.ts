import type { CouponEffect } from '../../domain/coupon.ts';
import type { Db } from '../db/client.ts';
import type { Logger } from '../logger.ts';
import type { UnlockOrderRequest } from '../../domain/unlock-order.ts';
import type { CatalogService } from '../modules/catalog/service.ts';
import type { EsimService } from '../modules/esim/service.ts';
import type { QuoteEngine } from '../modules/quotes/service.ts';
import type { Order } from '../modules/orders/service.ts';
import type { PaymentEvent } from '../modules/payments/service.ts';
import { checkout, checkoutEsim, type Cart } from './checkout.ts';
import { checkoutUnlock, checkUnlockCoupon } from './checkout-unlock.ts';
import { checkoutCheck } from './checkout-check.ts';
import { checkoutDeviceService, deviceServicePromises } from './checkout-device-service.ts';
import { requestCustomerRefund } from './customer-refund.ts';
import { requestDeviceServiceRefund } from './device-service-refund.ts';
import type { RefundForm } from '../../domain/device-service-forms.ts';
import type { ParsedDeviceServiceOrder, DeviceServiceId } from '../../domain/device-services.ts';
import type { CheckProvider } from '../integrations/checks/types.ts';
import type { ParsedCheckOrderRequest } from '../../domain/device-checks.ts';
import type { ChecksConfig } from '../integrations/checks/index.ts';
import { closeUnpaidOrder, expireUnpaidOrders } from './close-checkout.ts';
import type { WorkflowDeps } from './deps.ts';
import { type FulfilmentJob, giveUpOrder, reviveStalledFulfilments, runFulfilmentStep } from './fulfil-order.ts';
import { refundOrder } from './refund-order.ts';
import { applyPaymentEvent } from './settle-payment.ts';
import { type OrderEmailJob, sendQueuedOrderEmail } from './order-emails.ts';
import { keepUnlockGuarantee } from './unlock-guarantee.ts';
import { fillWaitingLicenseOrders, importLicenseKeys } from './licenses.ts';
import { checkoutLicenses } from './checkout-license.ts';
import type { CartCheckoutRequest, KeyImportReport, LicenseCheckoutRequest } from '../../domain/licenses.ts';
import type { LicenseService } from '../modules/licenses/service.ts';
import { type OrderEventSubscriber, relayOrderEvents } from './order-events.ts';
import { actOnOrder, listOrders, orderDetail, overview } from './admin-orders.ts';
import type { AdminOrderActionRequest, AdminOrderQuery } from '../../domain/admin.ts';
import type { AdminActor } from '../modules/audit/service.ts';
import type { ProductPriceService } from '../modules/prices/service.ts';
import type { TacTable } from '../modules/checks/tac-table.ts';

export type { WorkflowDeps } from './deps.ts';

/** The store's business processes, each a plain function of explicit steps (see each file). */
export function createWorkflows(
  deps: WorkflowDeps & {
    readonly esim: EsimService;
    readonly quotes: QuoteEngine;
    readonly catalog: CatalogService;
    readonly subscribers: readonly OrderEventSubscriber[];
    readonly checks: ChecksConfig;
    readonly checkProvider: CheckProvider;
    readonly deviceServiceTools: Readonly<Record<DeviceServiceId, readonly string[]>>;
    readonly prices: ProductPriceService;
    readonly licenses: LicenseService;
    readonly tacTable: TacTable;
  },
) {
  return {
    checkout: (cart: Cart, logger?: Logger) => checkout(deps, cart, logger),
    checkoutEsim: (
      request: CartCheckoutRequest,
      buyer: { userId: string | null; returnBaseUrl?: string },
      logger?: Logger,
    ) => checkoutEsim(deps, request, buyer, logger),
    checkoutUnlock: (
      request: UnlockOrderRequest,
      buyer: { userId: string | null; returnBaseUrl?: string },
      logger?: Logger,
    ) => checkoutUnlock(deps, request, buyer, logger),
    checkUnlockCoupon: (quoteId: string, coupon: CouponEffect) => checkUnlockCoupon(deps, quoteId, coupon),
    checkoutCheck: (
      request: ParsedCheckOrderRequest,
      buyer: { userId: string | null; returnBaseUrl?: string },
      logger?: Logger,
    ) => checkoutCheck(deps, request, buyer, logger),
    deviceServicePromises: () => deviceServicePromises(deps),
    checkoutDeviceService: (
      request: ParsedDeviceServiceOrder,
      buyer: { userId: string | null; returnBaseUrl?: string },
      logger?: Logger,
    ) => checkoutDeviceService(deps, request, buyer, logger),
    checkoutLicenses: (
      request: LicenseCheckoutRequest,
      buyer: { userId: string | null; returnBaseUrl?: string },
      logger?: Logger,
    ) => checkoutLicenses(deps, request, buyer, logger),
    importLicenseKeys: (csv: string, within?: (tx: Db, report: KeyImportReport) => Promise<void>) =>
      importLicenseKeys(deps, csv, within),
    requestDeviceServiceRefund: (order: Order, form: RefundForm) => requestDeviceServiceRefund(deps, order, form),
    requestCustomerRefund: (order: Order) => requestCustomerRefund(deps, order),
    applyPaymentEvent: (tx: Db, providerName: string, event: PaymentEvent) =>
      applyPaymentEvent(deps, tx, providerName, event),
    runFulfilmentStep: (job: FulfilmentJob, options?: { budgetMs?: number }) => runFulfilmentStep(deps, job, options),
    giveUpOrder: (job: FulfilmentJob) => giveUpOrder(deps, job),
    reviveStalledFulfilments: (now?: Date) => reviveStalledFulfilments(deps, now),
    refundOrder: (orderId: string, describe: (refunded: boolean, order: Order) => string) =>
      refundOrder(deps, orderId, describe),
    cancelUnpaidOrder: (orderId: string, message: string) => closeUnpaidOrder(deps, orderId, 'cancelled', message),
    expireUnpaidOrders: (now?: Date) => expireUnpaidOrders(deps, now),
    keepUnlockGuarantee: (now?: Date) => keepUnlockGuarantee(deps, now),
    fillWaitingLicenseOrders: (now?: Date) => fillWaitingLicenseOrders(deps, now),
    relayOrderEvents: () => relayOrderEvents(deps),
    sendQueuedOrderEmail: (job: OrderEmailJob, now?: Date) => sendQueuedOrderEmail(deps, job, now),
    admin: {
      listOrders: (query: AdminOrderQuery) => listOrders(deps, query),
      orderDetail: (orderId: string) => orderDetail(deps, orderId),
      actOnOrder: (actor: AdminActor, orderId: string, request: AdminOrderActionRequest) =>
        actOnOrder(deps, actor, orderId, request),
      overview: (now?: Date) => overview(deps, now),
    },
  };
}

export type Workflows = ReturnType<typeof createWorkflows>;
