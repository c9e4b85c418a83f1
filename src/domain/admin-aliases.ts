import { z } from 'zod';
import { ADMIN_PAGE_MAX } from './admin.ts';
import { boundedText, TEXT_MAX } from './text.ts';

/** What an alias can lead to (spec section 3: carrier, country and brand aliases). */
export const ALIAS_TYPES = ['carrier', 'country', 'brand'] as const;
export type AliasType = (typeof ALIAS_TYPES)[number];

export const ALIAS_TYPE_NAMES: Record<AliasType, string> = {
  carrier: 'Carrier',
  country: 'Country',
  brand: 'Brand',
};

/** How the admin names what an alias leads to, per type. */
export const ALIAS_TARGET_LABELS: Record<AliasType, string> = {
  carrier: 'Carrier slug (e.g. att-us)',
  country: 'Country code (e.g. US)',
  brand: 'Brand slug (e.g. apple)',
};

export const ALIAS_MESSAGES = {
  required: 'Type the alias.',
  targetRequired: 'Say what the alias leads to.',
  unknownTarget: (type: AliasType, target: string) => `No ${type} has the code “${target}”.`,
  unknownCountry: (code: string) => `No country has the code “${code}”.`,
  exists: 'This alias already leads there.',
  taken: (alias: string, other: string) => `“${alias}” already means ${other}. Change or remove that first.`,
  notFound: 'That alias no longer exists: someone changed it meanwhile.',
  onlyPunctuation: 'An alias needs at least one letter or digit.',
} as const;

const aliasText = boundedText(TEXT_MAX.name, { error: ALIAS_MESSAGES.required })
  .trim()
  .min(1, { message: ALIAS_MESSAGES.required });
const targetText = boundedText(TEXT_MAX.name, { error: ALIAS_MESSAGES.targetRequired })
  .trim()
  .min(1, { message: ALIAS_MESSAGES.targetRequired });

/** One alias: the text people write, what it leads to, and (carriers only) the country it holds in. */
export const aliasSchema = z.object({
  type: z.enum(ALIAS_TYPES),
  alias: aliasText,
  target: targetText,
  country_code: boundedText(3).trim().toUpperCase().nullable().optional(),
});
export type AliasInput = z.infer<typeof aliasSchema>;

/** An edit: the alias as it was, and as it is to be (same type). */
export const aliasEditSchema = z
  .object({ from: aliasSchema, to: aliasSchema })
  .refine((edit) => edit.from.type === edit.to.type, {
    message: 'An alias keeps its type: remove it and add one of the other type.',
    path: ['to', 'type'],
  });
export type AliasEdit = z.infer<typeof aliasEditSchema>;

export const aliasListQuerySchema = z.object({
  type: z.enum(ALIAS_TYPES),
  q: boundedText(TEXT_MAX.name).trim().optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(ADMIN_PAGE_MAX * 5)
    .default(200),
});

export const aliasRowSchema = z.object({
  type: z.enum(ALIAS_TYPES),
  alias: z.string(),
  target: z.string(),
  target_name: z.string(),
  country_code: z.string().nullable(),
});
export type AliasRow = z.infer<typeof aliasRowSchema>;
export const aliasListSchema = z.object({ aliases: z.array(aliasRowSchema), total: z.number().int() });
export type AliasList = z.infer<typeof aliasListSchema>;

/** The live preview: what a typed input normalises to, by the spec's normalisation procedures. */
export const aliasPreviewQuerySchema = z.object({
  text: boundedText(TEXT_MAX.name).trim(),
  country: boundedText(TEXT_MAX.name).trim().optional(),
});
const resolved = z.object({ code: z.string(), name: z.string() }).nullable();
export const aliasPreviewSchema = z.object({ country: resolved, brand: resolved, carrier: resolved });
export type AliasPreview = z.infer<typeof aliasPreviewSchema>;
