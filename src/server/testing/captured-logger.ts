import { Writable } from 'node:stream';
import { createLogger } from '../logger.ts';
import { scanningDestination } from './log-scan.ts';

export interface LogLine {
  readonly msg?: string;
  readonly level: number;
  readonly [field: string]: unknown;
}

/** pino's numeric levels. */
export const LOG_LEVEL = { debug: 20, info: 30, warn: 40, error: 50 } as const;

/** A logger at debug level whose JSON lines a test reads (and log-scan.ts searches for personal data). */
export function capturedLogger() {
  const lines: LogLine[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) {
        if (!line) continue;
        scanningDestination.write(line);
        lines.push(JSON.parse(line) as LogLine);
      }
      done();
    },
  });
  return { logger: createLogger('debug', destination), lines };
}
