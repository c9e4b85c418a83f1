/**
 * One unlock service as the store matches it: a supplier's service (DHRU `imeiservicelist`) with
 * the store's own mapping onto canonical slugs. Tool ids are `<supplier tool prefix>-<service id>`.
 */
export interface SupplierService {
  readonly tool_id: string;
  readonly name: string;
  readonly brand_slug: string | null;
  readonly carrier_slug: string | null;
  readonly country_code: string | null;
  readonly series_min: number | null;
  readonly series_max: number | null;
  readonly model_series: readonly string[] | null;
  readonly cost_cents: number;
  readonly delivery_hours_min: number;
  readonly delivery_hours_max: number;
  /** 0 to 1. */
  readonly success_rate: number;
  readonly requires_clean_check: boolean;
}

/** A service exactly as the supplier lists it (DHRU `imeiservicelist`), before the store maps it. */
export interface SupplierListing {
  /** The supplier's SERVICEID. */
  readonly serviceId: string;
  readonly name: string;
  /** The supplier's GROUPNAME. */
  readonly group: string;
  /** CREDIT, in cents of the account's currency. */
  readonly costCents: number;
  /** TIME as the supplier wrote it ('1-3 Days'), and as hours. */
  readonly deliveryText: string;
  readonly deliveryHoursMin: number;
  readonly deliveryHoursMax: number;
  /** Custom fields the service needs besides the IMEI (DHRU `Requires.Custom`), by name. */
  readonly requiredFields: readonly string[];
}

/** Where a submitted order stands at the supplier (DHRU `getimeiorder` STATUS). */
export type SupplierOrderStatus =
  | { readonly state: 'pending' } // 0: new
  | { readonly state: 'in_process' } // 1
  | { readonly state: 'rejected'; readonly reason: string } // 3, reason from CODE
  | { readonly state: 'success'; readonly result: string }; // 4, the code or result from CODE

/**
 * The supplier could not be reached or answered with something unreadable (network error, timeout,
 * 5xx, malformed JSON). It says nothing about the order: never read it as a rejection; try again.
 */
export class SupplierTransportError extends Error {
  override name = 'SupplierTransportError';
}

/** The supplier refused our account (bad credentials, no credit): nothing about the order; retry and alert. */
export class SupplierAccountError extends Error {
  override name = 'SupplierAccountError';
}

/** The supplier declined this order on this service (an `ERROR` about the order itself): try the next tool. */
export class SupplierRejectedError extends Error {
  override name = 'SupplierRejectedError';
}

/** A wholesale unlock supplier, spoken to over its protocol (DHRU Fusion; the sandbox speaks it too). */
export interface UnlockSupplier {
  readonly id: string;
  readonly name: string;
  readonly adapter: 'sandbox' | 'dhru';
  /** Prefix of the tool ids of this supplier's services. */
  readonly toolPrefix: string;
  /** DHRU `accountinfo`: the account's credit, to check the credentials and alert before it runs out. */
  accountInfo(): Promise<{ readonly creditCents: number; readonly currency: string }>;
  /** DHRU `imeiservicelist`. */
  listServices(): Promise<SupplierListing[]>;
  /**
   * DHRU `placeimeiorder` (→ REFERENCEID). `reference` is the store's own id of this submission,
   * sent with it so a repeat after a crash is recognised rather than placed twice.
   */
  placeOrder(input: {
    readonly serviceId: string;
    readonly imei: string;
    readonly reference: string;
    readonly fields?: Readonly<Record<string, string>>;
  }): Promise<{ readonly supplierRef: string }>;
  /** DHRU `getimeiorder`. */
  orderStatus(supplierRef: string): Promise<SupplierOrderStatus>;
}
