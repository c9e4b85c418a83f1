// A real supplier's new service linked by the auto-linker at import, only when its reading leaves
// no doubt (domain/auto-linker confidentUnlock): anything less stays unlinked (inactive) for an
// admin in /admin/auto-linker, since a wrong link sells an unlock that fails.
import { confidentUnlock, type LinkerVocabulary, linkService } from '../../../domain/auto-linker.ts';
import type { SupplierListing, SupplierService } from '../../integrations/suppliers/types.ts';
import { UNKNOWN_SUCCESS_PERMILLE } from './catalogue-rules.ts';

/** The mapping of a supplier's service read from its name and group, or null when the reading leaves any doubt. */
export function mapServiceByName(
  toolId: string,
  listing: Pick<SupplierListing, 'name' | 'group' | 'costCents' | 'deliveryHoursMin' | 'deliveryHoursMax'>,
  vocabulary: LinkerVocabulary,
): SupplierService | null {
  const reading = confidentUnlock(linkService(listing.name, listing.group, vocabulary));
  if (!reading?.brand || !reading.carrier) return null;
  return {
    tool_id: toolId,
    name: listing.name,
    brand_slug: reading.brand,
    carrier_slug: reading.carrier,
    country_code: reading.country,
    series_min: reading.seriesMin,
    series_max: reading.seriesMax,
    model_series: reading.modelSeries ? [...reading.modelSeries] : null,
    cost_cents: listing.costCents,
    delivery_hours_min: listing.deliveryHoursMin,
    delivery_hours_max: listing.deliveryHoursMax,
    success_rate: UNKNOWN_SUCCESS_PERMILLE / 1000,
    requires_clean_check: reading.requiresCleanCheck,
  };
}
