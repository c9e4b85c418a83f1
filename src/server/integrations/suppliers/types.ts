/** One unlock service as a supplier lists it, mapped onto our canonical slugs. */
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

/** A wholesale unlock supplier. Ordering arrives with the unlock-orders work. */
export interface UnlockSupplier {
  readonly id: string;
  readonly name: string;
  readonly adapter: 'sandbox' | 'dhru';
  listServices(limit: number): Promise<SupplierService[]>;
}
