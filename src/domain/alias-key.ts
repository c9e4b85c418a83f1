// Shoppers type "AT&T", "at and t" or "Mexico" for "México": alias lookups must ignore case, accents,
// spacing and punctuation, so every name and alias is compared through this key. Free of zod: the
// unlock panel's pickers match what is typed through it as the page starts (ADR 097, ADR 106).
export function aliasKey(input: string): string {
  return input
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^\p{L}\p{N}]/gu, '');
}
