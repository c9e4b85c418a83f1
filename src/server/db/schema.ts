import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { ORDER_KINDS, ORDER_STATUSES, type OrderKind, type OrderStatus } from '../../domain/order.ts';
import { BUG_PRIORITIES } from '../../domain/bug-report.ts';
import {
  UNLOCK_ATTEMPT_STATES,
  UNLOCK_STAGES,
  UNLOCK_WORKING_STAGES,
  type UnlockAttemptState,
  type UnlockStage,
} from '../../domain/unlock-process.ts';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
/** `'a', 'b'`: a domain list as the values of an IN (...) check. The lists are our own constants. */
const sqlList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '));

// ── Accounts (better-auth core tables; field names are better-auth's) ─────────────────────

export const user = pgTable('user', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
  },
  (t) => [index('session_user_id_idx').on(t.userId)],
);

export const account = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('account_user_id_idx').on(t.userId)],
);

export const verification = pgTable(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('verification_identifier_idx').on(t.identifier)],
);

/** Spec section 6: a user is an admin when a user_roles row with role 'admin' exists. */
export const userRoles = pgTable(
  'user_roles',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.role] })],
);

// ── Mail outbox: every message is stored; SMTP delivery is recorded on the row ───────────

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    // Kept whole (base64) so a stored message is complete, e.g. the eSIM receipt's QR code images.
    attachments: jsonb('attachments')
      .$type<{ filename: string; contentType: string; contentBase64: string; contentId?: string }[]>()
      .notNull()
      .default([]),
    /** Extra message headers, e.g. the newsletter's List-Unsubscribe; kept so a retried message carries them. */
    headers: jsonb('headers').$type<Record<string, string>>(),
    transport: text('transport').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** The last delivery failure; kept when the store gives up on the message. */
    error: text('error'),
    /** Delivery tries so far. */
    attempts: integer('attempts').notNull().default(0),
    /** When the retry job may try an unsent message (again); null once sent or given up. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('mail_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} IS NULL`),
  ],
);

// ── Reference data (spec section 3 and 7) ────────────────────────────────────────────────

export const canonicalCountries = pgTable('canonical_countries', {
  countryCode: text('country_code').primaryKey(),
  countryName: text('country_name').notNull(),
  iso2: text('iso2'),
  iso3: text('iso3'),
  region: text('region').notNull(),
  active: boolean('active').notNull().default(true),
});

export const countryAliases = pgTable(
  'country_aliases',
  {
    alias: text('alias').notNull(),
    aliasKey: text('alias_key').notNull(),
    countryCode: text('country_code')
      .notNull()
      .references(() => canonicalCountries.countryCode, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.aliasKey, t.countryCode] })],
);

export const canonicalCarriers = pgTable(
  'canonical_carriers',
  {
    carrierSlug: text('carrier_slug').primaryKey(),
    carrierName: text('carrier_name').notNull(),
    countryCode: text('country_code').references(() => canonicalCountries.countryCode),
    carrierType: text('carrier_type').notNull(),
    active: boolean('active').notNull().default(true),
  },
  (t) => [index('canonical_carriers_name_idx').on(t.carrierName)],
);

export const carrierAliases = pgTable(
  'carrier_aliases',
  {
    id: serial('id').primaryKey(),
    alias: text('alias').notNull(),
    aliasKey: text('alias_key').notNull(),
    carrierSlug: text('carrier_slug')
      .notNull()
      .references(() => canonicalCarriers.carrierSlug, { onDelete: 'cascade' }),
    countryCode: text('country_code'),
  },
  (t) => [
    uniqueIndex('carrier_aliases_key_uq').on(t.aliasKey, t.carrierSlug, sql`coalesce(${t.countryCode}, '')`),
    index('carrier_aliases_key_idx').on(t.aliasKey),
  ],
);

export const canonicalBrands = pgTable('canonical_brands', {
  brandSlug: text('brand_slug').primaryKey(),
  brandName: text('brand_name').notNull(),
  brandFamily: text('brand_family').notNull(),
  manufacturer: text('manufacturer').notNull(),
  active: boolean('active').notNull().default(true),
});

export const brandAliases = pgTable(
  'brand_aliases',
  {
    alias: text('alias').notNull(),
    aliasKey: text('alias_key').notNull(),
    brandSlug: text('brand_slug')
      .notNull()
      .references(() => canonicalBrands.brandSlug, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.aliasKey, t.brandSlug] })],
);

export const regionCountryMapping = pgTable(
  'region_country_mapping',
  {
    region: text('region').notNull(),
    countryCode: text('country_code')
      .notNull()
      .references(() => canonicalCountries.countryCode, { onDelete: 'cascade' }),
    countryName: text('country_name').notNull(),
  },
  (t) => [primaryKey({ columns: [t.region, t.countryCode] })],
);

export const iphoneModels = pgTable('iphone_models', {
  modelName: text('model_name').primaryKey(),
  seriesNumber: integer('series_number').notNull(),
  releaseYear: integer('release_year').notNull(),
});

export const samsungModels = pgTable('samsung_models', {
  modelName: text('model_name').primaryKey(),
  modelSeries: text('model_series').notNull(),
  releaseYear: integer('release_year').notNull(),
});

/** The built-in five-model lists of the 28 other brands (spec section 3). */
export const brandModels = pgTable(
  'brand_models',
  {
    brandSlug: text('brand_slug')
      .notNull()
      .references(() => canonicalBrands.brandSlug, { onDelete: 'cascade' }),
    modelName: text('model_name').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.brandSlug, t.modelName] })],
);

/** Which version of data/seed was last loaded, so a restart skips an unchanged seed. */
export const seedState = pgTable('seed_state', {
  name: text('name').primaryKey(),
  checksum: text('checksum').notNull(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
});

// ── Unlock supply: suppliers, their tools, our fixed-price SKUs, pricing and quotes ─────

export const suppliers = pgTable('suppliers', {
  supplierId: text('supplier_id').primaryKey(),
  name: text('name').notNull(),
  /** Which adapter talks to it: 'sandbox' or 'dhru'. */
  adapter: text('adapter').notNull(),
  active: boolean('active').notNull().default(true),
  createdAt: createdAt(),
});

export const supplierTools = pgTable(
  'supplier_tools',
  {
    toolId: text('tool_id').primaryKey(),
    supplierId: text('supplier_id')
      .notNull()
      .references(() => suppliers.supplierId),
    name: text('name').notNull(),
    costCents: integer('cost_cents').notNull(),
    deliveryHoursMin: integer('delivery_hours_min').notNull(),
    deliveryHoursMax: integer('delivery_hours_max').notNull(),
    /** Share of orders the supplier completed, 0 to 1000 (tenths of a percent). */
    successPermille: integer('success_permille').notNull(),
    requiresCleanCheck: boolean('requires_clean_check').notNull().default(false),
    brandSlug: text('brand_slug').references(() => canonicalBrands.brandSlug),
    carrierSlug: text('carrier_slug').references(() => canonicalCarriers.carrierSlug),
    countryCode: text('country_code').references(() => canonicalCountries.countryCode),
    seriesMin: integer('series_min'),
    seriesMax: integer('series_max'),
    /** Samsung series the tool covers ('Galaxy S', ...); null for every series. */
    modelSeries: text('model_series').array(),
    /** Fields the supplier's service needs besides the IMEI (DHRU `Requires.*`); the store sends only the IMEI. */
    requiredFields: text('required_fields')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    active: boolean('active').notNull().default(true),
    updatedAt: updatedAt(),
  },
  (t) => [index('supplier_tools_match_idx').on(t.brandSlug, t.carrierSlug)],
);

export const unlockSkus = pgTable(
  'unlock_skus',
  {
    skuId: serial('sku_id').primaryKey(),
    skuCode: text('sku_code').notNull().unique(),
    brandSlug: text('brand_slug')
      .notNull()
      .references(() => canonicalBrands.brandSlug),
    carrierSlug: text('carrier_slug')
      .notNull()
      .references(() => canonicalCarriers.carrierSlug),
    countryCode: text('country_code').references(() => canonicalCountries.countryCode),
    seriesMin: integer('series_min'),
    seriesMax: integer('series_max'),
    priceCents: integer('price_cents').notNull(),
    estimatedHoursMin: integer('estimated_hours_min').notNull(),
    estimatedHoursMax: integer('estimated_hours_max').notNull(),
    requiresCleanCheck: boolean('requires_clean_check').notNull().default(false),
    defaultToolId: text('default_tool_id').references(() => supplierTools.toolId),
    active: boolean('active').notNull().default(true),
  },
  (t) => [index('unlock_skus_match_idx').on(t.brandSlug, t.carrierSlug)],
);

/** How a tool's cost becomes a price; the active rule with the lowest id applies. */
export const pricingRules = pgTable('pricing_rules', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  markupPercent: integer('markup_percent').notNull(),
  minMarginCents: integer('min_margin_cents').notNull(),
  /** Prices end in .99 when true. */
  roundTo99: boolean('round_to_99').notNull().default(true),
  active: boolean('active').notNull().default(true),
});

export const quotes = pgTable(
  'quotes',
  {
    id: text('id').primaryKey(),
    imei: text('imei').notNull(),
    brandSlug: text('brand_slug').notNull(),
    model: text('model'),
    carrierSlug: text('carrier_slug').notNull(),
    countryCode: text('country_code').notNull(),
    priceCents: integer('price_cents').notNull(),
    currency: text('currency').notNull().default('USD'),
    estimatedHoursMin: integer('estimated_hours_min').notNull(),
    estimatedHoursMax: integer('estimated_hours_max').notNull(),
    requiresCleanCheck: boolean('requires_clean_check').notNull(),
    source: text('source').notNull(),
    skuId: integer('sku_id'),
    toolId: text('tool_id'),
    toolCostCents: integer('tool_cost_cents'),
    /** The tools to fall back on, best first, when the primary one declines (rerouting). */
    alternativeToolIds: text('alternative_tool_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The usual and the most hours the quote promised (average of real orders or the supplier's window; the tool's max). */
    averageHours: integer('average_hours'),
    guaranteedHours: integer('guaranteed_hours'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('quotes_expires_idx').on(t.expiresAt)],
);

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

// ── Travel eSIM catalogue (data/seed/esim-packages.json or the eSIM provider's sync) ─────

export const esimPackages = pgTable(
  'esim_packages',
  {
    packageId: text('package_id').primaryKey(),
    packageName: text('package_name').notNull(),
    /** Null for unlimited data. */
    dataGb: doublePrecision('data_gb'),
    validityDays: integer('validity_days').notNull(),
    /** 'local', 'regional' or 'global'. */
    kind: text('kind').notNull(),
    countryCode: text('country_code'),
    region: text('region'),
    countriesIso3: text('countries_iso3').array().notNull(),
    priceCents: integer('price_cents').notNull(),
    netCostCents: integer('net_cost_cents').notNull(),
    provider: text('provider').notNull(),
    active: boolean('active').notNull().default(true),
    updatedAt: updatedAt(),
  },
  (t) => [index('esim_packages_country_idx').on(t.countryCode), index('esim_packages_region_idx').on(t.region)],
);

// ── Coupons (spec section 3) ──────────────────────────────────────────────────────────────

export const coupons = pgTable(
  'coupons',
  {
    code: text('code').primaryKey(),
    active: boolean('active').notNull().default(true),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    maxUsage: integer('max_usage'),
    usageCount: integer('usage_count').notNull().default(0),
    /** Uses held by checkouts waiting for payment (rows of coupon_reservations). */
    reservedCount: integer('reserved_count').notNull().default(0),
    amountOffCents: integer('amount_off_cents'),
    percentOff: integer('percent_off'),
    createdAt: createdAt(),
  },
  (t) => [
    // Reservations and redemptions together stay within the limit; the reserving UPDATE already
    // guards it, this makes any other writer fail loudly too.
    check(
      'coupons_usage_within_limit',
      sql`${t.maxUsage} IS NULL OR ${t.usageCount} + ${t.reservedCount} <= ${t.maxUsage}`,
    ),
    check('coupons_reserved_not_negative', sql`${t.reservedCount} >= 0`),
    check('coupons_percent_range', sql`${t.percentOff} IS NULL OR (${t.percentOff} > 0 AND ${t.percentOff} <= 100)`),
    check('coupons_amount_positive', sql`${t.amountOffCents} IS NULL OR ${t.amountOffCents} > 0`),
  ],
);

// ── Orders (eSIM now, unlocks later), their items, history, payments and fulfilment ──────

export const orders = pgTable(
  'orders',
  {
    /** A UUID; its first 8 hex characters are the short id customers see. */
    id: text('id').primaryKey(),
    kind: text('kind').$type<OrderKind>().notNull(),
    email: text('email').notNull(),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    status: text('status').$type<OrderStatus>().notNull(),
    currency: text('currency').notNull().default('USD'),
    subtotalCents: integer('subtotal_cents').notNull(),
    discountCents: integer('discount_cents').notNull().default(0),
    totalCents: integer('total_cents').notNull(),
    couponCode: text('coupon_code'),
    paymentProvider: text('payment_provider'),
    paymentSessionId: text('payment_session_id'),
    /** When the payment session runs out: an order still unpaid then is expired by a job. */
    paymentExpiresAt: timestamp('payment_expires_at', { withTimezone: true }),
    paymentRef: text('payment_ref'),
    refundRef: text('refund_ref'),
    /** Random secret of the guest links (receipt, tracking). */
    accessToken: text('access_token').notNull(),
    /**
     * The step number of the order's one live fulfilment job chain (ADR 067): a job of another
     * number is stale and ends; only the run that moves it on queues the next job.
     */
    fulfilmentStep: integer('fulfilment_step').notNull().default(0),
    /** When the chain's next job should have run; long past it, the chain is started again. */
    fulfilmentDueAt: timestamp('fulfilment_due_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('orders_email_idx').on(t.email),
    // Order lookup and the guest upgrade find a person's orders whatever case the email was typed in.
    index('orders_email_lower_idx').on(sql`lower(${t.email})`),
    index('orders_user_idx').on(t.userId),
    uniqueIndex('orders_payment_session_uq').on(t.paymentProvider, t.paymentSessionId),
    // Only unpaid orders carry a deadline the expiry job looks for.
    index('orders_unpaid_expiry_idx')
      .on(t.paymentExpiresAt)
      .where(sql`${t.status} = 'pending_payment'`),
    index('orders_fulfilment_due_idx')
      .on(t.fulfilmentDueAt)
      .where(sql`${t.fulfilmentDueAt} IS NOT NULL`),
    check('orders_kind_known', sql`${t.kind} IN (${sqlList(ORDER_KINDS)})`),
    check('orders_status_known', sql`${t.status} IN (${sqlList(ORDER_STATUSES)})`),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    /** What was bought: an eSIM package id now, a quote id for unlocks. */
    productRef: text('product_ref').notNull(),
    name: text('name').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    quantity: integer('quantity').notNull(),
    /** A snapshot of the product as sold (data, validity, countries), kept when the catalogue changes. */
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index('order_items_order_idx').on(t.orderId)],
);

export const orderEvents = pgTable(
  'order_events',
  {
    id: serial('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status').$type<OrderStatus>().notNull(),
    message: text('message').notNull(),
    createdAt: createdAt(),
    /**
     * When the event was handed to its subscribers' job queues (ADR 069): null until then. Written
     * with the state change, relayed once (the relay claims it in the transaction that queues the jobs).
     */
    dispatchedAt: timestamp('dispatched_at', { withTimezone: true }),
  },
  (t) => [
    index('order_events_order_idx').on(t.orderId, t.id),
    index('order_events_undispatched_idx')
      .on(t.id)
      .where(sql`${t.dispatchedAt} IS NULL`),
    check('order_events_status_known', sql`${t.status} IN (${sqlList(ORDER_STATUSES)})`),
  ],
);

export const esimProfiles = pgTable(
  'esim_profiles',
  {
    id: serial('id').primaryKey(),
    orderItemId: text('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    /** Which of the item's quantity this profile is (0-based). */
    unitIndex: integer('unit_index').notNull(),
    iccid: text('iccid').notNull().unique(),
    smdpAddress: text('smdp_address').notNull(),
    matchingId: text('matching_id').notNull(),
    lpa: text('lpa').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('esim_profiles_unit_uq').on(t.orderItemId, t.unitIndex)],
);

/** Every webhook event handled, by the provider's own id: a replay finds its row and stops. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    orderId: text('order_id'),
    sessionId: text('session_id'),
    outcome: text('outcome').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/** The built-in sandbox payment provider's own checkout sessions. */
export const sandboxPaymentSessions = pgTable('sandbox_payment_sessions', {
  id: text('id').primaryKey(),
  orderId: text('order_id').notNull(),
  email: text('email').notNull(),
  amountCents: integer('amount_cents').notNull(),
  currency: text('currency').notNull(),
  lineItems: jsonb('line_items').$type<{ name: string; unitAmountCents: number; quantity: number }[]>().notNull(),
  description: text('description').notNull(),
  successUrl: text('success_url').notNull(),
  cancelUrl: text('cancel_url').notNull(),
  /** 'open', 'paid' or 'expired'. */
  status: text('status').notNull().default('open'),
  paymentRef: text('payment_ref').unique(),
  refundedCents: integer('refunded_cents').notNull().default(0),
  /** The idempotency key of the last refund, so a retried refund answers the same refund. */
  refundKey: text('refund_key'),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * The sandbox provider's outgoing webhook events, one per closed session, stored with the closing
 * so a crash cannot separate them; delivered (signed afresh each attempt) until the store answers 2xx.
 */
export const sandboxPaymentEvents = pgTable(
  'sandbox_payment_events',
  {
    id: text('id').primaryKey(),
    sessionId: text('session_id')
      .notNull()
      .unique()
      .references(() => sandboxPaymentSessions.id, { onDelete: 'cascade' }),
    /** 'checkout.session.completed' or 'checkout.session.expired'. */
    type: text('type').notNull(),
    /** The event JSON exactly as delivered; the signature is made over it at each attempt. */
    body: text('body').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [
    index('sandbox_payment_events_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.deliveredAt} IS NULL`),
  ],
);

/**
 * The sandbox unlock supplier's orders (a stand-in for a remote DHRU supplier, kept on our
 * database so a restart does not forget orders in flight). REFERENCEID is reference_id.
 */
export const sandboxSupplierOrders = pgTable(
  'sandbox_supplier_orders',
  {
    referenceId: serial('reference_id').primaryKey(),
    /** The store's submission id sent with the order: a repeat answers the same REFERENCEID. */
    reference: text('reference').unique(),
    serviceId: text('service_id').notNull(),
    imei: text('imei').notNull(),
    /** getimeiorder calls about it so far. */
    polls: integer('polls').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('sandbox_supplier_orders_imei_idx').on(t.imei)],
);

export const couponRedemptions = pgTable('coupon_redemptions', {
  orderId: text('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  couponCode: text('coupon_code')
    .notNull()
    .references(() => coupons.code),
  discountCents: integer('discount_cents').notNull(),
  redeemedAt: timestamp('redeemed_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A coupon use held for an order waiting for payment: taken when its payment session opens,
 * released when the session expires or the order is cancelled, turned into the redemption at
 * payment. Counted in coupons.reserved_count, so reservations and redemptions never exceed max_usage.
 */
export const couponReservations = pgTable('coupon_reservations', {
  orderId: text('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  couponCode: text('coupon_code')
    .notNull()
    .references(() => coupons.code),
  reservedAt: timestamp('reserved_at', { withTimezone: true }).notNull().defaultNow(),
});

// ── Unlocks (modules/unlocks): the tool plan of each unlock order and its supplier submissions ──

/**
 * One row per unlock order: the device as sold and the plan the store follows (primary tool then
 * alternatives, with their costs), which no visitor answer shows. `stage` is where the unlock's
 * process stands (src/domain/unlock-process.ts); `tool_index` is the tool being tried;
 * `deadline_at` is when the guarantee acts (payment + guaranteed hours, or a reroute's own).
 */
export const unlockOrders = pgTable(
  'unlock_orders',
  {
    orderId: text('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    quoteId: text('quote_id').notNull(),
    imei: text('imei').notNull(),
    brandSlug: text('brand_slug').notNull(),
    toolIds: text('tool_ids').array().notNull(),
    toolCostsCents: integer('tool_costs_cents').array().notNull(),
    /** Each tool's guaranteed (max) hours, in toolIds' order. */
    toolMaxHours: integer('tool_max_hours').array().notNull(),
    toolIndex: integer('tool_index').notNull().default(0),
    averageHours: integer('average_hours').notNull(),
    guaranteedHours: integer('guaranteed_hours').notNull(),
    deadlineAt: timestamp('deadline_at', { withTimezone: true }),
    stage: text('stage').$type<UnlockStage>().notNull().default('awaiting_payment'),
    /** Why its refund is owed (the order event and email say it), set as it enters `refunding`. */
    refundReason: text('refund_reason'),
    /** The paid unlock of the same IMEI that made this one a duplicate (its refund email links it). */
    duplicateOf: text('duplicate_of'),
    /** Refund tries that failed in a row; the team is alerted past REFUND_ALERT_AFTER_FAILURES. */
    refundFailures: integer('refund_failures').notNull().default(0),
    /** Until when a refunded unlock is still looked at by its supplier (stage `watching`). */
    watchUntil: timestamp('watch_until', { withTimezone: true }),
    /** The tool's cost of an unlock a supplier finished after its refund: the store's loss. */
    lossCents: integer('loss_cents'),
    /** Consecutive supplier transport or account errors, for the retry backoff. */
    supplierErrors: integer('supplier_errors').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('unlock_orders_imei_idx').on(t.imei),
    // The guarantee looks only at unlocks a supplier is carrying out.
    index('unlock_orders_deadline_idx')
      .on(t.deadlineAt)
      .where(sql`${t.stage} IN (${sqlList(UNLOCK_WORKING_STAGES)})`),
    check('unlock_orders_stage_known', sql`${t.stage} IN (${sqlList(UNLOCK_STAGES)})`),
  ],
);

/**
 * One submission of an unlock to a supplier tool. The row and its `reference` (our id, sent with
 * the order) exist before the supplier is called, so a run that crashed after placing it re-sends
 * the same reference and the supplier answers the same REFERENCEID instead of a second order.
 */
export const unlockAttempts = pgTable(
  'unlock_attempts',
  {
    id: serial('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => unlockOrders.orderId, { onDelete: 'cascade' }),
    toolIndex: integer('tool_index').notNull(),
    toolId: text('tool_id').notNull(),
    reference: text('reference').notNull().unique(),
    supplierRef: text('supplier_ref'),
    state: text('state').$type<UnlockAttemptState>().notNull().default('placing'),
    /** The rejection reason or the supplier's result (plain text). */
    detail: text('detail'),
    polls: integer('polls').notNull().default(0),
    createdAt: createdAt(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('unlock_attempts_order_tool_uq').on(t.orderId, t.toolIndex),
    index('unlock_attempts_tool_state_idx').on(t.toolId, t.state),
    check('unlock_attempts_state_known', sql`${t.state} IN (${sqlList(UNLOCK_ATTEMPT_STATES)})`),
  ],
);

/**
 * Messages sent at most once, by a key naming the occasion (e.g. `order:<id>:completed`): the key
 * and its outbox row are written in one transaction, so a repeated step never mails twice (ADR 044).
 */
export const mailOnceKeys = pgTable('mail_once_keys', {
  key: text('key').primaryKey(),
  mailId: integer('mail_id')
    .notNull()
    .references(() => mailOutbox.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});
// ── Newsletter (footer signup; one row per address, unsubscribed rows kept for resubscribing) ──

export const newsletterSubscribers = pgTable('newsletter_subscribers', {
  id: serial('id').primaryKey(),
  /** Lower-cased and trimmed: one person is one address. */
  email: text('email').notNull().unique(),
  /** SHA-256 of the unsubscribe link's token (base64url); a new token with every welcome email. */
  unsubscribeTokenHash: text('unsubscribe_token_hash').notNull().unique(),
  subscribedAt: timestamp('subscribed_at', { withTimezone: true }).notNull().defaultNow(),
  /** Set while unsubscribed; cleared on resubscribing. */
  unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
  createdAt: createdAt(),
});

// ── Bug reports (floating Report Bug button); screenshot files live under DATA_DIR ─────────

export const bugReports = pgTable(
  'bug_reports',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    priority: text('priority').notNull(),
    pageUrl: text('page_url').notNull(),
    browserInfo: jsonb('browser_info').$type<Record<string, string>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index('bug_reports_created_idx').on(t.createdAt),
    check('bug_reports_priority_known', sql`${t.priority} IN (${sqlList(BUG_PRIORITIES)})`),
  ],
);

export const bugReportScreenshots = pgTable(
  'bug_report_screenshots',
  {
    reportId: text('report_id')
      .notNull()
      .references(() => bugReports.id, { onDelete: 'cascade' }),
    /** 1, 2 or 3, in the order attached; also the file's name under DATA_DIR/bug-reports/<report id>/. */
    position: integer('position').notNull(),
    /** The name the visitor's file had (shown to the team, never used as a path). */
    name: text('name').notNull(),
    /** The image kind its bytes showed, not the one declared. */
    contentType: text('content_type').notNull(),
    bytes: integer('bytes').notNull(),
  },
  (t) => [primaryKey({ columns: [t.reportId, t.position] })],
);

// ── Share links of orders (issue 11 §3): read-only status pages anyone holding the link can open ──

export const orderShareLinks = pgTable(
  'order_share_links',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** 192 random bits, base64url: the link's only secret. */
    token: text('token').notNull(),
    createdAt: createdAt(),
    /** Set when the owner revokes the link; a revoked link answers like one that never existed. */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('order_share_links_token_uq').on(t.token), index('order_share_links_order_idx').on(t.orderId)],
);
