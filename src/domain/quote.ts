import { z } from 'zod';
import { IMEI_MESSAGES, stripImeiSeparators } from './imei.ts';
import { FALLBACK_HOURS, estimatedHoursRange, isHoursRange, readHours, type EstimatedHours } from './delivery-hours.ts';
import {
  FALLBACK_PRICE_CENTS,
  NO_MATCH_MESSAGE,
  NO_RESULTS_ERROR,
  QUOTE_FAILED_ERROR,
  QUOTE_TTL_MINUTES,
  quoteImeiProblem,
} from './quote-rules.ts';
import { TEXT_MAX, boundedText } from './text.ts';
import { UNLOCK_FORM_MESSAGES } from './unlock-fields.ts';

// The texts and the panel's rules live in quote-rules.ts (no zod); kept here for their callers.
export * from './quote-rules.ts';

// Kept with the quote rules for their callers; they live apart so price and delivery display need no zod.
export { FALLBACK_HOURS, estimatedHoursRange, type EstimatedHours };

export const estimatedHoursSchema = z.union([
  z.number().int().nonnegative(),
  // A template literal rather than z.custom so the OpenAPI document can still describe it.
  z.templateLiteral([z.number(), '-', z.number()]).refine(isHoursRange, {
    error: 'Expected whole hours or a range such as 24-72',
  }),
]);

const requiredText = (message: string, max: number = TEXT_MAX.name) =>
  boundedText(max, { error: message }).trim().min(1, message);

/** Body of the route-unlock-quote call (spec section 7); network is the carrier. */
export const quoteRequestSchema = z.object({
  imei: boundedText(TEXT_MAX.name, { error: IMEI_MESSAGES.required })
    .overwrite(stripImeiSeparators)
    .check((ctx) => {
      const message = quoteImeiProblem(ctx.value);
      if (message) ctx.issues.push({ code: 'custom', message, input: ctx.value });
    }),
  brand: requiredText(UNLOCK_FORM_MESSAGES.brand),
  model: boundedText(TEXT_MAX.name).trim().default(''),
  network: requiredText(UNLOCK_FORM_MESSAGES.carrier, TEXT_MAX.carriers),
  country: requiredText(UNLOCK_FORM_MESSAGES.country),
});

export type QuoteRequest = z.infer<typeof quoteRequestSchema>;
export type QuoteRequestInput = z.input<typeof quoteRequestSchema>;

export const QUOTE_SOURCES = ['sku_match', 'catalog_tools'] as const;
export type QuoteSource = (typeof QUOTE_SOURCES)[number];

export interface QuoteDeviceInfo {
  brand: string;
  model: string;
  network: string;
  country: string;
}

export interface QuoteTool {
  name: string;
  tool_id: string | null;
  cost_cents: number | null;
  score: number | null;
}

/** What the Admin Debug Panel shows (spec section 6); only admins receive it. */
export interface QuoteAdminInfo {
  /** Our SKU table's serial number, or another supplier's text id. */
  sku_id: number | string | null;
  sku_code: string | null;
  primary_tool: QuoteTool | null;
  alternative_tools: QuoteTool[];
  routing_info: { selected_reasoning: string | null } | null;
  matched_brand: string | null;
  matched_carrier: string | null;
  matched_country: string | null;
  series_min: number | null;
  series_max: number | null;
  default_tool_id: string | null;
}

export interface Quote {
  price_cents: number;
  estimated_hours: EstimatedHours;
  supported: boolean;
  message: string | null;
  error: string | null;
  device_info: QuoteDeviceInfo;
  requires_clean_check: boolean;
  source: QuoteSource | null;
  quote_id: string | null;
  expires_at: string | null;
  /** The usual delivery time in hours, when the server gave one (our own answers do). */
  average_hours: number | null;
  /** The most hours the store promises, when the server gave one. */
  guaranteed_hours: number | null;
  admin: QuoteAdminInfo | null;
}

const quoteDeviceInfoSchema = z.object({
  brand: z.string(),
  model: z.string(),
  network: z.string(),
  country: z.string(),
}) satisfies z.ZodType<QuoteDeviceInfo>;

const quoteToolSchema = z.object({
  name: z.string(),
  tool_id: z.string().nullable(),
  cost_cents: z.number().int().nullable(),
  score: z.number().nullable(),
}) satisfies z.ZodType<QuoteTool>;

export const quoteAdminInfoSchema = z.object({
  sku_id: z.union([z.number().int(), z.string()]).nullable(),
  sku_code: z.string().nullable(),
  primary_tool: quoteToolSchema.nullable(),
  alternative_tools: z.array(quoteToolSchema),
  routing_info: z.object({ selected_reasoning: z.string().nullable() }).nullable(),
  matched_brand: z.string().nullable(),
  matched_carrier: z.string().nullable(),
  matched_country: z.string().nullable(),
  series_min: z.number().nullable(),
  series_max: z.number().nullable(),
  default_tool_id: z.string().nullable(),
}) satisfies z.ZodType<QuoteAdminInfo>;

/** Our server's answer to a quote request. */
export const quoteAnswerSchema = z.object({
  quote_id: z.string().nullable(),
  expires_at: z.iso.datetime({ offset: true }).nullable(),
  price_cents: z.number().int().nonnegative(),
  estimated_hours: estimatedHoursSchema,
  supported: z.boolean(),
  message: z.string().nullable(),
  device_info: quoteDeviceInfoSchema,
  requires_clean_check: z.boolean(),
  source: z.enum(QUOTE_SOURCES).nullable(),
  /** The usual delivery time in hours: the tool's real completed orders once there are enough, else the supplier's stated time. */
  average_hours: z.number().int().positive().optional(),
  /** The most hours the store promises; past it the order is rerouted or refunded without being asked. */
  guaranteed_hours: z.number().int().positive().optional(),
  admin: quoteAdminInfoSchema.nullable().optional(),
});

export type QuoteAnswer = z.infer<typeof quoteAnswerSchema>;

/** When a quote issued at `issuedAt` stops being honoured. */
export function quoteExpiresAt(issuedAt: Date): string {
  return new Date(issuedAt.getTime() + QUOTE_TTL_MINUTES * 60_000).toISOString();
}

type Fields = Record<string, unknown>;

function isFields(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// Other suppliers' answer shapes (spec section 3), read field by field with zod: a field that does
// not fit reads as null, never as an error (the panel then shows the spec's fallbacks). Built on first
// use: the unlock panel's start-up evaluates no schema it may never need.
function buildReaders() {
  const orNull = <T extends z.ZodType>(schema: T) => schema.nullable().catch(null);
  /** A field read as it came (absent reads as undefined). */
  const raw = z.unknown().optional();
  const nonBlank = z.string().refine((value) => value.trim() !== '');
  const finite = z.number().refine(Number.isFinite);
  const textField = orNull(nonBlank);
  const numberField = orNull(
    z.union([
      finite,
      z
        .string()
        .trim()
        .regex(/^-?\d+(\.\d+)?$/)
        .transform(Number),
    ]),
  );
  const centsField = numberField.transform((amount) => (amount !== null && amount >= 0 ? Math.round(amount) : null));
  const idField = orNull(z.union([finite.transform(String), nonBlank]));
  const skuIdField = orNull(z.union([z.number().int(), nonBlank]));
  const sourceField = raw.transform((value): QuoteSource | null => {
    const source = typeof value === 'string' ? value.toLowerCase() : '';
    if (source.includes('sku')) return 'sku_match';
    if (source.includes('catalog')) return 'catalog_tools';
    return null;
  });
  const toolField = orNull(
    z
      .looseObject({
        name: textField,
        tool_name: textField,
        tool_id: raw,
        id: raw,
        cost_cents: centsField,
        score: numberField,
      })
      .transform((tool): QuoteTool | null => {
        const name = tool.name ?? tool.tool_name;
        if (name === null) return null;
        return {
          name,
          tool_id: idField.parse(tool.tool_id ?? tool.id),
          cost_cents: tool.cost_cents,
          score: tool.score,
        };
      }),
  );
  /** An error answer's text: a string, or an object's message. */
  const errorTextField = z
    .union([z.looseObject({ message: textField }).transform((error) => error.message), textField])
    .catch(null);

  /** The priced and admin fields of another supplier's answer, once its records are merged (see `merged`). */
  const otherAnswerFields = z.object({
    device_info: quoteDeviceInfoSchema.nullable().catch(null),
    estimated_hours: raw.transform(readHours),
    message: textField,
    requires_clean_check: raw.transform((value) => value === true),
    source: sourceField,
    quote_id: idField,
    expires_at: textField,
  });

  const adminFields = z.object({
    sku_id: skuIdField,
    sku_code: textField,
    primary_tool: toolField,
    alternative_tools: z
      .array(raw)
      .catch([])
      .transform((tools) =>
        tools.map((tool) => toolField.parse(tool)).filter((tool): tool is QuoteTool => tool !== null),
      ),
    routing_info: orNull(z.looseObject({ selected_reasoning: textField })).transform((routing) =>
      routing ? { selected_reasoning: routing.selected_reasoning } : null,
    ),
    matched_brand: textField,
    matched_carrier: textField,
    matched_country: textField,
    series_min: numberField,
    series_max: numberField,
    default_tool_id: idField,
  }) satisfies z.ZodType<QuoteAdminInfo, unknown>;
  return { textField, centsField, errorTextField, otherAnswerFields, adminFields };
}

let built: ReturnType<typeof buildReaders> | null = null;
const readers = () => (built ??= buildReaders());

/** One record of the fields `records` hold, each key taking the first value that is set, in order. */
function merged(records: readonly Fields[]): Fields {
  const out: Fields = {};
  for (const record of [...records].reverse()) {
    for (const [key, value] of Object.entries(record)) if (value !== undefined && value !== null) out[key] = value;
  }
  return out;
}

function readAdmin(answerRecords: readonly Fields[]): QuoteAdminInfo | null {
  // Our server nests the debug fields under `admin`; other shapes spread them over the answer and its quote.
  const nested = answerRecords.map((record) => record.admin).filter(isFields);
  const admin = readers().adminFields.parse(merged([...nested, ...answerRecords]));
  const empty = Object.values(admin).every((value) => value === null || (Array.isArray(value) && value.length === 0));
  return empty ? null : admin;
}

export interface QuoteDeviceRequest {
  brand: string;
  model?: string | null;
  network: string;
  country: string;
}

/** The transport's failure, if the call itself failed; any text other than NO_RESULTS_ERROR means "Failed to get quote". */
export interface QuoteFailure {
  error?: string | null;
}

function baseQuote(device: QuoteDeviceInfo): Quote {
  return {
    price_cents: FALLBACK_PRICE_CENTS,
    estimated_hours: FALLBACK_HOURS,
    supported: true,
    message: null,
    error: null,
    device_info: device,
    requires_clean_check: false,
    source: null,
    quote_id: null,
    expires_at: null,
    average_hours: null,
    guaranteed_hours: null,
    admin: null,
  };
}

function unsupportedQuote(device: QuoteDeviceInfo, message: string | null, admin: QuoteAdminInfo | null): Quote {
  return { ...baseQuote(device), price_cents: 0, supported: false, message: message ?? NO_MATCH_MESSAGE, admin };
}

function failedQuote(device: QuoteDeviceInfo): Quote {
  return { ...baseQuote(device), supported: false, error: QUOTE_FAILED_ERROR };
}

function fromServerAnswer(answer: QuoteAnswer, device: QuoteDeviceInfo): Quote {
  const admin = answer.admin ?? null;
  if (!answer.supported) return unsupportedQuote(device, readers().textField.parse(answer.message), admin);
  return {
    price_cents: answer.price_cents,
    estimated_hours: answer.estimated_hours,
    supported: true,
    message: answer.message,
    error: null,
    device_info: answer.device_info,
    requires_clean_check: answer.requires_clean_check,
    source: answer.source,
    quote_id: answer.quote_id,
    expires_at: answer.expires_at,
    average_hours: answer.average_hours ?? null,
    guaranteed_hours: answer.guaranteed_hours ?? null,
    admin,
  };
}

/** A priced answer in one of the accepted shapes (spec section 3), the priced fields read from `records` in order. */
function pricedQuote(priceCents: number, records: readonly Fields[], device: QuoteDeviceInfo): Quote {
  const fields = readers().otherAnswerFields.parse(merged(records));
  return {
    ...baseQuote(fields.device_info ?? device),
    price_cents: priceCents,
    estimated_hours: fields.estimated_hours ?? FALLBACK_HOURS,
    message: fields.message,
    requires_clean_check: fields.requires_clean_check,
    source: fields.source,
    quote_id: fields.quote_id,
    expires_at: fields.expires_at,
    admin: readAdmin(records),
  };
}

/** The quote call's answer as received: `parseQuoteAnswer` reads whatever it is. */
export const receivedQuoteAnswerSchema = z.unknown();

/**
 * Turns whatever the quote call returned into the Quote the panel shows, applying every rule of
 * spec section 8 "Quote" and the answer shapes of section 3. Never throws.
 */
export function parseQuoteAnswer(answer: unknown, request: QuoteDeviceRequest, failure?: QuoteFailure): Quote {
  const device: QuoteDeviceInfo = {
    brand: request.brand,
    model: request.model ?? '',
    network: request.network,
    country: request.country,
  };

  const failureText = readers().textField.parse(failure?.error);
  if (failureText !== null) {
    return failureText === NO_RESULTS_ERROR ? unsupportedQuote(device, NO_MATCH_MESSAGE, null) : failedQuote(device);
  }
  if (!isFields(answer)) return baseQuote(device);

  if (answer.error) {
    return readers().errorTextField.parse(answer.error) === NO_RESULTS_ERROR
      ? unsupportedQuote(device, NO_MATCH_MESSAGE, null)
      : failedQuote(device);
  }

  const ours = quoteAnswerSchema.safeParse(answer);
  if (ours.success) return fromServerAnswer(ours.data, device);

  const inner = isFields(answer.quote) ? answer.quote : null;
  const records = inner ? [answer, inner] : [answer];
  if (answer.supported === false || inner?.supported === false) {
    return unsupportedQuote(device, readers().textField.parse(merged(records).message), readAdmin(records));
  }
  if (answer.success === false) return failedQuote(device);

  // Shape (a): { quote: { display_price_cents, ... } }; the inner object wins over the envelope.
  const innerPrice = inner
    ? (readers().centsField.parse(inner.display_price_cents) ?? readers().centsField.parse(inner.price_cents))
    : null;
  if (inner && innerPrice !== null) return pricedQuote(innerPrice, [inner, answer], device);

  // Shape (b): a success flag (or our own supported flag) with price_cents and estimated_hours.
  const price = readers().centsField.parse(answer.price_cents);
  if (price !== null && (answer.success === true || answer.supported === true)) {
    return pricedQuote(price, [answer], device);
  }

  // Shape (c): fallback_price_cents alone.
  const fallbackPrice = readers().centsField.parse(answer.fallback_price_cents);
  if (fallbackPrice !== null) return pricedQuote(fallbackPrice, [answer], device);

  return baseQuote(device);
}
