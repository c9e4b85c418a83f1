import { z } from 'zod';
import { ADMIN_PAGE_MAX } from './admin.ts';
import { type LinkProposal, SERVICE_KIND_NAMES, SERVICE_KINDS } from './auto-linker.ts';
import { boundedText, TEXT_MAX } from './text.ts';

// /admin/auto-linker: the supplier's services read by the auto-linker, and the admin's decisions.

/** Which services the page lists: those waiting, those linked, those rejected. */
export const LINK_STATES = ['pending', 'linked', 'rejected'] as const;
export type LinkState = (typeof LINK_STATES)[number];

export const LINK_STATE_NAMES: Record<LinkState, string> = {
  pending: 'Waiting',
  linked: 'Linked',
  rejected: 'Rejected',
};

export const LINKER_MESSAGES = {
  notFound: (toolId: string) => `No supplier service has the id ${toolId}.`,
  notPending: (name: string) => `“${name}” is not waiting any more: someone decided it meanwhile.`,
  notUnlock: (name: string) => `“${name}” does not read as a complete unlock: correct it instead of accepting it.`,
  needsFields: (name: string, fields: string) =>
    `“${name}” needs ${fields} besides the IMEI: the store sends only the IMEI, so it cannot be sold as an unlock.`,
  unknownBrand: (brand: string) => `No brand has the slug “${brand}”.`,
  unknownCarrier: (carrier: string) => `No carrier has the slug “${carrier}”.`,
  seriesOrder: 'The first generation comes before the last.',
  chooseSome: 'Choose at least one service.',
} as const;

const toolId = boundedText(TEXT_MAX.name).trim().min(1);
const slug = boundedText(TEXT_MAX.name).trim().toLowerCase().min(1);
const generation = z.number().int().min(1).max(99).nullable();

export const linkQuerySchema = z.object({
  state: z.enum(LINK_STATES).default('pending'),
  q: boundedText(TEXT_MAX.name).trim().optional(),
  limit: z.coerce.number().int().min(1).max(ADMIN_PAGE_MAX).default(ADMIN_PAGE_MAX),
});
export type LinkQuery = z.infer<typeof linkQuerySchema>;

const readingSchema = z.object({
  kind: z.enum(SERVICE_KINDS),
  brand: z.string().nullable(),
  country: z.string().nullable(),
  carrier: z.string().nullable(),
  series_min: z.number().int().nullable(),
  series_max: z.number().int().nullable(),
  requires_clean_check: z.boolean(),
  score: z.number(),
  /** The catalogue's names of brand, country and carrier, for reading the row. */
  label: z.string(),
});
export type LinkReading = z.infer<typeof readingSchema>;

export const linkRowSchema = z.object({
  tool_id: z.string(),
  supplier: z.string(),
  name: z.string(),
  cost_cents: z.number().int(),
  delivery_hours_min: z.number().int(),
  delivery_hours_max: z.number().int(),
  required_fields: z.array(z.string()),
  state: z.enum(LINK_STATES),
  active: z.boolean(),
  /** What the tool is linked to now (linked tools), read like a reading. */
  linked: readingSchema.nullable(),
  best: readingSchema,
  runner_up: readingSchema.nullable(),
  /** Words of the name the linker did not understand: what a correction can teach it. */
  unread: z.string(),
});
export type LinkRow = z.infer<typeof linkRowSchema>;
export const linkListSchema = z.object({
  services: z.array(linkRowSchema),
  counts: z.object({ pending: z.number().int(), linked: z.number().int(), rejected: z.number().int() }),
});
export type LinkList = z.infer<typeof linkListSchema>;

/** Accept the linker's reading, reject the service, or send a decided one back to waiting. */
export const linkDecisionsSchema = z.object({
  action: z.enum(['accept', 'reject', 'reopen']),
  tool_ids: z.array(toolId).min(1, { message: LINKER_MESSAGES.chooseSome }).max(ADMIN_PAGE_MAX),
});
export type LinkDecisions = z.infer<typeof linkDecisionsSchema>;

/** The admin's own link for a service, and the words of its name that are to teach the linker. */
export const linkCorrectionSchema = z
  .object({
    brand: slug,
    carrier: slug,
    series_min: generation,
    series_max: generation,
    requires_clean_check: z.boolean(),
    teach: z
      .array(
        z.object({ type: z.enum(['carrier', 'country', 'brand']), alias: boundedText(TEXT_MAX.name).trim().min(1) }),
      )
      .max(3)
      .default([]),
  })
  .refine((link) => link.series_min === null || link.series_max === null || link.series_min <= link.series_max, {
    message: LINKER_MESSAGES.seriesOrder,
    path: ['series_max'],
  });
export type LinkCorrection = z.infer<typeof linkCorrectionSchema>;

export interface CatalogueNameMaps {
  readonly brandNames: ReadonlyMap<string, string>;
  readonly countryNames: ReadonlyMap<string, string>;
  readonly carrierNames: ReadonlyMap<string, string>;
}

/** The iPhone generations of a link, as a person reads them. */
export function generationsText(min: number | null, max: number | null): string {
  if (min === null && max === null) return 'every iPhone';
  if (min === null) return `iPhone ${max} and earlier`;
  if (max === null) return `iPhone ${min} and later`;
  return min === max ? `iPhone ${min}` : `iPhone ${min} to ${max}`;
}

/** A reading in the catalogue's names: "Apple · AT&T · United States · iPhone 13 to 16". */
export function readingLabel(
  reading: Pick<LinkProposal, 'kind' | 'brand' | 'country' | 'carrier' | 'seriesMin' | 'seriesMax'>,
  names: CatalogueNameMaps,
): string {
  if (reading.kind !== 'unlock') return SERVICE_KIND_NAMES[reading.kind];
  const parts = [
    reading.brand ? (names.brandNames.get(reading.brand) ?? reading.brand) : 'Brand unknown',
    reading.carrier ? (names.carrierNames.get(reading.carrier) ?? reading.carrier) : 'Carrier unknown',
    reading.country ? (names.countryNames.get(reading.country) ?? reading.country) : 'Any country',
  ];
  if (reading.brand === 'apple') parts.push(generationsText(reading.seriesMin, reading.seriesMax));
  return parts.join(' · ');
}

/** A stored link (a supplier service's or a SKU's columns) in the catalogue's names. */
export function linkLabel(
  link: {
    readonly brandSlug: string | null;
    readonly carrierSlug: string | null;
    readonly countryCode: string | null;
    readonly seriesMin: number | null;
    readonly seriesMax: number | null;
  },
  names: CatalogueNameMaps,
): string {
  return readingLabel(
    {
      kind: 'unlock',
      brand: link.brandSlug,
      carrier: link.carrierSlug,
      country: link.countryCode,
      seriesMin: link.seriesMin,
      seriesMax: link.seriesMax,
    },
    names,
  );
}
