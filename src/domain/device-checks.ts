import { z } from 'zod';
import { CHECKOUT_EMAIL_INVALID, isValidCheckoutEmail } from './checkout-email.ts';
import { ANY_DEVICE, type DeviceFit } from './device-fit.ts';
import { COUPON_CODE_MAX } from './esim-checkout.ts';
import { EMAIL_MAX } from './email.ts';
import { maskImei, IMEI_LENGTH, IMEI_MESSAGES, identifierKind, isValidImei, normalizeImeiInput } from './imei.ts';
import { TEXT_MAX, boundedText } from './text.ts';

/** The first 8 digits of an IMEI: the type allocation code, which names the model. */
export const TAC_LENGTH = 8;
/** The same paid check of the same device by the same customer within this time answers from the stored result. */
export const CHECK_REUSE_HOURS = 24;

export function tacOf(imei: string): string | null {
  return /^\d{15}$/.test(imei) ? imei.slice(0, TAC_LENGTH) : null;
}

export const DEVICE_TYPES = ['phone', 'tablet', 'watch', 'module'] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];

/** Makers of cellular modules and modems: their TACs are not phones. */
const MODULE_MAKERS =
  /^(simcom|cinterion|quectel|telit|sierra wireless|wavecom|thales|u-blox|fibocom|gemalto|dbltek)$/i;

/** What kind of device a brand and model are, read from the model's name. */
export function deviceTypeOf(brand: string, model: string): DeviceType {
  if (MODULE_MAKERS.test(brand.trim())) return 'module';
  if (/\b(ipad|tab|tablet|mediapad|matepad)\b/i.test(model)) return 'tablet';
  if (/watch/i.test(model)) return 'watch';
  if (/huawei/i.test(brand) && /^E\d{3,4}/i.test(model)) return 'module';
  return 'phone';
}

export const DEVICE_TYPE_LABELS: Record<DeviceType, string> = {
  phone: 'Phone',
  tablet: 'Tablet',
  watch: 'Smartwatch',
  module: 'Cellular module or modem',
};

// ---------------------------------------------------------------------------------------------
// The free check

export const FREE_CHECK_MESSAGES = {
  found: 'Found by its type allocation code (the first 8 digits of the IMEI).',
  foundByProvider: 'Found from an earlier report on a device of this model.',
  notInTable:
    'This IMEI is valid, but its type allocation code (its first 8 digits) is not in our table. A paid check asks the records of the manufacturer and carriers directly.',
  serial:
    'This looks like a serial number. Serial numbers do not name the model on their own: the full Apple report reads it from Apple’s records.',
  invalid: 'Enter a 15-digit IMEI (dial *#06# to see it) or a serial number of 8 to 20 letters and digits.',
} as const;

/** GET /api/checks/free?identifier=…: what the store knows of a device for free, at once. */
export const freeCheckAnswerSchema = z.object({
  identifier_kind: z.enum(['imei', 'serial']),
  tac: z.string().nullable(),
  found: z.boolean(),
  brand: z.string().nullable(),
  model: z.string().nullable(),
  device_type: z.enum(DEVICE_TYPES).nullable(),
  /** Where the answer came from: the shipped TAC table or an earlier paid check's provider answer. */
  source: z.enum(['table', 'provider']).nullable(),
  message: z.string(),
});
export type FreeCheckAnswer = z.infer<typeof freeCheckAnswerSchema>;

const identifierText = boundedText(TEXT_MAX.name, { error: IMEI_MESSAGES.required });

/**
 * What is wrong with an identifier, or null: digits are read as an IMEI (15, with its checksum),
 * letters and digits as a serial number (8-20, spec section 5), where a serial is accepted.
 */
export function identifierProblem(value: string, acceptsSerial: boolean): string | null {
  if (value === '') return IMEI_MESSAGES.required;
  if (/^\d+$/.test(value)) {
    if (value.length !== IMEI_LENGTH) return IMEI_MESSAGES.exactLength;
    return isValidImei(value) ? null : IMEI_MESSAGES.checksum;
  }
  if (identifierKind(value) !== 'serial') return FREE_CHECK_MESSAGES.invalid;
  return acceptsSerial ? null : CHECK_SERIAL_NOT_ACCEPTED;
}

/** A device identifier as typed or pasted: normalised as the IMEI field does, then an IMEI or a serial. */
export const deviceIdentifierSchema = identifierText
  .transform((raw) => normalizeImeiInput(raw))
  .superRefine((value, context) => {
    const problem = identifierProblem(value, true);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });

export const freeCheckQuerySchema = z.object({ identifier: deviceIdentifierSchema });

// ---------------------------------------------------------------------------------------------
// Paid checks: the products

export const CHECK_PRODUCT_IDS = ['apple_report', 'carrier', 'knox', 'blacklist'] as const;
export type CheckProductId = (typeof CHECK_PRODUCT_IDS)[number];

/** The store's own names of what a check can report; a provider's names are mapped onto these. */
export const CHECK_FIELDS = [
  'brand',
  'model',
  'purchase_country',
  'warranty',
  'find_my',
  'lost_mode',
  'sim_lock',
  'carrier',
  'blacklisted',
  'blacklist_records',
  'mdm_lock',
  'replaced',
  'refurbished',
  'imei2',
] as const;
export type CheckField = (typeof CHECK_FIELDS)[number];

export interface CheckProduct {
  readonly id: CheckProductId;
  readonly name: string;
  readonly priceCents: number;
  /** Its own page, which opens the IMEI check with this product chosen. */
  readonly href: string;
  readonly summary: string;
  /** What it reports, in the order the result shows it. */
  readonly reports: readonly CheckField[];
  /** Whether an Apple serial number is accepted besides an IMEI. */
  readonly acceptsSerial: boolean;
  /** The makers whose devices it fits (null: any), and those in words (issue 44, device-fit.ts). */
  readonly fits: DeviceFit;
}

export const CHECK_PRODUCTS: Record<CheckProductId, CheckProduct> = {
  apple_report: {
    id: 'apple_report',
    name: 'Full Apple report',
    priceCents: 499,
    href: '/apple-check',
    summary: 'Model, purchase country, warranty, Find My (iCloud lock), lost mode, carrier lock and blacklist status.',
    reports: [
      'model',
      'purchase_country',
      'warranty',
      'find_my',
      'lost_mode',
      'sim_lock',
      'carrier',
      'blacklisted',
      'replaced',
      'refurbished',
    ],
    acceptsSerial: true,
    fits: { brands: ['Apple'], text: 'Apple devices' },
  },
  carrier: {
    id: 'carrier',
    name: 'Carrier and SIM-lock check',
    priceCents: 299,
    href: '/carrier-check',
    summary: 'Which carrier the phone is locked to, if any, and whether it is blacklisted.',
    reports: ['brand', 'model', 'sim_lock', 'carrier', 'blacklisted'],
    acceptsSerial: false,
    fits: ANY_DEVICE,
  },
  knox: {
    id: 'knox',
    name: 'Samsung Knox / MDM check',
    priceCents: 349,
    href: '/knox-check',
    summary: 'Whether a Samsung phone is enrolled in Knox or another device management (MDM) by a company.',
    reports: ['brand', 'model', 'mdm_lock', 'carrier'],
    acceptsSerial: false,
    fits: { brands: ['Samsung'], text: 'Samsung devices' },
  },
  blacklist: {
    id: 'blacklist',
    name: 'GSMA blacklist check',
    priceCents: 199,
    href: '/blacklist-check',
    summary: 'Whether the phone is reported lost or stolen in the GSMA database, with the number of reports.',
    reports: ['brand', 'model', 'blacklisted', 'blacklist_records'],
    acceptsSerial: false,
    fits: ANY_DEVICE,
  },
};

export const CHECK_PRODUCT_LIST: readonly CheckProduct[] = CHECK_PRODUCT_IDS.map((id) => CHECK_PRODUCTS[id]);

export const IMEI_CHECK_HREF = '/imei-check';
export const CHECK_RESULTS_HREF = '/imei-check/results';

/** A check's result page; with its access token, the link its email carries. */
export function checkResultHref(orderId: string, token?: string | null): string {
  const path = `${CHECK_RESULTS_HREF}/${orderId}`;
  return token ? `${path}?token=${encodeURIComponent(token)}` : path;
}

/** The page of each product, to the product it preselects. */
export function checkProductOfPath(pathname: string): CheckProductId | null {
  return CHECK_PRODUCT_LIST.find((product) => product.href === pathname)?.id ?? null;
}

// ---------------------------------------------------------------------------------------------
// Buying a check

export const CHECK_SERIAL_NOT_ACCEPTED = 'This check needs the 15-digit IMEI (dial *#06# to see it).';

export const checkOrderRequestSchema = z
  .object({
    product: z.enum(CHECK_PRODUCT_IDS),
    identifier: identifierText.transform((raw) => normalizeImeiInput(raw)),
    email: boundedText(EMAIL_MAX, { error: CHECKOUT_EMAIL_INVALID, tooLong: CHECKOUT_EMAIL_INVALID })
      .trim()
      .refine(isValidCheckoutEmail, { message: CHECKOUT_EMAIL_INVALID }),
    /** Trimmed and upper-cased; '' means no coupon. */
    coupon_code: boundedText(COUPON_CODE_MAX).trim().toUpperCase().optional(),
  })
  .superRefine((request, context) => {
    const problem = identifierProblem(request.identifier, CHECK_PRODUCTS[request.product].acceptsSerial);
    if (problem) context.addIssue({ code: 'custom', path: ['identifier'], message: problem });
  });
export type CheckOrderRequest = z.input<typeof checkOrderRequestSchema>;
/** The request as the server read it (identifier normalised, coupon upper-cased). */
export type ParsedCheckOrderRequest = z.output<typeof checkOrderRequestSchema>;

/**
 * POST /api/checks: either the payment page to go to, or, for the same check of the same device
 * bought by the signed-in customer in the last 24 hours, that result's page (`reused`). A guest is
 * always sent to pay: an email and an IMEI do not prove who is asking (issue 45 §8).
 */
export const checkOrderAnswerSchema = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('checkout'), url: z.string(), order_id: z.string() }),
  z.object({ outcome: z.literal('reused'), url: z.string(), message: z.string() }),
]);
export type CheckOrderAnswer = z.infer<typeof checkOrderAnswerSchema>;

export const CHECK_REUSED_MESSAGES = {
  signedIn: 'You bought this check for this device in the last 24 hours: here is that result, at no charge.',
} as const;

// ---------------------------------------------------------------------------------------------
// Results

export const WARRANTY_STATES = ['active', 'expired', 'unknown'] as const;

export const checkResultSchema = z.object({
  brand: z.string().nullable(),
  model: z.string().nullable(),
  purchase_country: z.string().nullable(),
  warranty: z.enum(WARRANTY_STATES).nullable(),
  find_my: z.boolean().nullable(),
  lost_mode: z.boolean().nullable(),
  sim_lock: z.boolean().nullable(),
  carrier: z.string().nullable(),
  blacklisted: z.boolean().nullable(),
  blacklist_records: z.number().int().nullable(),
  mdm_lock: z.boolean().nullable(),
  replaced: z.boolean().nullable(),
  refurbished: z.boolean().nullable(),
  imei2: z.string().nullable(),
});
export type CheckResult = z.infer<typeof checkResultSchema>;

/**
 * The fields of a result that identify a device (the IMEI asked about is the check's own
 * `identifier`): every one is masked wherever the result is shown to someone who is not its owner
 * (a share link, its page). A field added to the result that identifies the device goes here.
 */
export const CHECK_IDENTIFIER_FIELDS = ['imei2'] as const satisfies readonly CheckField[];

/** The result as a share link shows it: each device identifier masked as the IMEI is. */
export function resultForSharing(result: CheckResult): CheckResult {
  const shared: CheckResult = { ...result };
  for (const field of CHECK_IDENTIFIER_FIELDS) {
    const value = shared[field];
    if (value !== null) shared[field] = maskImei(value);
  }
  return shared;
}

export const EMPTY_CHECK_RESULT: CheckResult = Object.fromEntries(
  CHECK_FIELDS.map((field) => [field, null]),
) as CheckResult;

type Reader<T> = (value: unknown) => T | null;

const TRUE_WORDS = new Set([
  'true',
  'yes',
  'on',
  '1',
  'locked',
  'blacklisted',
  'blocked',
  'lost',
  'enrolled',
  'enabled',
  'active',
]);
const FALSE_WORDS = new Set([
  'false',
  'no',
  'off',
  '0',
  'unlocked',
  'clean',
  'not blacklisted',
  'unblocked',
  'not enrolled',
  'disabled',
  'inactive',
  'none',
]);

const readFlag: Reader<boolean> = (value) => {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value !== 0;
  if (typeof value !== 'string') return null;
  const word = value.trim().toLowerCase();
  if (TRUE_WORDS.has(word)) return true;
  if (FALSE_WORDS.has(word)) return false;
  return null;
};

const readText: Reader<string> = (value) => {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const text = String(value).trim().slice(0, TEXT_MAX.name);
  return text === '' ? null : text;
};

const readCount: Reader<number> = (value) => {
  if (Array.isArray(value)) return value.length;
  const count = typeof value === 'string' ? Number(value) : value;
  return typeof count === 'number' && Number.isInteger(count) && count >= 0 ? count : null;
};

const readWarranty: Reader<(typeof WARRANTY_STATES)[number]> = (value) => {
  if (typeof value !== 'string') return null;
  const text = value.toLowerCase();
  if (/expired|out of warranty|no coverage/.test(text)) return 'expired';
  if (/active|limited warranty|applecare|in warranty|covered/.test(text)) return 'active';
  return 'unknown';
};

/**
 * One table from the trade's property names to the store's fields: providers of the
 * imeicheck-style protocol name the same fact differently (`fmiOn`, `fmi`, `icloudLock`…).
 * The first name present wins; an unreadable value reads as not reported.
 */
export const PROVIDER_FIELD_NAMES: {
  readonly [F in CheckField]: { names: readonly string[]; read: Reader<CheckResult[F] & {}> };
} = {
  brand: { names: ['brand', 'manufacturer', 'make'], read: readText },
  model: { names: ['modelDesc', 'model', 'modelName', 'deviceName'], read: readText },
  purchase_country: { names: ['purchaseCountry', 'purchase_country', 'soldToCountry', 'country'], read: readText },
  warranty: { names: ['warrantyStatus', 'warranty', 'coverageStatus'], read: readWarranty },
  find_my: { names: ['fmiOn', 'fmi', 'findMyIphone', 'icloudLock', 'iCloudLock'], read: readFlag },
  lost_mode: { names: ['lostMode', 'lost_mode', 'lostStatus'], read: readFlag },
  sim_lock: { names: ['simLock', 'simlock', 'sim_lock', 'simLockStatus'], read: readFlag },
  carrier: { names: ['carrier', 'lockedCarrier', 'simLockCarrier', 'network'], read: readText },
  blacklisted: { names: ['gsmaBlacklisted', 'blacklisted', 'blacklistStatus', 'gsmaStatus'], read: readFlag },
  blacklist_records: { names: ['blacklistRecords', 'blacklistRecordCount', 'blacklist_records'], read: readCount },
  mdm_lock: { names: ['mdmLock', 'mdm', 'knoxRegistered', 'mdmStatus'], read: readFlag },
  replaced: { names: ['replaced', 'replacedDevice'], read: readFlag },
  refurbished: { names: ['refurbished', 'refurbishedDevice'], read: readFlag },
  imei2: { names: ['imei2', 'imeiTwo', 'secondImei'], read: readText },
};

/** A provider's `properties` as the store's result. */
export function resultFromProvider(properties: Readonly<Record<string, unknown>>): CheckResult {
  const result: Record<string, unknown> = { ...EMPTY_CHECK_RESULT };
  for (const field of CHECK_FIELDS) {
    const { names, read } = PROVIDER_FIELD_NAMES[field];
    const name = names.find((candidate) => properties[candidate] !== undefined && properties[candidate] !== null);
    result[field] = name === undefined ? null : read(properties[name]);
  }
  return checkResultSchema.parse(result);
}

export type VerdictTone = 'good' | 'bad' | 'caution' | 'neutral';

/** One line of a result: the fact in words, how it reads (never colour alone), what it means. */
export interface CheckVerdict {
  readonly field: CheckField;
  readonly label: string;
  readonly value: string;
  readonly tone: VerdictTone;
  readonly meaning: string;
}

const yesNo = (
  field: CheckField,
  label: string,
  value: boolean,
  words: { yes: string; no: string },
  meaning: { yes: string; no: string },
  badWhenYes = true,
): CheckVerdict => ({
  field,
  label,
  value: value ? words.yes : words.no,
  tone: value === badWhenYes ? 'bad' : 'good',
  meaning: value ? meaning.yes : meaning.no,
});

/** Each reported field of a result, in the product's order, as a verdict in words. */
export function checkVerdicts(result: CheckResult, reports: readonly CheckField[]): CheckVerdict[] {
  const verdicts: CheckVerdict[] = [];
  for (const field of reports) {
    const verdict = verdictOf(field, result);
    if (verdict) verdicts.push(verdict);
  }
  return verdicts;
}

function verdictOf(field: CheckField, result: CheckResult): CheckVerdict | null {
  switch (field) {
    case 'brand':
    case 'model':
    case 'purchase_country':
    case 'imei2': {
      const value = result[field];
      if (value === null) return null;
      const labels = { brand: 'Brand', model: 'Model', purchase_country: 'Purchase country', imei2: 'Second IMEI' };
      return { field, label: labels[field], value, tone: 'neutral', meaning: '' };
    }
    case 'carrier': {
      if (result.carrier === null) return null;
      return {
        field,
        label: 'Carrier',
        value: result.carrier,
        tone: 'neutral',
        meaning: result.sim_lock
          ? 'The carrier the phone is locked to.'
          : 'The carrier the phone was sold by or last used on.',
      };
    }
    case 'warranty': {
      if (result.warranty === null) return null;
      const value = { active: 'Active', expired: 'Expired', unknown: 'Not known' }[result.warranty];
      const tone = result.warranty === 'active' ? 'good' : 'neutral';
      const meaning = {
        active: 'Apple still covers repairs under warranty.',
        expired: 'Repairs are paid for; nothing else changes.',
        unknown: 'Apple did not say.',
      }[result.warranty];
      return { field, label: 'Warranty', value, tone, meaning };
    }
    case 'find_my':
      return result.find_my === null
        ? null
        : yesNo(
            field,
            'Find My (iCloud lock)',
            result.find_my,
            { yes: 'On', no: 'Off' },
            {
              yes: 'Locked to someone’s Apple Account: only its owner can remove it. Do not buy the phone until they do.',
              no: 'Not locked to an Apple Account: it can be set up by a new owner.',
            },
          );
    case 'lost_mode':
      return result.lost_mode === null
        ? null
        : yesNo(
            field,
            'Lost mode',
            result.lost_mode,
            { yes: 'Reported lost', no: 'Not reported lost' },
            {
              yes: 'Its owner marked it lost. It cannot be used or unlocked.',
              no: 'Its owner has not marked it lost.',
            },
          );
    case 'sim_lock':
      return result.sim_lock === null
        ? null
        : {
            ...yesNo(
              field,
              'SIM lock',
              result.sim_lock,
              { yes: 'Locked', no: 'Unlocked' },
              {
                yes: 'It only works with its carrier’s SIM and eSIM until it is unlocked.',
                no: 'It works with any carrier’s SIM or eSIM.',
              },
            ),
            tone: result.sim_lock ? 'caution' : 'good',
          };
    case 'blacklisted':
      return result.blacklisted === null
        ? null
        : yesNo(
            field,
            'GSMA blacklist',
            result.blacklisted,
            { yes: 'Blacklisted', no: 'Clean' },
            {
              yes: 'Reported lost, stolen or unpaid: carriers block it, and it cannot be unlocked.',
              no: 'Not reported lost or stolen.',
            },
          );
    case 'blacklist_records':
      return result.blacklist_records === null
        ? null
        : {
            field,
            label: 'Blacklist reports',
            value: String(result.blacklist_records),
            tone: result.blacklist_records > 0 ? 'bad' : 'good',
            meaning: result.blacklist_records > 0 ? 'Reports filed against this IMEI.' : 'No reports filed.',
          };
    case 'mdm_lock':
      return result.mdm_lock === null
        ? null
        : yesNo(
            field,
            'Knox / MDM',
            result.mdm_lock,
            { yes: 'Enrolled', no: 'Not enrolled' },
            {
              yes: 'Managed by a company: it may be locked or wiped by them. Ask the seller for the release.',
              no: 'No company manages it.',
            },
          );
    case 'replaced':
      return result.replaced === null
        ? null
        : yesNo(
            field,
            'Replaced by Apple',
            result.replaced,
            { yes: 'Yes', no: 'No' },
            {
              yes: 'Apple swapped this device for another: check the serial of the one you hold.',
              no: 'Not a swapped device.',
            },
          );
    case 'refurbished':
      return result.refurbished === null
        ? null
        : {
            ...yesNo(
              field,
              'Refurbished',
              result.refurbished,
              { yes: 'Yes', no: 'No' },
              {
                yes: 'Sold as refurbished.',
                no: 'Sold new.',
              },
            ),
            tone: 'neutral',
          };
  }
}

/** What a result means for an unlock, and the step to offer. */
export type CheckNextStep =
  | { readonly action: 'unlock'; readonly text: string }
  | { readonly action: 'refused'; readonly text: string }
  | { readonly action: 'none'; readonly text: string };

export const CHECK_NEXT_STEPS = {
  unlock:
    'This phone is locked to its carrier. A factory unlock removes the lock for good, keeps the warranty, and is refunded in full if it cannot be done.',
  blacklisted:
    'This phone is reported lost, stolen or unpaid. Carriers refuse to unlock a blacklisted phone, so we do not sell an unlock for it: ask the seller or the carrier to clear the report first.',
  lost: 'This phone is in lost mode. It cannot be unlocked or set up until its owner turns lost mode off.',
  activationLocked:
    'This phone is locked to someone’s Apple Account (Find My is on). Only its owner can remove the lock: do not buy or reset it until they do.',
  managed:
    'This phone is enrolled in Knox or another device management by a company, which can lock or wipe it. Ask the seller for the company’s release before you buy or use it.',
  clean: 'Nothing in this report stands in the way of using this phone.',
} as const;

/** What the report means, from its worst finding down (issue 44: a Knox enrolment is never summed up as clean). */
export function checkNextStep(result: CheckResult): CheckNextStep {
  if (result.blacklisted) return { action: 'refused', text: CHECK_NEXT_STEPS.blacklisted };
  if (result.lost_mode) return { action: 'refused', text: CHECK_NEXT_STEPS.lost };
  if (result.find_my) return { action: 'none', text: CHECK_NEXT_STEPS.activationLocked };
  if (result.mdm_lock) return { action: 'none', text: CHECK_NEXT_STEPS.managed };
  if (result.sim_lock) return { action: 'unlock', text: CHECK_NEXT_STEPS.unlock };
  return { action: 'none', text: CHECK_NEXT_STEPS.clean };
}

/** The unlock panel on the home page, filled with what a check found (the panel reads these). */
export function unlockPanelHref(device: {
  imei?: string | null;
  brand?: string | null;
  model?: string | null;
  /** The country and carrier a report names (by name): the panel picks them when its catalogue knows them. */
  country?: string | null;
  carrier?: string | null;
}): string {
  const params = new URLSearchParams();
  if (device.imei && isValidImei(device.imei)) params.set('imei', device.imei);
  if (device.brand) params.set('brand', device.brand);
  if (device.model) params.set('model', device.model);
  if (device.country) params.set('country', device.country);
  if (device.carrier) params.set('carrier', device.carrier);
  const query = params.toString();
  return query ? `/?${query}#start-unlock` : '/#start-unlock';
}

// ---------------------------------------------------------------------------------------------
// The eSIM checkout's free "Is your phone unlocked?" check

/** Free lock checks per hour per address: each one costs the store a provider check. */
export const LOCK_CHECK_PER_HOUR = 10;

export const lockCheckRequestSchema = z.object({
  imei: boundedText(TEXT_MAX.name, { error: IMEI_MESSAGES.required })
    .transform((raw) => normalizeImeiInput(raw))
    .superRefine((value, context) => {
      const problem = identifierProblem(value, false);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    }),
});

export const LOCK_STATES = ['unlocked', 'locked', 'unknown'] as const;

/** POST /api/checks/lock: whether a phone can take another carrier's eSIM. */
export const lockCheckAnswerSchema = z.object({
  state: z.enum(LOCK_STATES),
  carrier: z.string().nullable(),
  brand: z.string().nullable(),
  model: z.string().nullable(),
  message: z.string(),
});
export type LockCheckAnswer = z.infer<typeof lockCheckAnswerSchema>;

export const LOCK_CHECK_MESSAGES = {
  unlocked: 'Your phone is unlocked: a travel eSIM from any carrier will work on it.',
  locked: (carrier: string | null) =>
    `Your phone is locked${carrier ? ` to ${carrier}` : ''}: a travel eSIM from another carrier will not connect until it is unlocked.`,
  unknown:
    'We could not read this phone’s lock status just now. Before you travel, try another carrier’s SIM, or ask your carrier whether it is unlocked.',
} as const;

/** A carrier check's result read for a traveller. */
export function lockCheckAnswer(result: CheckResult | null): LockCheckAnswer {
  const device = { brand: result?.brand ?? null, model: result?.model ?? null };
  if (result?.sim_lock === false)
    return { state: 'unlocked', carrier: null, ...device, message: LOCK_CHECK_MESSAGES.unlocked };
  if (result?.sim_lock === true) {
    return { state: 'locked', carrier: result.carrier, ...device, message: LOCK_CHECK_MESSAGES.locked(result.carrier) };
  }
  return { state: 'unknown', carrier: null, ...device, message: LOCK_CHECK_MESSAGES.unknown };
}

/** How long to wait between looks at a pending check: 2 s doubling, at most 60 s; given up after 40 looks (about 36 min). */
export const CHECK_BACKOFF = { firstSeconds: 2, maxSeconds: 60, maxPolls: 40 } as const;

/** The wait after a check's `tries`-th look (counted from 0). */
export function checkWaitSeconds(tries: number): number {
  return Math.min(CHECK_BACKOFF.firstSeconds * 2 ** Math.max(0, tries), CHECK_BACKOFF.maxSeconds);
}

/**
 * The minutes after which a check without an answer is given up and refunded: every wait of the
 * backoff, rounded up to five minutes. The one figure the check pages promise (issue 44).
 */
export const CHECK_GIVE_UP_MINUTES = (() => {
  let seconds = 0;
  for (let tries = 0; tries < CHECK_BACKOFF.maxPolls; tries += 1) seconds += checkWaitSeconds(tries);
  return Math.ceil(seconds / 60 / 5) * 5;
})();

/** What a check page says of its delivery before any form: the usual time and the refund's. */
export const CHECK_DELIVERY_TEXT = `Usually within a minute. No result within ${CHECK_GIVE_UP_MINUTES} minutes and we refund you in full, without you asking.`;

const ITEM_NAME_SEPARATOR = ': ';

/** A check order's item name, which account lists show: 'Full Apple report: 35299209***8399'. */
export function checkItemName(productName: string, maskedIdentifier: string): string {
  return `${productName}${ITEM_NAME_SEPARATOR}${maskedIdentifier}`;
}

/** A check in a list of results: its product, and the device when the name carries it. */
export function checkListEntry(itemName: string): { readonly product: string; readonly device: string | null } {
  const at = itemName.lastIndexOf(ITEM_NAME_SEPARATOR);
  if (at <= 0) return { product: itemName, device: null };
  return { product: itemName.slice(0, at), device: itemName.slice(at + ITEM_NAME_SEPARATOR.length) || null };
}
