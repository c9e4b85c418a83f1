import {
  CHECK_PRODUCTS,
  CHECK_REUSE_HOURS,
  type CheckProductId,
  type CheckResult,
  deviceTypeOf,
  FREE_CHECK_MESSAGES,
  type FreeCheckAnswer,
  tacOf,
} from '../../../domain/device-checks.ts';
import { CHECK_PROVIDER_LOW_BALANCE_CENTS } from '../../../domain/admin.ts';
import type { KnownDevice } from '../../../domain/device-fit.ts';
import { reportedLock, type UnlockRefusal } from '../../../domain/unlock-order.ts';
import { identifierKind } from '../../../domain/imei.ts';
import type { Db } from '../../db/client.ts';
import type { CheckProvider } from '../../integrations/checks/types.ts';
import type { Logger } from '../../logger.ts';
import * as repo from './repo.ts';
import type { TacTable } from './tac-table.ts';

export type { DeviceCheckRow } from './repo.ts';
export { countCheckPoll, findDeviceCheck, moveDeviceCheck, resetCheckErrors } from './repo.ts';
export { checkReportPdf } from './report-pdf.ts';
export { deviceEligibility, lockStatus } from './lock-status.ts';

/** The key a device's model is learnt under: its TAC, or an Apple serial as a whole. */
function lookupKey(identifier: string): string {
  return tacOf(identifier) ?? identifier;
}

/**
 * The free check: brand, model and type of device at once, from the shipped TAC table, else from
 * what an earlier paid check's provider answer taught the store about the same TAC (or serial).
 */
export async function freeCheck(db: Db, table: TacTable, identifier: string): Promise<FreeCheckAnswer> {
  const kind = identifierKind(identifier);
  if (kind === 'invalid') throw new Error('freeCheck needs an IMEI or a serial number');
  const tac = tacOf(identifier);
  const fromTable = tac ? table.get(tac) : undefined;
  const base = { identifier_kind: kind, tac };
  if (fromTable) {
    return {
      ...base,
      found: true,
      brand: fromTable.brand,
      model: fromTable.model,
      device_type: fromTable.deviceType,
      source: 'table',
      message: FREE_CHECK_MESSAGES.found,
    };
  }
  const learnt = await repo.findDeviceLookup(db, lookupKey(identifier));
  if (learnt) {
    return {
      ...base,
      found: true,
      brand: learnt.brand,
      model: learnt.model,
      device_type: learnt.deviceType,
      source: 'provider',
      message: FREE_CHECK_MESSAGES.foundByProvider,
    };
  }
  return {
    ...base,
    found: false,
    brand: null,
    model: null,
    device_type: null,
    source: null,
    message: kind === 'serial' ? FREE_CHECK_MESSAGES.serial : FREE_CHECK_MESSAGES.notInTable,
  };
}

/** What the store knows a device is from its identifier (the TAC table, or an earlier check of its model), else null. */
export async function knownDevice(db: Db, table: TacTable, identifier: string): Promise<KnownDevice | null> {
  if (identifierKind(identifier) === 'invalid') return null;
  const answer = await freeCheck(db, table, identifier);
  return answer.found && answer.brand ? { brand: answer.brand, model: answer.model ?? '' } : null;
}

/** How many of a device's newest check answers say whether it is reported lost or stolen. */
const LOCK_REPORT_ANSWERS = 10;

/** Whether checks of this IMEI found it blacklisted or in lost mode (the newest answer on each wins). */
export async function reportedLockOf(db: Db, imei: string): Promise<UnlockRefusal | null> {
  return reportedLock(await repo.selectCheckResults(db, imei, LOCK_REPORT_ANSWERS));
}

/** Keeps what a provider said a device is, for the free check of the next one with the same TAC (or serial). */
export async function learnDevice(db: Db, identifier: string, result: CheckResult): Promise<void> {
  if (!result.model) return;
  const brand = result.brand ?? (identifierKind(identifier) === 'serial' ? 'Apple' : null);
  if (!brand) return;
  await repo.saveDeviceLookup(db, {
    key: lookupKey(identifier),
    brand,
    model: result.model,
    deviceType: deviceTypeOf(brand, result.model),
  });
}

/** Keeps a check order's device and product beside the order, in the transaction that places it. */
export async function recordCheck(
  tx: Db,
  check: {
    orderId: string;
    product: CheckProductId;
    identifier: string;
    serviceId: string;
    buyerEmail: string;
    buyerUserId: string | null;
  },
): Promise<void> {
  const cost = (await repo.selectCheckServiceCosts(tx)).get(check.serviceId) ?? null;
  await repo.insertDeviceCheck(tx, { ...check, costCents: cost, buyerEmail: check.buyerEmail.toLowerCase() });
}

/**
 * One sync of the check provider: its account (a low balance warned: checks fail once it runs out)
 * and its service list, whose prices are what each check costs the store.
 */
export async function syncCheckProvider(db: Db, provider: CheckProvider, logger: Logger) {
  const account = await provider.account();
  await repo.recordCheckAccount(db, { providerId: provider.id, name: provider.name, ...account });
  if (account.balanceCents < CHECK_PROVIDER_LOW_BALANCE_CENTS) {
    logger.warn({ provider: provider.id, ...account }, 'the check provider balance is low: top the account up');
  }
  const services = await provider.services();
  await repo.replaceCheckServices(
    db,
    services.map((service) => ({ serviceId: service.serviceId, title: service.title, costCents: service.priceCents })),
    new Date(),
  );
  return { services: services.length, balanceCents: account.balanceCents };
}

export const checkProviderAccount = repo.selectCheckAccount;
export const checkServiceCosts = repo.selectCheckServiceCosts;
export const checkCostSince = repo.selectCheckCostSince;

/** The same check of the same device by the same buyer answered in the last 24 hours, if any. */
export async function reusableCheck(
  db: Db,
  query: { product: CheckProductId; identifier: string; buyerEmail: string; buyerUserId: string | null },
  now = new Date(),
) {
  return repo.findAnsweredCheck(db, {
    ...query,
    buyerEmail: query.buyerEmail.toLowerCase(),
    since: new Date(now.getTime() - CHECK_REUSE_HOURS * 3_600_000),
  });
}

/** Check orders of the device with this IMEI (matched on its first 14 digits), newest first. */
export function checkOrdersOfDevice(db: Db, imei: string, limit: number): Promise<string[]> {
  return repo.checkOrdersOfDevice(db, imei.slice(0, 14), limit);
}

export function productOf(id: CheckProductId) {
  return CHECK_PRODUCTS[id];
}
