/**
 * Every table, each in the schema file of the module that owns it (src/server/db/schema/): the
 * one index that drizzle-kit and the repos read.
 */
export * from './schema/accounts.ts';
export * from './schema/mail.ts';
export * from './schema/reference-data.ts';
export * from './schema/quotes.ts';
export * from './schema/service-requests.ts';
export * from './schema/esim.ts';
export * from './schema/coupons.ts';
export * from './schema/orders.ts';
export * from './schema/payments.ts';
export * from './schema/unlocks.ts';
export * from './schema/newsletter.ts';
export * from './schema/bug-reports.ts';
export * from './schema/checks.ts';
export * from './schema/audit.ts';
export * from './schema/prices.ts';
export * from './schema/licenses.ts';
export * from './schema/support.ts';
