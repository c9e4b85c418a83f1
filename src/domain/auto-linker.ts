import type { NormalisationIndex } from './normalisation-index.ts';
import { normalizeAliasKey } from './reference-data.ts';

// The auto-linker: a supplier's service name (DHRU style: "USA - AT&T iPhone 13 to 16 Pro Max Premium
// Clean 1-3 Days") read into what the quote engine needs, with a score and the runner-up. It reads
// the catalogue's own names and aliases, so an alias an admin adds teaches it; no list of services.

export const SERVICE_KINDS = ['unlock', 'check', 'icloud', 'frp', 'credits', 'other'] as const;
export type ServiceKind = (typeof SERVICE_KINDS)[number];

export const SERVICE_KIND_NAMES: Record<ServiceKind, string> = {
  unlock: 'Network unlock',
  check: 'IMEI or device check',
  icloud: 'iCloud or Apple ID service',
  frp: 'FRP or account removal',
  credits: 'Tool credits or licence',
  other: 'Other service',
};

export interface LinkProposal {
  readonly kind: ServiceKind;
  readonly brand: string | null;
  readonly country: string | null;
  readonly carrier: string | null;
  /** iPhone generations covered; both null for every generation (or none named). */
  readonly seriesMin: number | null;
  readonly seriesMax: number | null;
  /** Samsung lines named ('Galaxy S', ...); null for every line. */
  readonly modelSeries: readonly string[] | null;
  readonly requiresCleanCheck: boolean;
  /** 0 to 1: how sure the reading is. */
  readonly score: number;
}

export interface ServiceLink {
  readonly best: LinkProposal;
  readonly runnerUp: LinkProposal | null;
}

/** A reading at least this sure, with its runner-up this far behind, links itself at import. */
export const AUTO_LINK_SCORE = 0.85;
export const AUTO_LINK_MARGIN = 0.15;

export interface LinkerVocabulary {
  readonly countries: ReadonlyMap<string, string>;
  readonly brands: ReadonlyMap<string, string>;
  readonly carriers: ReadonlyMap<string, ReadonlySet<string>>;
  readonly carrierCountry: ReadonlyMap<string, string | null>;
  /** Keys (and their one-letter deletions) of every name, for one-typo matches. */
  readonly near: ReadonlyMap<string, readonly string[]>;
}

type HitType = 'country' | 'brand' | 'carrier';

interface Hit {
  readonly type: HitType;
  readonly key: string;
  readonly values: readonly string[];
  readonly start: number;
  readonly end: number;
  /** A short or common word: counts only when the rest of the name agrees with it. */
  readonly weak: boolean;
  readonly fuzzy: boolean;
}

const MAX_WORDS = 4;
const FUZZY_MIN = 5;
/** Short words that are also codes (TO Tonga, IT Italy, AND Andorra): weak hits only. */
const STOP_WORDS = new Set(
  'to in at it and all no or by for of on is me be up pro max mini plus per can are may man son sim new one my so am as go co id se de pe ar us la el ok an do he we'.split(
    ' ',
  ),
);
/** Words of service names never read as a misspelt name. */
const COMMON_WORDS = new Set(
  'unlock unlocking unlocks premium standard express clean models model service services iphone galaxy network networks mobile mobiles wireless prepaid postpaid series factory remote supported support business accounts account instant official carrier carriers blacklisted blacklist stolen unpaid active policy codes phone phones devices device fast faster super server credits check checker status removal remove bypass activation lock locked financed contract generic samsung android worldwide global'.split(
    ' ',
  ),
);

const phonetic = (key: string) => key.replace(/ph/g, 'f');

function deletions(key: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < key.length; i++) out.push(key.slice(0, i) + key.slice(i + 1));
  return out;
}

/** Optimal string alignment distance, stopping early above 1. */
function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/**
 * The catalogue's index made ready for reading service names: carriers whose name carries their
 * country ("Zain Kuwait", "Claro Peru") also answer to the rest ("Zain", "Claro") in that country,
 * and every name of five letters or more can be found with one typo.
 */
export function linkerVocabulary(
  index: Pick<NormalisationIndex, 'countries' | 'brands' | 'carriers' | 'carrierCountry' | 'carrierNames'>,
): LinkerVocabulary {
  const carriers = new Map<string, Set<string>>();
  for (const [key, slugs] of index.carriers) carriers.set(key, new Set(slugs));
  for (const [slug, name] of index.carrierNames) {
    const country = index.carrierCountry.get(slug);
    if (!country) continue;
    for (const part of name.split(/[()]/)) {
      const words = part
        .split(/\s+/)
        .filter((word) => word && index.countries.get(normalizeAliasKey(word)) !== country);
      const key = normalizeAliasKey(words.join(' '));
      if (key.length < 3 || key === normalizeAliasKey(part)) continue;
      const slugs = carriers.get(key) ?? new Set<string>();
      slugs.add(slug);
      carriers.set(key, slugs);
    }
  }
  const near = new Map<string, string[]>();
  const remember = (variant: string, key: string) => {
    const keys = near.get(variant) ?? [];
    if (!keys.includes(key)) keys.push(key);
    near.set(variant, keys);
  };
  for (const key of [...index.countries.keys(), ...index.brands.keys(), ...carriers.keys()]) {
    // Keys with digits ("3italia") are codes, not words: a typo of them is no match.
    if (key.length < FUZZY_MIN || /\d/.test(key)) continue;
    const sound = phonetic(key);
    remember(sound, key);
    for (const variant of deletions(sound)) remember(variant, key);
  }
  return { countries: index.countries, brands: index.brands, carriers, carrierCountry: index.carrierCountry, near };
}

interface Word {
  readonly raw: string;
  readonly key: string;
}

function wordsOf(text: string): Word[] {
  return text
    .split(/[\s/\\,()[\]{}|:;+_*#~"!?.\-–—★⚡•]+/u)
    .map((raw) => ({ raw, key: normalizeAliasKey(raw) }))
    .filter((word) => word.key !== '');
}

function lookup(vocabulary: LinkerVocabulary, type: HitType, key: string): readonly string[] {
  if (type === 'carrier') return [...(vocabulary.carriers.get(key) ?? [])];
  const value = (type === 'country' ? vocabulary.countries : vocabulary.brands).get(key);
  return value ? [value] : [];
}

function nearKeys(vocabulary: LinkerVocabulary, key: string): string[] {
  const sound = phonetic(key);
  const found = new Set<string>();
  for (const variant of [sound, ...deletions(sound)]) {
    for (const candidate of vocabulary.near.get(variant) ?? []) {
      if (withinOneEdit(sound, phonetic(candidate))) found.add(candidate);
    }
  }
  return [...found];
}

const TYPES: readonly HitType[] = ['country', 'brand', 'carrier'];

/** Every name the text holds, the longest reading of each stretch of words kept. */
function hitsOf(text: string, vocabulary: LinkerVocabulary): Hit[] {
  const words = wordsOf(text);
  const hits: Hit[] = [];
  for (let start = 0; start < words.length; start++) {
    for (let length = Math.min(MAX_WORDS, words.length - start); length >= 1; length--) {
      const span = words.slice(start, start + length);
      const key = span.map((word) => word.key).join('');
      const single = length === 1 ? span[0] : undefined;
      const weak =
        single !== undefined &&
        (STOP_WORDS.has(single.key) || (single.key.length <= 2 && single.raw !== single.raw.toUpperCase()));
      let exact = false;
      for (const type of TYPES) {
        // A number alone ("1" from the alias "1+") names a carrier at most ("3"), never a brand or country.
        if (type !== 'carrier' && /^\d+$/.test(key)) continue;
        const values = lookup(vocabulary, type, key);
        if (values.length === 0) continue;
        exact = true;
        hits.push({ type, key, values, start, end: start + length, weak, fuzzy: false });
      }
      if (exact || length > 2 || key.length < FUZZY_MIN || span.some((word) => COMMON_WORDS.has(word.key))) continue;
      if (/\d/.test(key)) continue;
      for (const near of nearKeys(vocabulary, key)) {
        for (const type of TYPES) {
          const values = lookup(vocabulary, type, near);
          if (values.length > 0) hits.push({ type, key: near, values, start, end: start + length, weak, fuzzy: true });
        }
      }
    }
  }
  // A reading inside a longer one of the same kind ("T-Mobile" in "Metro by T-Mobile") gives way,
  // unless the longer one is a guess at a typo and this one is exact.
  return hits.filter(
    (hit) =>
      !hits.some(
        (other) =>
          other !== hit &&
          other.type === hit.type &&
          (hit.fuzzy || !other.fuzzy) &&
          other.start <= hit.start &&
          other.end >= hit.end &&
          other.end - other.start > hit.end - hit.start,
      ),
  );
}

// ---- What kind of service the name is --------------------------------------------------------

const CHECK = /\b(check(er|s)?|lookup|look up|report|history|verify|verification)\b/i;
const INFO = /\b(info|information|status|warranty|details)\b/i;
const ACTION = /\b(unlock(ing)?|remove[rd]?|removal|bypass|disable|delete|reset|repair|erase)\b/i;
const FRP =
  /\b(frp|google account|gmail|kg|knox guard|mi account|xiaomi account|huawei id|samsung account|factory reset protection)\b/i;
const ICLOUD = /\b(icloud|fmi|find my|activation lock|apple id|passcode|lost mode|mdm|hello screen|open menu)\b/i;
const OTHER = /\b(remove[rd]?|removal|repair|reset|whitelist|bootloader|flash|certificate|disable|esn|root(ing)?)\b/i;
const CREDITS = /\b(credits?|licen[cs]e|renew(al)?|subscription|rent(al)?|login|dongle|activation|tool|box|pack)\b/gi;
const UNLOCK_WORDS = /\b(unlock(ing)?|nck|network|sim ?lock|factory|code|premium|clean|standard|express)\b/i;
const CLEAN = /\bclean\b/i;
const DIRTY = /\b(blacklist(ed)?|lost|stolen|barred|blocked|unpaid|dirty|not clean)\b/i;

/** Gift cards, vouchers and top-ups: never a network unlock, whatever carrier-like word they hold ("Google Play"). */
const GIFT =
  /\b(gift ?cards?|vouchers?|top[ -]?up|recharge|itunes|google play|psn|playstation|xbox|steam|netflix|spotify)\b/i;
/** An unlock sold with a check ("Unlock + Check Status", "Clean Check + Unlock"): an unlock, not a check. */
const BUNDLED_UNLOCK =
  /\bunlock(ing)?\b.*(\+|&|\band\b|\bwith\b|\bincl(uding|\.)?).*\bcheck|\bcheck\b.*(\+|&|\band\b|\bwith\b).*\bunlock(ing)?\b/i;

const ENTITIES: Record<string, string> = { amp: '&', quot: '"', apos: "'", lt: '<', gt: '>', nbsp: ' ' };

/** A name as a supplier's HTML list sends it ("AT&amp;T", "&#39;"), with its entities read. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,6});/gi, (whole, entity: string) => {
    const lower = entity.toLowerCase();
    if (lower.startsWith('#')) {
      const code = lower.startsWith('#x') ? Number.parseInt(lower.slice(2), 16) : Number(lower.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[lower] ?? whole;
  });
}

interface KindEvidence {
  readonly kind: Exclude<ServiceKind, 'unlock'>;
  readonly score: number;
}

/** The non-unlock kinds the name speaks of, the strongest first. */
function kindEvidence(name: string): KindEvidence[] {
  const found: KindEvidence[] = [];
  if (GIFT.test(name)) found.push({ kind: 'other', score: 0.97 });
  if (BUNDLED_UNLOCK.test(name)) {
    // The check is part of the unlock's sale: what else the name says still counts.
  } else if (CHECK.test(name)) found.push({ kind: 'check', score: 0.95 });
  else if (INFO.test(name) && !ACTION.test(name)) found.push({ kind: 'check', score: 0.9 });
  if (FRP.test(name)) found.push({ kind: 'frp', score: 0.88 });
  if (ICLOUD.test(name)) found.push({ kind: 'icloud', score: 0.86 });
  if (OTHER.test(name)) found.push({ kind: 'other', score: 0.8 });
  // Each word of a tool sale ("Tool", "Activation", "12 Months License") makes it surer.
  const creditWords = new Set([...name.matchAll(CREDITS)].map((match) => match[0].toLowerCase())).size;
  if (creditWords > 0) found.push({ kind: 'credits', score: Math.min(0.95, 0.8 + 0.1 * (creditWords - 1)) });
  return found.sort((a, b) => b.score - a.score);
}

// ---- iPhone generations and Samsung lines -----------------------------------------------------

const GENERATION_WORDS: Record<string, number> = { x: 10, xs: 10, xr: 10, air: 17, '3g': 2, '3gs': 3 };
const RANGE_WORDS = new Set([
  'to',
  '-',
  '→',
  '~',
  'till',
  'until',
  'thru',
  'through',
  'bis',
  'à',
  'a',
  'al',
  'hasta',
  'and',
  '&',
  'pro',
  'max',
  'plus',
  'mini',
  'series',
  'iphone',
  'e',
  'models',
  'model',
  'modelli',
  'modelos',
  'modèles',
  'modelle',
  'only',
]);
/** "All models" in the languages supplier lists are written in. */
const ALL_WORDS = new Set(['all', 'tutti', 'todos', 'tous', 'alle', 'todas', 'toutes']);
const TIME_UNITS = /^(days?|hours?|hrs?|h|mins?|minutes?|business|working|weeks?|d)$/;

interface Series {
  readonly min: number | null;
  readonly max: number | null;
  /** The name says which generations (numbers or "all models"). */
  readonly named: boolean;
}

function seriesAfter(text: string): Series | null {
  const tokens = text
    .toLowerCase()
    .replace(/[-–]/g, ' - ')
    .replace(/\+/g, ' + ')
    .split(/[\s/,()[\]|:;]+/)
    .filter(Boolean);
  const numbers: number[] = [];
  let upTo = false;
  let andUp = false;
  let all = false;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] ?? '';
    const next = tokens[i + 1] ?? '';
    const generation = /^(\d{1,2})(s|c|e|plus)?$/.exec(token);
    if (generation) {
      const value = Number(generation[1]);
      const unitFollows =
        TIME_UNITS.test(next) ||
        (next === '-' && /^\d/.test(tokens[i + 2] ?? '') && TIME_UNITS.test(tokens[i + 3] ?? ''));
      if (value < 1 || value > 20 || unitFollows) break;
      numbers.push(value);
    } else if (token in GENERATION_WORDS) numbers.push(GENERATION_WORDS[token] ?? 0);
    else if (token === 'up' || token === 'upto') {
      if (numbers.length > 0 && (next === '' || !/^\d/.test(next)) && token === 'up' && next !== 'to') andUp = true;
      else upTo = true;
    } else if (['below', 'lower', 'older', 'earlier'].includes(token)) upTo = true;
    else if (['above', 'newer', 'later', 'onwards', 'higher', '+'].includes(token) && numbers.length > 0) andUp = true;
    else if (ALL_WORDS.has(token)) all = true;
    else if (!RANGE_WORDS.has(token)) break;
  }
  if (numbers.length === 0) return all ? { min: null, max: null, named: true } : null;
  const low = Math.min(...numbers);
  const high = Math.max(...numbers);
  if (upTo) return { min: null, max: high, named: true };
  if (andUp) return { min: low, max: null, named: true };
  return { min: low, max: high, named: true };
}

/** The iPhone generations a name covers: after its first "iPhone" that names any. */
export function iphoneSeriesOfName(name: string): Series {
  const parts = name.split(/iphone/i).slice(1);
  for (const part of parts) {
    const series = seriesAfter(part);
    if (series) return series;
  }
  return { min: null, max: null, named: false };
}

const SAMSUNG_LINES: Record<string, string> = {
  s: 'Galaxy S',
  z: 'Galaxy Z',
  note: 'Galaxy Note',
  a: 'Galaxy A',
  m: 'Galaxy M',
};

/** The Samsung lines named after "Galaxy": "Galaxy S / Note / A", "Galaxy S21 - S25". */
function samsungLines(name: string): string[] | null {
  const lines = new Set<string>();
  for (const part of name.split(/galaxy/i).slice(1)) {
    for (const token of part
      .toLowerCase()
      .split(/[\s/,&()-]+/)
      .filter(Boolean)) {
      const line = SAMSUNG_LINES[/^(note|s|z|a|m)(\d+\w*)?$/.exec(token)?.[1] ?? ''];
      if (!line) break;
      lines.add(line);
    }
  }
  return lines.size > 0 ? [...lines] : null;
}

// ---- Reading a name ---------------------------------------------------------------------------

const APPLE = 'apple';
const SAMSUNG = 'samsung';

const round = (score: number) => Math.round(Math.max(0, Math.min(1, score)) * 100) / 100;

function sameReading(a: LinkProposal, b: LinkProposal) {
  return (
    a.kind === b.kind &&
    a.brand === b.brand &&
    a.country === b.country &&
    a.carrier === b.carrier &&
    a.seriesMin === b.seriesMin &&
    a.seriesMax === b.seriesMax
  );
}

/** The service read from its name (and its group, for what the name leaves out), best first. */
export function linkService(rawName: string, rawGroup: string, vocabulary: LinkerVocabulary): ServiceLink {
  const name = decodeEntities(rawName);
  const group = decodeEntities(rawGroup);
  const hits = hitsOf(name, vocabulary);
  const groupHits = group ? hitsOf(group, vocabulary).filter((hit) => !hit.weak && !hit.fuzzy) : [];
  const strongCountries = new Set(hits.filter((h) => h.type === 'country' && !h.weak).flatMap((h) => h.values));
  const weakCountries = new Set(hits.filter((h) => h.type === 'country' && h.weak).flatMap((h) => h.values));
  const groupCountries = new Set(groupHits.filter((h) => h.type === 'country').flatMap((h) => h.values));
  const carrierHits = hits.filter((h) => h.type === 'carrier');

  const brandHits = hits.filter((h) => h.type === 'brand' && !h.weak);
  const outsideCarriers = brandHits.filter(
    (brand) => !carrierHits.some((carrier) => carrier.start <= brand.start && carrier.end >= brand.end),
  );
  const brands = [...new Set((outsideCarriers.length > 0 ? outsideCarriers : brandHits).flatMap((h) => h.values))];
  const groupBrands = [...new Set(groupHits.filter((h) => h.type === 'brand').flatMap((h) => h.values))];
  const brandChoices: { brand: string | null; weight: number }[] =
    brands.length > 0
      ? brands.slice(0, 2).map((brand, rank) => ({ brand, weight: rank === 0 ? 0.2 : 0.1 }))
      : groupBrands.length > 0
        ? [{ brand: groupBrands[0] ?? null, weight: 0.15 }]
        : [{ brand: null, weight: 0 }];

  const iphone = iphoneSeriesOfName(name);
  const requiresCleanCheck = CLEAN.test(name) && !DIRTY.test(name);
  const unlockWord = UNLOCK_WORDS.test(name) ? 0.1 : 0.05;
  const firstCarrierStart = Math.min(...carrierHits.map((h) => h.start));
  const carrierOrder = [...new Set(carrierHits.map((h) => h.start))].sort((a, b) => a - b);

  const unlocks: LinkProposal[] = [];
  for (const hit of carrierHits) {
    for (const carrier of hit.values) {
      const home = vocabulary.carrierCountry.get(carrier) ?? null;
      let countryScore: number;
      if (home === null) countryScore = strongCountries.size === 0 ? 1 : 0.4;
      else if (strongCountries.has(home) || weakCountries.has(home)) countryScore = 1;
      else if (strongCountries.size > 0) countryScore = -1;
      else if (groupCountries.has(home)) countryScore = 0.9;
      else countryScore = hit.values.length === 1 ? 0.75 : 0.2 / hit.values.length;
      if (hit.weak && countryScore < 0.9) continue;
      const conflict = [...strongCountries].some((code) => code !== home) && home !== null ? 0.15 : 0;
      const rank = carrierOrder.indexOf(hit.start);
      for (const { brand, weight } of brandChoices) {
        const apple = brand === APPLE;
        // An iPhone service that names no generations (nor "all models") waits for an admin.
        const seriesScore = apple ? (iphone.named ? 0.1 : -0.1) : brand ? 0.1 : 0;
        const score =
          (hit.fuzzy ? 0.27 : 0.35) +
          countryScore * 0.25 +
          weight +
          seriesScore +
          unlockWord -
          conflict -
          0.02 * rank -
          (hit.start === firstCarrierStart ? 0 : 0.01);
        unlocks.push({
          kind: 'unlock',
          brand,
          country: home,
          carrier,
          seriesMin: apple ? iphone.min : null,
          seriesMax: apple ? iphone.max : null,
          modelSeries: brand === SAMSUNG ? samsungLines(name) : null,
          requiresCleanCheck,
          score: round(score),
        });
      }
    }
  }

  const evidence = kindEvidence(name);
  const others: LinkProposal[] = evidence.map(({ kind, score }, rank) => ({
    kind,
    brand: brandChoices[0]?.brand ?? null,
    country: null,
    carrier: null,
    seriesMin: null,
    seriesMax: null,
    modelSeries: null,
    requiresCleanCheck: false,
    score: round(score - rank * 0.1),
  }));
  // A name that speaks of a check, an account lock or a tool is that, whatever carrier it names; a
  // gift card is never read as a carrier at all.
  const weighed = GIFT.test(name)
    ? []
    : evidence.length > 0
      ? unlocks.map((u) => ({ ...u, score: round(u.score * 0.5) }))
      : unlocks;
  const candidates = [...others, ...weighed].sort((a, b) => b.score - a.score);
  if (candidates.length === 0) {
    candidates.push({
      kind: brandChoices[0]?.brand && UNLOCK_WORDS.test(name) ? 'unlock' : 'other',
      brand: brandChoices[0]?.brand ?? null,
      country: [...strongCountries][0] ?? [...groupCountries][0] ?? null,
      carrier: null,
      seriesMin: null,
      seriesMax: null,
      modelSeries: null,
      requiresCleanCheck,
      score: 0.2,
    });
  }
  const [best] = candidates as [LinkProposal, ...LinkProposal[]];
  const runnerUp = candidates.find((candidate) => !sameReading(candidate, best)) ?? null;
  return { best, runnerUp };
}

/** A reading sure enough to sell: an unlock naming brand, carrier and, for iPhones, generations. */
export function confidentUnlock(link: ServiceLink): LinkProposal | null {
  const { best, runnerUp } = link;
  if (best.kind !== 'unlock' || !best.brand || !best.carrier) return null;
  if (best.score < AUTO_LINK_SCORE) return null;
  if (runnerUp && best.score - runnerUp.score < AUTO_LINK_MARGIN) return null;
  return best;
}

// ---- Measuring it on a labelled set ------------------------------------------------------------

export interface LabelledService {
  readonly group: string;
  readonly name: string;
  /** data/auto-linker/labelled-services.json "format" says how it reads. */
  readonly expect: string;
}

/** The reading a label asks for; null for a label that does not parse. */
export function parseLinkLabel(
  label: string,
): Omit<LinkProposal, 'modelSeries' | 'requiresCleanCheck' | 'score'> | null {
  const [head, brand, country, carrier, series] = label.trim().split(/\s+/);
  if (head !== 'U') {
    return SERVICE_KINDS.includes(head as ServiceKind) && head !== 'unlock'
      ? { kind: head as ServiceKind, brand: null, country: null, carrier: null, seriesMin: null, seriesMax: null }
      : null;
  }
  if (!brand || !country || !carrier) return null;
  const range = /^(\d+)?-(\d+)?$/.exec(series ?? '*');
  return {
    kind: 'unlock',
    brand,
    country: country === '-' ? null : country,
    carrier,
    seriesMin: range?.[1] ? Number(range[1]) : null,
    seriesMax: range?.[2] ? Number(range[2]) : null,
  };
}

/** Whether a reading is what the label asks for (the kind alone for services that are not unlocks). */
export function readingMatches(reading: LinkProposal, label: string): boolean {
  const wanted = parseLinkLabel(label);
  if (!wanted) return false;
  if (wanted.kind !== 'unlock') return reading.kind === wanted.kind;
  return (
    reading.kind === 'unlock' &&
    reading.brand === wanted.brand &&
    reading.country === wanted.country &&
    reading.carrier === wanted.carrier &&
    reading.seriesMin === wanted.seriesMin &&
    reading.seriesMax === wanted.seriesMax
  );
}

export interface LinkAccuracy {
  readonly total: number;
  readonly correct: number;
  readonly misses: readonly { readonly name: string; readonly expect: string; readonly got: LinkProposal }[];
}

export function linkAccuracy(rows: readonly LabelledService[], vocabulary: LinkerVocabulary): LinkAccuracy {
  const misses: { name: string; expect: string; got: LinkProposal }[] = [];
  for (const row of rows) {
    const { best } = linkService(row.name, row.group, vocabulary);
    if (!readingMatches(best, row.expect)) misses.push({ name: row.name, expect: row.expect, got: best });
  }
  return { total: rows.length, correct: rows.length - misses.length, misses };
}

/** Words every service list uses that name nothing in the catalogue. */
const SERVICE_WORDS = new Set([
  ...COMMON_WORDS,
  ...RANGE_WORDS,
  ...ALL_WORDS,
  ...'unlock code nck simlock sim lock imei by via new old only not ok fast slow instant express premium standard clean days day hours hrs hr h mins week weeks working business success guaranteed guarantee refund policy'.split(
    ' ',
  ),
]);

/**
 * The longest run of words in a name that the linker read as nothing and that is not a service
 * word ("Pologne" in "Samsung Orange Pologne Unlock Code"): what a correction can teach it.
 */
export function unreadWords(name: string, vocabulary: LinkerVocabulary): string {
  const words = wordsOf(name);
  const covered = new Set<number>();
  for (const hit of hitsOf(name, vocabulary)) for (let i = hit.start; i < hit.end; i++) covered.add(i);
  let best: Word[] = [];
  let run: Word[] = [];
  words.forEach((word, i) => {
    const unread =
      !covered.has(i) && !SERVICE_WORDS.has(word.key) && !/^\d/.test(word.key) && !(word.key in GENERATION_WORDS);
    if (unread) run.push(word);
    else run = [];
    if (run.length > best.length) best = [...run];
  });
  return best.map((word) => word.raw).join(' ');
}
