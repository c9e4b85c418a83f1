import { useMemo } from 'react';
import { groupCountriesByRegion } from '../../../../domain/country-picker';
import { splitCarriers } from '../../../../domain/unlock-fields';
import {
  carrierSelectionText,
  carriersForCountry,
  modelListBrand,
  regionCountriesText,
  regionCountryCounts,
} from '../../../../domain/unlock-panel';
import type { ComboboxOption } from '~/components/ui/combobox';
import { preloadBrands, useBrands } from '../api/get-brands';
import { preloadCarriers, useCarriers } from '../api/get-carriers';
import { preloadCountries, useCountries } from '~/lib/catalog-countries';
import { useCatalogAliases } from '../api/get-aliases';
import { useModels } from '../api/get-models';
import { preloadRegionCountries, useRegionCountries } from '../api/get-region-countries';

const OWN_NETWORKS = 'Networks';
const REGIONAL_NETWORKS = 'Regional networks';

/** The pickers' options and chosen names, as UnlockPanel and DeviceFields read them. */
export type UnlockCatalog = ReturnType<typeof useUnlockCatalog>;

/** Asks for the pickers' lists before the panel mounts; its queries take these answers (ADR 064). */
export function preloadUnlockCatalog() {
  preloadCountries();
  preloadCarriers();
  preloadRegionCountries();
  preloadBrands();
}

/** The pickers' options and the names to show for the chosen codes and slugs. */
export function useUnlockCatalog({ country, carrier, brand }: { country: string; carrier: string; brand: string }) {
  const countries = useCountries();
  const carriers = useCarriers();
  const regions = useRegionCountries();
  const brands = useBrands();
  const modelBrand = modelListBrand(brand);
  const models = useModels(modelBrand);
  const aliases = useCatalogAliases();

  const countryOptions = useMemo<ComboboxOption[]>(
    () =>
      groupCountriesByRegion(countries.data ?? []).flatMap((group) =>
        group.countries.map((row) => ({
          value: row.country_code,
          label: row.country_name,
          group: group.region,
          keywords: [row.country_code, row.iso3 ?? ''],
          aliases: aliases.countries.get(row.country_code),
        })),
      ),
    [countries.data, aliases.countries],
  );

  const regionCounts = useMemo(() => regionCountryCounts(regions.data ?? []), [regions.data]);

  const countryCarriers = useMemo(
    () => carriersForCountry(carriers.data ?? [], country, regions.data ?? []),
    [carriers.data, country, regions.data],
  );

  const carrierOptions = useMemo<ComboboxOption[]>(
    () =>
      countryCarriers.map((row) => ({
        value: row.carrier_slug,
        label: row.carrier_name,
        group: row.carrier_type === 'region' ? REGIONAL_NETWORKS : OWN_NETWORKS,
        hint: regionCountriesText(row, regionCounts) ?? (row.carrier_type === 'mvno' ? 'MVNO' : null),
        aliases: aliases.carriers.get(row.carrier_slug),
      })),
    [countryCarriers, regionCounts, aliases.carriers],
  );

  const brandOptions = useMemo<ComboboxOption[]>(
    () =>
      (brands.data ?? []).map((row) => ({
        value: row.brand_name,
        label: row.brand_name,
        keywords: [row.manufacturer, row.brand_family],
        aliases: aliases.brands.get(row.brand_slug),
      })),
    [brands.data, aliases.brands],
  );

  const modelOptions = useMemo<ComboboxOption[]>(
    () =>
      (models.data ?? []).map((row) => ({
        value: row.model_name,
        label: row.model_name,
        group: row.model_series ?? undefined,
      })),
    [models.data],
  );

  const countryName = countries.data?.find((row) => row.country_code === country)?.country_name ?? country;
  const selectedCarriers = splitCarriers(carrier).map(
    (slug) => carriers.data?.find((row) => row.carrier_slug === slug) ?? null,
  );
  const carrierNames = splitCarriers(carrier).map((slug, index) => selectedCarriers[index]?.carrier_name ?? slug);
  const onlyCarrier = selectedCarriers.length === 1 ? selectedCarriers[0] : null;
  const onlyCarrierHint = onlyCarrier ? regionCountriesText(onlyCarrier, regionCounts) : null;
  const carrierDisplay =
    onlyCarrierHint && onlyCarrier
      ? `${onlyCarrier.carrier_name} · ${onlyCarrierHint}`
      : carrierSelectionText(carrierNames);

  return {
    countryOptions,
    countriesLoading: countries.isPending,
    countryName: country === '' ? null : countryName,
    carrierOptions,
    carriersLoading: carriers.isPending,
    carrierNames,
    carrierDisplay,
    /** The carriers a country offers, to drop the chosen ones it does not when the country changes. */
    carrierSlugsFor: (countryCode: string) =>
      new Set(carriersForCountry(carriers.data ?? [], countryCode, regions.data ?? []).map((row) => row.carrier_slug)),
    brandOptions,
    brandsLoading: brands.isPending,
    modelBrand,
    modelOptions,
    modelsLoading: models.isFetching,
    modelsError: models.isError ? models.error : null,
  };
}
