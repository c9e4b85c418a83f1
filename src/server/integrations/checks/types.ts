/**
 * A device-check provider, spoken to over the trade's imeicheck-style API (the sandbox speaks it
 * too): `POST /v1/checks`, `GET /v1/checks/{id}`, `GET /v1/services`, `GET /v1/account`.
 */
export interface CheckProvider {
  readonly id: string;
  readonly name: string;
  readonly adapter: 'sandbox' | 'http';
  /** `GET /v1/account`: the balance, to check the key and alert before it runs out. */
  account(): Promise<{ readonly balanceCents: number }>;
  /** `GET /v1/services`: what the provider sells, at its price to us. */
  services(): Promise<CheckServiceListing[]>;
  /** `POST /v1/checks` (201): the provider's check, often already answered. */
  submit(input: { readonly deviceId: string; readonly serviceId: string }): Promise<ProviderCheck>;
  /** `GET /v1/checks/{id}`. */
  status(checkId: string): Promise<ProviderCheck>;
}

export interface CheckServiceListing {
  readonly serviceId: string;
  readonly title: string;
  readonly priceCents: number;
}

/** A check as the provider answers it, its status read into three outcomes. */
export type ProviderCheck =
  | { readonly id: string; readonly state: 'pending' } // waiting, processing
  | { readonly id: string; readonly state: 'successful'; readonly properties: Readonly<Record<string, unknown>> }
  /** `unsuccessful`: the records could not be read for this device; `failed`: the provider's own fault. */
  | { readonly id: string; readonly state: 'unsuccessful' | 'failed'; readonly reason: string };

/** No answer, or one that cannot be read (network, timeout, 5xx, malformed JSON): nothing about the check; try again. */
export class CheckTransportError extends Error {
  override name = 'CheckTransportError';
}

/** The provider refused our key or balance (401, 402, 403): nothing about the check; retry and alert. */
export class CheckAccountError extends Error {
  override name = 'CheckAccountError';
}

/** The provider refused the check itself (422: unknown service, bad device id): the check cannot be done. */
export class CheckRefusedError extends Error {
  override name = 'CheckRefusedError';
}
