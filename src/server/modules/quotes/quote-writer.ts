import type { Db } from '../../db/client.ts';
import { insertQuotes, type NewQuote } from './repo.ts';

/**
 * Group commit for stored quotes: while one insert is in flight, the quotes that arrive wait
 * and go together in the next one. One quote alone is written after one turn of the event loop;
 * under load one commit carries many. Every caller still waits until its own row is stored.
 */
export function createQuoteWriter(
  db: Db,
  insert: (db: Db, quotes: readonly NewQuote[]) => Promise<void> = insertQuotes,
) {
  let pending: { quote: NewQuote; done: (error?: unknown) => void }[] = [];
  let writing = false;

  async function flush() {
    writing = true;
    while (pending.length > 0) {
      // One turn of the event loop first, so the requests already received join this batch. An
      // embedded database runs on this thread: without the turn, each insert would start as soon
      // as the last one ended, before any new request was read, and carry only one or two rows.
      await new Promise((resolve) => setImmediate(resolve));
      const batch = pending;
      pending = [];
      try {
        await insert(
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
