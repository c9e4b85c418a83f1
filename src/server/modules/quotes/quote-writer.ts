import type { Db } from '../../db/client.ts';
import { insertQuotes, type NewQuote } from './repo.ts';

/**
 * Group commit for stored quotes: while one insert is in flight, the quotes that arrive wait
 * and go together in the next one. One quote alone is written at once; under load one commit
 * carries many. Every caller still waits until its own row is stored.
 */
export function createQuoteWriter(db: Db) {
  let pending: { quote: NewQuote; done: (error?: unknown) => void }[] = [];
  let writing = false;

  async function flush() {
    writing = true;
    while (pending.length > 0) {
      const batch = pending;
      pending = [];
      try {
        await insertQuotes(
          db,
          batch.map((entry) => entry.quote),
        );
        for (const entry of batch) entry.done();
      } catch (error) {
        for (const entry of batch) entry.done(error);
      }
    }
    writing = false;
  }

  return {
    write(quote: NewQuote): Promise<void> {
      return new Promise((resolve, reject) => {
        pending.push({ quote, done: (error) => (error === undefined ? resolve() : reject(error)) });
        if (!writing) void flush();
      });
    },
  };
}
