import { randomUUID } from 'node:crypto';
import { maskImei } from '../../../domain/imei.ts';
import { UNSUPPORTED_TEXT } from '../../../domain/quote.ts';
import type { ServiceRequest } from '../../../domain/service-request.ts';
import { shortId } from '../../../domain/short-id.ts';
import { STORE } from '../../../domain/store-config.ts';
import type { AdminServiceRequest, RequestStatus } from '../../../domain/admin-inbox.ts';
import { inTransaction, type Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { OutgoingMail } from '../../integrations/mail/transport.ts';
import type { CatalogService, CatalogueNames } from '../catalog/service.ts';
import type { Mailer } from '../mail/service.ts';
import * as repo from './repo.ts';

export interface ServiceRequestDeps {
  readonly db: Db;
  readonly catalog: CatalogService;
  readonly mailer: Mailer;
}

/** Stores the request for the team and confirms it to the address given; returns the request id. */
export async function requestService(deps: ServiceRequestDeps, input: ServiceRequest): Promise<string> {
  const id = randomUUID();
  await repo.insertServiceRequest(deps.db, { id, ...input, model: input.model || null, notes: input.notes || null });
  const names = await deps.catalog.catalogueNames(input);
  await deps.mailer.send(confirmationMail({ id, email: input.email, imei: input.imei, names }));
  return id;
}

/**
 * The confirmation goes to an address nobody has proven, so it carries only the store's own words,
 * the catalogue's names and a masked IMEI: never the requester's notes, model or free-typed names,
 * which would make the store a relay for anyone's text (ADR 023).
 */
export function confirmationMail(request: {
  readonly id: string;
  readonly email: string;
  readonly imei: string;
  readonly names: CatalogueNames;
}): OutgoingMail {
  const { names } = request;
  const reference = shortId(request.id);
  const device = [
    names.brand ? `your ${names.brand} device` : 'your device',
    names.carriers.length > 0 ? `on ${names.carriers.join(' or ')}` : null,
    names.country ? `in ${names.country}` : null,
  ]
    .filter(Boolean)
    .join(' ');
  return {
    to: request.email,
    subject: `We received your unlock request (${reference})`,
    text: [
      `Thank you for asking ${STORE.name} to unlock ${device} (IMEI ${maskImei(request.imei)}).`,
      `We do not offer this unlock yet. ${UNSUPPORTED_TEXT}.`,
      `Your reference: ${reference}`,
      'If you did not ask for this, you can ignore this message.',
    ].join('\n\n'),
  };
}

/** Requests for the admin area, newest first. */
export async function listServiceRequests(
  db: Db,
  options: { limit: number; before?: Date },
): Promise<AdminServiceRequest[]> {
  return (await repo.selectServiceRequests(db, options)).map((row) => ({
    id: row.id,
    created_at: new Date(row.createdAt).toISOString(),
    email: row.email,
    imei: row.imei,
    brand: row.brand,
    model: row.model,
    carrier: row.carrier,
    country: row.country,
    notes: row.notes,
    status: row.status,
  }));
}

/** Moves a request to `status` with `within` (its audit event) in the same transaction. */
export async function setServiceRequestStatus(
  db: Db,
  id: string,
  status: RequestStatus,
  within?: (tx: Db, before: RequestStatus) => Promise<void>,
): Promise<void> {
  await inTransaction(db, async (tx) => {
    const before = await repo.updateRequestStatus(tx, id, status);
    if (before === null) throw new AppError('NOT_FOUND', 'No such service request.');
    await within?.(tx, before);
  });
}
