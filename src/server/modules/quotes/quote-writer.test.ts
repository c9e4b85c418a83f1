import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { createQuoteWriter } from './quote-writer.ts';
import type { NewQuote } from './repo.ts';

const quote = (id: string) => ({ id }) as NewQuote;
const db = {} as Db;

/** An insert that records each batch's ids and finishes when the test says so. */
function recordingInsert() {
  const batches: string[][] = [];
  const finish: Array<(error?: Error) => void> = [];
  const insert = (_db: Db, quotes: readonly NewQuote[]) =>
    new Promise<void>((resolve, reject) => {
      batches.push(quotes.map((q) => q.id));
      finish.push((error) => (error ? reject(error) : resolve()));
    });
  return { insert, batches, finish };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('createQuoteWriter', () => {
  it('writes quotes that arrive together in one insert', async () => {
    const { insert, batches, finish } = recordingInsert();
    const writer = createQuoteWriter(db, insert);
    const written = ['a', 'b', 'c'].map((id) => writer.write(quote(id)));
    await settle();
    expect(batches).toEqual([['a', 'b', 'c']]);
    finish[0]?.();
    await Promise.all(written);
  });

  it('puts quotes arriving during an insert in the next one, and each caller waits for its own row', async () => {
    const { insert, batches, finish } = recordingInsert();
    const writer = createQuoteWriter(db, insert);
    let firstDone = false;
    const first = writer.write(quote('a')).then(() => (firstDone = true));
    await settle();
    const later = [writer.write(quote('b')), writer.write(quote('c'))];
    await settle();
    expect(batches).toEqual([['a']]);
    expect(firstDone).toBe(false);
    finish[0]?.();
    await first;
    await settle();
    expect(batches).toEqual([['a'], ['b', 'c']]);
    finish[1]?.();
    await Promise.all(later);
  });

  it('fails only the callers of a failed insert, and keeps writing', async () => {
    const { insert, finish } = recordingInsert();
    const writer = createQuoteWriter(db, insert);
    const failed = writer.write(quote('a'));
    await settle();
    const next = writer.write(quote('b'));
    finish[0]?.(new Error('disk full'));
    await expect(failed).rejects.toThrow('disk full');
    await settle();
    finish[1]?.();
    await expect(next).resolves.toBeUndefined();
  });
});
