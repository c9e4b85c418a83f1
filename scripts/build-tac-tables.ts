// Builds the store's TAC tables (data/tac/) from two public sources, each kept in its own file
// under its own licence (data/tac/README.md):
//   node --import tsx scripts/build-tac-tables.ts <osmocom tacdb.csv> <SamloaderKotlin tacs.csv>
// The Osmocom table (CC-BY-SA 3.0) is reduced to tac, brand and model; the Samloader table (MIT)
// names Samsung model codes, which the store's own list below turns into the names people use.
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

const OUT = resolve(import.meta.dirname, '../data/tac');

/** Samsung model codes (without the region letter) of the Galaxy S, Z, Note and A lines since 2020. */
const SAMSUNG_NAMES: Record<string, string> = {
  G980: 'Galaxy S20', G981: 'Galaxy S20 5G', G985: 'Galaxy S20+', G986: 'Galaxy S20+ 5G',
  G988: 'Galaxy S20 Ultra', G780: 'Galaxy S20 FE', G781: 'Galaxy S20 FE 5G',
  G990: 'Galaxy S21 FE', G991: 'Galaxy S21', G996: 'Galaxy S21+', G998: 'Galaxy S21 Ultra',
  S901: 'Galaxy S22', S906: 'Galaxy S22+', S908: 'Galaxy S22 Ultra',
  S711: 'Galaxy S23 FE', S911: 'Galaxy S23', S916: 'Galaxy S23+', S918: 'Galaxy S23 Ultra',
  S721: 'Galaxy S24 FE', S921: 'Galaxy S24', S926: 'Galaxy S24+', S928: 'Galaxy S24 Ultra',
  S731: 'Galaxy S25 FE', S931: 'Galaxy S25', S936: 'Galaxy S25+', S937: 'Galaxy S25 Edge', S938: 'Galaxy S25 Ultra',
  N770: 'Galaxy Note10 Lite', N980: 'Galaxy Note20', N981: 'Galaxy Note20 5G',
  N985: 'Galaxy Note20 Ultra', N986: 'Galaxy Note20 Ultra 5G',
  F700: 'Galaxy Z Flip', F707: 'Galaxy Z Flip 5G', F711: 'Galaxy Z Flip3', F721: 'Galaxy Z Flip4',
  F731: 'Galaxy Z Flip5', F741: 'Galaxy Z Flip6', F761: 'Galaxy Z Flip7', F766: 'Galaxy Z Flip7 FE',
  F916: 'Galaxy Z Fold2', F926: 'Galaxy Z Fold3', F936: 'Galaxy Z Fold4', F946: 'Galaxy Z Fold5',
  F956: 'Galaxy Z Fold6', F966: 'Galaxy Z Fold7',
  A013: 'Galaxy A01 Core', A015: 'Galaxy A01', A022: 'Galaxy A02', A025: 'Galaxy A02s',
  A032: 'Galaxy A03 Core', A035: 'Galaxy A03', A037: 'Galaxy A03s', A042: 'Galaxy A04e',
  A045: 'Galaxy A04', A047: 'Galaxy A04s', A055: 'Galaxy A05', A057: 'Galaxy A05s', A065: 'Galaxy A06',
  A115: 'Galaxy A11', A125: 'Galaxy A12', A127: 'Galaxy A12', A135: 'Galaxy A13', A136: 'Galaxy A13 5G',
  A137: 'Galaxy A13', A145: 'Galaxy A14', A146: 'Galaxy A14 5G', A155: 'Galaxy A15', A156: 'Galaxy A15 5G',
  A165: 'Galaxy A16', A166: 'Galaxy A16 5G', A215: 'Galaxy A21', A217: 'Galaxy A21s', A225: 'Galaxy A22',
  A226: 'Galaxy A22 5G', A235: 'Galaxy A23', A236: 'Galaxy A23 5G', A245: 'Galaxy A24', A256: 'Galaxy A25 5G',
  A266: 'Galaxy A26 5G', A315: 'Galaxy A31', A325: 'Galaxy A32', A326: 'Galaxy A32 5G', A336: 'Galaxy A33 5G',
  A346: 'Galaxy A34 5G', A356: 'Galaxy A35 5G', A366: 'Galaxy A36 5G', A415: 'Galaxy A41',
  A426: 'Galaxy A42 5G', A515: 'Galaxy A51', A516: 'Galaxy A51 5G', A525: 'Galaxy A52',
  A526: 'Galaxy A52 5G', A528: 'Galaxy A52s 5G', A536: 'Galaxy A53 5G', A546: 'Galaxy A54 5G',
  A556: 'Galaxy A55 5G', A566: 'Galaxy A56 5G', A715: 'Galaxy A71', A716: 'Galaxy A71 5G',
  A725: 'Galaxy A72', A736: 'Galaxy A73 5G',
};

/** A minimal CSV reader: quoted fields with doubled quotes, commas, one record per line. */
function parseCsvLine(line: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i];
    if (quoted) {
      if (char === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      fields.push(field);
      field = '';
    } else field += char;
  }
  fields.push(field);
  return fields;
}

const csvField = (value: string) => (/[",]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

function osmocomRows(file: string): string[] {
  const seen = new Set<string>();
  const rows: string[] = [];
  for (const line of readFileSync(file, 'utf8').split(/\r?\n/).slice(2)) {
    const [tac = '', brand = '', name = '', , , , , aka = ''] = parseCsvLine(line);
    if (!/^\d{8}$/.test(tac) || !brand.trim() || !name.trim() || seen.has(tac)) continue;
    seen.add(tac);
    // An Apple row named by its A-number says which iPhone it is in its other names.
    const iphone = /^A\d{4}$/.test(name.trim()) ? aka.split(',').find((other) => /^iPhone\b/.test(other)) : undefined;
    const model = (iphone ?? name).trim().replace(/\s+\d+\s?GB$/i, '');
    rows.push([tac, brand.trim(), model].map(csvField).join(','));
  }
  return rows.sort();
}

function samsungRows(file: string): string[] {
  const byTac = new Map<string, string>();
  for (const line of readFileSync(file, 'utf8').split(/\r?\n/).slice(1)) {
    const [tac = '', ...codes] = parseCsvLine(line);
    if (!/^\d{8}$/.test(tac) || byTac.has(tac)) continue;
    const named = codes
      .map((code) => /^SM-([A-Z]\d{3})/.exec(code.trim())?.[1])
      .map((prefix) => (prefix ? SAMSUNG_NAMES[prefix] : undefined))
      .find(Boolean);
    if (named) byTac.set(tac, `${tac},Samsung,${csvField(named)}`);
  }
  return [...byTac.values()].sort();
}

const [osmocom, samloader] = process.argv.slice(2);
if (!osmocom || !samloader) {
  console.error('usage: build-tac-tables.ts <osmocom tacdb.csv> <SamloaderKotlin tacs.csv>');
  process.exit(2);
}
const header = 'tac,brand,model';
writeFileSync(
  `${OUT}/osmocom-tac.csv`,
  [
    '# Osmocom TAC database (http://tacdb.osmocom.org), CC-BY-SA 3.0, (c) Harald Welte 2016 and contributors.',
    '# Reduced to tac, brand and model by scripts/build-tac-tables.ts; shared under the same licence.',
    header,
    ...osmocomRows(osmocom),
    '',
  ].join('\n'),
);
writeFileSync(
  `${OUT}/samsung-tac.csv`,
  [
    '# TACs of Samsung model codes from SamloaderKotlin (MIT, (c) 2021 Zachary Wander); names by OpenLine.',
    header,
    ...samsungRows(samloader),
    '',
  ].join('\n'),
);
console.info(`wrote ${OUT}/osmocom-tac.csv and ${OUT}/samsung-tac.csv`);
