import { readFileSync } from 'node:fs';
import { type DeviceType, deviceTypeOf } from '../../../domain/device-checks.ts';
import { rootPath } from '../../paths.ts';

/** The store's TAC tables, each under its own licence (data/tac/README.md); later files win. */
export const TAC_TABLE_FILES = [rootPath('data/tac/osmocom-tac.csv'), rootPath('data/tac/samsung-tac.csv')];

export interface TacEntry {
  readonly brand: string;
  readonly model: string;
  readonly deviceType: DeviceType;
}

export type TacTable = ReadonlyMap<string, TacEntry>;

/** One `tac,brand,model` line; the model may be quoted (it may hold a comma). */
function parseLine(line: string): [string, string, string] | null {
  const match = /^(\d{8}),([^,]+),(?:"((?:[^"]|"")*)"|(.*))$/.exec(line);
  if (!match) return null;
  const [, tac = '', brand = '', quoted, plain] = match;
  return [tac, brand, quoted !== undefined ? quoted.replaceAll('""', '"') : (plain ?? '')];
}

/** Reads the tables (comment lines start with `#`); 26,000 lines, read once per process. */
export function loadTacTable(files: readonly string[] = TAC_TABLE_FILES): TacTable {
  const table = new Map<string, TacEntry>();
  for (const file of files) {
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      const row = line.startsWith('#') ? null : parseLine(line.trim());
      if (!row) continue;
      const [tac, brand, model] = row;
      table.set(tac, { brand, model, deviceType: deviceTypeOf(brand, model) });
    }
  }
  return table;
}

/** The make and model the table knows for an IMEI (the sandbox check provider reports them). */
export function describeByTac(table: TacTable, identifier: string): { brand: string; model: string } | null {
  const entry = table.get(identifier.slice(0, 8));
  return /^\d{15}$/.test(identifier) && entry ? { brand: entry.brand, model: entry.model } : null;
}
