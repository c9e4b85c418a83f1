import { describe, expect, it } from 'vitest';
import {
  checkKeyRows,
  LICENSE_IMPORT_MESSAGES,
  licenseMatches,
  licenseRefundable,
  licenseTerm,
  type LicenseProduct,
  parseKeyFile,
  stockState,
} from './licenses.ts';

describe('stock states', () => {
  it.each([
    { available: 0, label: 'Out of stock' },
    { available: -1, label: 'Out of stock' },
    { available: 1, label: 'Only 1 left' },
    { available: 5, label: 'Only 5 left' },
    { available: 6, label: 'In stock' },
    { available: 400, label: 'In stock' },
  ])('$available keys: $label', ({ available, label }) => {
    expect(stockState(available).label).toBe(label);
  });
});

describe('the refund rule', () => {
  it.each([
    { states: [], refundable: true },
    { states: ['assigned'], refundable: true },
    { states: ['assigned', 'assigned'], refundable: true },
    { states: ['assigned', 'revealed'], refundable: false },
    { states: ['revealed'], refundable: false },
    { states: ['refunded'], refundable: false },
  ] as const)('keys $states: refundable $refundable', ({ states, refundable }) => {
    expect(licenseRefundable(states.map((state) => ({ state })))).toBe(refundable);
  });
});

describe('license terms', () => {
  it.each([
    { months: null, text: 'Lifetime license' },
    { months: 1, text: '1 month' },
    { months: 6, text: '6 months' },
    { months: 12, text: '1 year' },
    { months: 24, text: '2 years' },
    { months: 18, text: '18 months' },
  ])('$months months: $text', ({ months, text }) => {
    expect(licenseTerm(months)).toBe(text);
  });
});

describe('reading an import file', () => {
  it.each([
    { text: '', error: LICENSE_IMPORT_MESSAGES.header },
    { text: 'key,product\nx,AAAAA-BBBBB', error: LICENSE_IMPORT_MESSAGES.header },
    { text: 'product,key', error: LICENSE_IMPORT_MESSAGES.empty },
    { text: 'product,key\n\n  \n', error: LICENSE_IMPORT_MESSAGES.empty },
    { text: 'product,key\na,b,c', error: `Line 2: ${LICENSE_IMPORT_MESSAGES.columns}` },
    { text: 'product,key\na', error: `Line 2: ${LICENSE_IMPORT_MESSAGES.columns}` },
    { text: 'product,key\n"a,AAAAA', error: `Line 2: ${LICENSE_IMPORT_MESSAGES.malformed}` },
    { text: 'product,key\na,"AA"AA"', error: `Line 2: ${LICENSE_IMPORT_MESSAGES.malformed}` },
    { text: 'product,key\na,AAAAA\0', error: LICENSE_IMPORT_MESSAGES.malformed },
  ])('refuses the whole of $text', ({ text, error }) => {
    expect(parseKeyFile(text)).toEqual({ error });
  });

  it('reads a header in any case, quoted fields, CRLF, a BOM and blank lines, with each line number', () => {
    expect(parseKeyFile('\uFEFF"Product","KEY"\r\nwin, AAAAA-11111 \r\n\r\n"win","BBBBB-22222"\r\n')).toEqual({
      rows: [
        { line: 2, product: 'win', key: 'AAAAA-11111' },
        { line: 4, product: 'win', key: 'BBBBB-22222' },
      ],
    });
  });

  it('refuses more rows than one import takes', () => {
    const text = ['product,key', ...Array.from({ length: 10_001 }, (_, i) => `win,KEY-${i}-ABCDE`)].join('\n');
    expect(parseKeyFile(text)).toEqual({ error: LICENSE_IMPORT_MESSAGES.tooMany });
  });
});

describe('checking the rows of an import', () => {
  const known = new Set(['win', 'office']);
  it.each([
    { row: { line: 2, product: 'win', key: 'AAAAA-BBBBB-CCCCC' }, reason: null },
    { row: { line: 2, product: 'win', key: 'rarreg.key:Zm9vYmFy/+=' }, reason: null },
    { row: { line: 2, product: 'mac', key: 'AAAAA-BBBBB' }, reason: LICENSE_IMPORT_MESSAGES.unknownProduct('mac') },
    { row: { line: 2, product: 'win', key: 'ABCD' }, reason: LICENSE_IMPORT_MESSAGES.badKey },
    { row: { line: 2, product: 'win', key: 'AAAAA BBBBB' }, reason: LICENSE_IMPORT_MESSAGES.badKey },
    { row: { line: 2, product: 'win', key: '-AAAAA' }, reason: LICENSE_IMPORT_MESSAGES.badKey },
    { row: { line: 2, product: 'win', key: 'A'.repeat(257) }, reason: LICENSE_IMPORT_MESSAGES.badKey },
  ])('$row.product,$row.key: $reason', ({ row, reason }) => {
    const { accepted, refused } = checkKeyRows([row], known);
    expect(refused).toEqual(reason ? [{ line: 2, reason }] : []);
    expect(accepted).toHaveLength(reason ? 0 : 1);
  });

  it('refuses a key given twice in one file, naming the first line', () => {
    const rows = [
      { line: 2, product: 'win', key: 'AAAAA-11111' },
      { line: 3, product: 'office', key: 'AAAAA-11111' },
    ];
    expect(checkKeyRows(rows, known).refused).toEqual([
      { line: 3, reason: LICENSE_IMPORT_MESSAGES.duplicateInFile(2) },
    ]);
  });
});

describe('the shop’s search and filters', () => {
  const product: LicenseProduct = {
    slug: 'norton',
    name: 'Norton 360 Deluxe, 1 year',
    vendor: 'Norton',
    edition: 'Deluxe',
    category: 'security',
    platforms: ['windows', 'macos'],
    term_months: 12,
    devices: 5,
    price_cents: 3499,
    summary: 'Antivirus for five devices.',
    receives: ['A key'],
    activation_steps: ['Type it.'],
  };
  it.each([
    { query: {}, matches: true },
    { query: { q: 'norton deluxe' }, matches: true },
    { query: { q: 'NORTON' }, matches: true },
    { query: { q: 'kaspersky' }, matches: false },
    { query: { category: 'security' as const }, matches: true },
    { query: { category: 'vpn' as const }, matches: false },
    { query: { platform: 'macos' as const }, matches: true },
    { query: { platform: 'linux' as const }, matches: false },
  ])('$query: $matches', ({ query, matches }) => {
    expect(licenseMatches(product, query)).toBe(matches);
  });
});
