import { useEffect, useRef } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { isValidImei, normalizeImeiInput } from '../../../../domain/imei';
import { optionNamed } from '../../../../domain/picker-search';
import { modelListBrand, type UnlockOrder } from '../../../../domain/unlock-panel';
import type { ComboboxOption } from '~/components/ui/combobox';
import { identifyDevice } from '../api/identify-device';
import type { UnlockPanelValues } from '../components/unlock-panel-form';

/** The catalogue's own spelling of a brand the TAC table names, else the table's. */
function catalogueBrand(brand: string, options: readonly ComboboxOption[]): string {
  return options.find((option) => option.value.toLowerCase() === brand.toLowerCase())?.value ?? brand;
}

/**
 * Fills what the shopper has not chosen yet: from the page's link (`/?imei=&brand=&model=`, the
 * check result's "Unlock this phone"), and, once a valid IMEI is typed before the brand, the brand
 * and model its TAC names (the free check's lookup). A choice the shopper made is never replaced.
 */
export function useDevicePrefill(
  form: UseFormReturn<UnlockPanelValues, unknown, UnlockOrder>,
  { imei, brand, brandOptions }: { imei: string; brand: string; brandOptions: readonly ComboboxOption[] },
) {
  const { setValue, getValues } = form;

  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const linked = {
      imei: normalizeImeiInput(params.get('imei') ?? ''),
      brand: params.get('brand'),
      model: params.get('model'),
    };
    if (linked.imei && getValues('imei') === '') setValue('imei', linked.imei);
    if (linked.brand && getValues('brand') === '') {
      setValue('brand', linked.brand.slice(0, 100));
      if (linked.model && modelListBrand(linked.brand)) setValue('model', linked.model.slice(0, 100));
    }
  }, [getValues, setValue]);

  const wanted = isValidImei(imei) && brand === '' ? imei : null;
  useEffect(() => {
    if (!wanted) return;
    const controller = new AbortController();
    void identifyDevice(wanted, controller.signal).then((found) => {
      // Only for the IMEI still typed, and only while no brand was chosen meanwhile.
      if (!found?.brand || controller.signal.aborted || getValues('brand') !== '' || getValues('imei') !== wanted)
        return;
      const name = catalogueBrand(found.brand, brandOptions);
      setValue('brand', name);
      if (found.model && modelListBrand(name)) setValue('model', found.model);
    });
    return () => controller.abort();
  }, [wanted, brandOptions, getValues, setValue]);
}

/**
 * The country and carrier a link names (a report's "Unlock this phone": `&country=United
 * States&carrier=AT%26T`), picked once the pickers' lists have come: the country by its name or one
 * of its other names, then the carrier among that country's by the same. A name the catalogue does
 * not know is left for the shopper to pick; a choice the shopper made is never replaced.
 */
export function useLinkedNetwork(
  form: UseFormReturn<UnlockPanelValues, unknown, UnlockOrder>,
  lists: {
    country: string;
    countryOptions: readonly ComboboxOption[];
    carrierOptions: readonly ComboboxOption[];
  },
) {
  const { setValue, getValues } = form;
  const linked = useRef<{ country: string | null; carrier: string | null } | null>(null);
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    linked.current = { country: params.get('country'), carrier: params.get('carrier') };
  }, []);

  const { country, countryOptions, carrierOptions } = lists;
  useEffect(() => {
    const link = linked.current;
    if (!link?.country || countryOptions.length === 0) return;
    const named = getValues('country') === '' ? optionNamed(countryOptions, link.country.slice(0, 100)) : null;
    link.country = null;
    if (named) setValue('country', named.value);
    else link.carrier = null;
  }, [countryOptions, getValues, setValue]);

  useEffect(() => {
    const link = linked.current;
    if (!link?.carrier || link.country || country === '' || carrierOptions.length === 0) return;
    const named = getValues('carrier') === '' ? optionNamed(carrierOptions, link.carrier.slice(0, 100)) : null;
    link.carrier = null;
    if (named) setValue('carrier', named.value);
  }, [country, carrierOptions, getValues, setValue]);
}
