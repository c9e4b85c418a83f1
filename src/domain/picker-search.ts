import { aliasKey } from './alias-key.ts';

// What a picker lists for what is typed in its search box (ADR 106): the names people type find
// their entry through the same keys as quotes (alias-key.ts): "ATT" and "AT and T" find AT&T,
// "tmobile" and "T Mobile" find T-Mobile before Boost Mobile, and an admin's new alias at once.

export interface SearchableOption {
  readonly label: string;
  /** Other words that find it when typed as part of the search, e.g. a country's code. */
  readonly keywords?: readonly string[];
  /** Other names of it (the catalogue's aliases): found by their key, whole or its start. */
  readonly aliases?: readonly string[];
}

const foldText = (text: string) => text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();

interface SearchKeys {
  readonly label: string;
  readonly labelKey: string;
  readonly aliasKeys: readonly string[];
  readonly haystack: string;
}

// An option's folded texts and keys, made once per option object: a picker searches the same
// options on every keystroke (some 250 countries with 800 other names).
const keysByOption = new WeakMap<SearchableOption, SearchKeys>();

function searchKeysOf(option: SearchableOption): SearchKeys {
  const known = keysByOption.get(option);
  if (known) return known;
  const made = {
    label: foldText(option.label),
    labelKey: aliasKey(option.label),
    aliasKeys: (option.aliases ?? []).map(aliasKey),
    haystack: foldText([option.label, ...(option.keywords ?? []), ...(option.aliases ?? [])].join(' ')),
  };
  keysByOption.set(option, made);
  return made;
}

/**
 * The options that match, best first: the name itself (as typed, or by its key), then one of its
 * other names, then names that start with the search, then everything else that holds every typed
 * word or whose name's key starts with the search's ("t-mo"); within a rank the options keep their order.
 */
export function searchOptions<T extends SearchableOption>(options: readonly T[], search: string): T[] {
  const query = foldText(search.trim());
  if (query === '') return [...options];
  const words = query.split(/\s+/);
  const key = aliasKey(search);
  const ranked: { option: T; rank: number }[] = [];
  for (const option of options) {
    const { label, labelKey, aliasKeys, haystack } = searchKeysOf(option);
    const rank =
      label === query || (key !== '' && labelKey === key)
        ? 0
        : key !== '' && aliasKeys.includes(key)
          ? 1
          : label.startsWith(query)
            ? 2
            : 3;
    const found =
      rank < 3 ||
      words.every((word) => haystack.includes(word)) ||
      (key !== '' && [labelKey, ...aliasKeys].some((name) => name.startsWith(key)));
    if (found) ranked.push({ option, rank });
  }
  // Stable sort: within a rank the options keep their given order.
  return ranked.sort((a, b) => a.rank - b.rank).map(({ option }) => option);
}

/**
 * The option a name denotes, for a link that names it ("Unlock this phone" from a report): its own
 * name or one of its other names, by key (the name first); null for anything less sure than that.
 */
export function optionNamed<T extends SearchableOption>(options: readonly T[], name: string): T | null {
  const key = aliasKey(name);
  if (key === '') return null;
  return (
    options.find((option) => searchKeysOf(option).labelKey === key) ??
    options.find((option) => searchKeysOf(option).aliasKeys.includes(key)) ??
    null
  );
}
