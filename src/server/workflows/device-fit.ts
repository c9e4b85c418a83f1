import { identifierKind } from '../../domain/imei.ts';
import { type FittingProduct, fitsDevice, fittingAlternative, misfitMessage } from '../../domain/device-fit.ts';
import type { Db } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { knownDevice } from '../modules/checks/service.ts';
import type { TacTable } from '../modules/checks/tac-table.ts';

/** Why a device is refused a product before payment (issue 44): `DEVICE_NOT_ELIGIBLE`'s `details.reason`. */
export const MISFIT_REASON = 'misfit';

/**
 * Fit before payment: a device the store knows (its TAC, an earlier check of its model) that the
 * product is not made for is refused with the reason and the product that fits, nothing placed.
 */
export async function refuseMisfit(
  db: Db,
  table: TacTable,
  identifier: string,
  product: FittingProduct,
  others: readonly FittingProduct[],
): Promise<void> {
  const device = await knownDevice(db, table, identifier);
  if (!device || fitsDevice(product.fits, device)) return;
  const kind = identifierKind(identifier) === 'serial' ? 'serial' : 'imei';
  const message = misfitMessage(device, kind, product, fittingAlternative(others, device));
  throw new AppError('DEVICE_NOT_ELIGIBLE', message, { identifier: [message] }, { reason: MISFIT_REASON });
}
