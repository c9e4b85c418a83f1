/** Spec section 9 "Samsung series order". */
export const SAMSUNG_SERIES_ORDER = ['Galaxy S', 'Galaxy Z', 'Galaxy Note', 'Galaxy A'] as const;

export interface SamsungModel {
  readonly model_name: string;
  readonly model_series: string;
  readonly release_year: number;
}

function seriesRank(series: string): number {
  const index = (SAMSUNG_SERIES_ORDER as readonly string[]).indexOf(series);
  return index === -1 ? SAMSUNG_SERIES_ORDER.length : index;
}

/** Ultra above Plus/Fold above the rest of the same series and year. */
function variantRank(name: string): number {
  if (/\bultra\b/i.test(name)) return 0;
  if (/(\bplus\b|\+|\bfold)/i.test(name)) return 1;
  return 2;
}

export function compareSamsungModels(a: SamsungModel, b: SamsungModel): number {
  return (
    seriesRank(a.model_series) - seriesRank(b.model_series) ||
    (seriesRank(a.model_series) === SAMSUNG_SERIES_ORDER.length ? a.model_series.localeCompare(b.model_series) : 0) ||
    b.release_year - a.release_year ||
    variantRank(a.model_name) - variantRank(b.model_name) ||
    a.model_name.localeCompare(b.model_name, 'en', { numeric: true })
  );
}

export function sortSamsungModels<T extends SamsungModel>(models: readonly T[]): T[] {
  return [...models].sort(compareSamsungModels);
}
