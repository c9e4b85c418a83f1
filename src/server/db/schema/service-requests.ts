import { sql } from 'drizzle-orm';
import { check, index, pgTable, text } from 'drizzle-orm/pg-core';
import { REQUEST_STATUSES, type RequestStatus } from '../../../domain/admin-inbox.ts';
import { createdAt, sqlList } from './columns.ts';

// Service requests: modules/service-requests.

export const serviceRequests = pgTable(
  'service_requests',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    imei: text('imei').notNull(),
    brand: text('brand').notNull(),
    model: text('model'),
    carrier: text('carrier').notNull(),
    country: text('country').notNull(),
    notes: text('notes'),
    status: text('status').$type<RequestStatus>().notNull().default('new'),
    createdAt: createdAt(),
  },
  (t) => [
    index('service_requests_created_idx').on(t.createdAt),
    check('service_requests_status_known', sql`${t.status} IN (${sqlList(REQUEST_STATUSES)})`),
  ],
);
