import type { EsimPackageRow } from '../../../domain/esim-catalog.ts';

/** What installs an eSIM: the SM-DP+ server and the activation code it knows the profile by. */
export interface EsimProfile {
  readonly iccid: string;
  readonly smdpAddress: string;
  readonly matchingId: string;
}

export interface ProvisionRequest {
  readonly packageId: string;
  /** Our order item (and unit) the profile is for: the provider's order description. */
  readonly orderItemId: string;
}

/** A supplier of travel eSIM data packages. */
export interface EsimProvider {
  readonly name: 'sandbox' | 'partner';
  /** The provider's sellable packages, in our catalogue's row shape. */
  listPackages(): Promise<EsimPackageRow[]>;
  /** Buys one eSIM of the package. */
  provision(request: ProvisionRequest): Promise<EsimProfile>;
}

export class EsimProvisioningError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EsimProvisioningError';
  }
}
