import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';
import { type LabelledService, type LinkerVocabulary, linkerVocabulary } from '../../domain/auto-linker.ts';
import { buildNormalisationIndex, type NormalisationRows } from '../../domain/normalisation-index.ts';
import { readReferenceData } from '../seed/pipeline.ts';

/** The auto-linker's labelled service names (data/auto-linker), for its test and its benchmark. */
export const LABELLED_SERVICES_FILE = resolve(import.meta.dirname, '../../../data/auto-linker/labelled-services.json');

const labelledFileSchema = z.object({
  source: z.string().min(1),
  rows: z.array(z.object({ group: z.string(), name: z.string().min(1), expect: z.string().min(1) })),
});

export function labelledServices(): LabelledService[] {
  return labelledFileSchema.parse(JSON.parse(readFileSync(LABELLED_SERVICES_FILE, 'utf8'))).rows;
}

/** data/seed's active reference lists, as the catalog service selects them. */
export function seedCatalogueRows(): NormalisationRows {
  const data = readReferenceData();
  return {
    countries: data.countries.filter((row) => row.active),
    countryAliases: data.countryAliases,
    brands: data.brands.filter((row) => row.active),
    brandAliases: data.brandAliases,
    carriers: data.carriers.filter((row) => row.active),
    carrierAliases: data.carrierAliases,
  };
}

/** The vocabulary a fresh store reads names with. */
export function seedVocabulary(): LinkerVocabulary {
  return linkerVocabulary(buildNormalisationIndex(seedCatalogueRows()));
}
