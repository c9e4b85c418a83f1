import { pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

// Service requests: modules/service-requests.

export const serviceRequests = pgTable('service_requests', {
  id: text('id').primaryKey(),
  email: text('email').notNull(),
  imei: text('imei').notNull(),
  brand: text('brand').notNull(),
  model: text('model'),
  carrier: text('carrier').notNull(),
  country: text('country').notNull(),
  notes: text('notes'),
  status: text('status').notNull().default('new'),
  createdAt: createdAt(),
});
