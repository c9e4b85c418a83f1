import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { seedFileSchema } from '../../domain/reference-data.ts';
import type { Db } from './client.ts';
import * as t from './schema.ts';
import { rootPath } from '../paths.ts';

export const SEED_DIR = rootPath('data/seed');

/**
 * One named part of the data a fresh store needs (ADR 027). `read` gathers and validates the
 * step's whole input; the step runs only when that input's checksum differs from the one stored
 * in `seed_state` for its name, so a start with unchanged inputs writes nothing.
 */
export interface SeedStep<Input = unknown> {
  readonly name: string;
  read(): Promise<Input>;
  /** Loads the input; safe to run again over an earlier load (upserts). */
  apply(input: Input): Promise<void>;
}

export type SeedOutcome = 'seeded' | 'unchanged';

/** A step with its input type checked where it is written, kept in a list of steps. */
export function seedStep<Input>(step: SeedStep<Input>): SeedStep {
  return step as SeedStep;
}

/** The one change-detection rule of the pipeline: sha256 of the input as JSON. */
export function seedChecksum(input: unknown): string {
  return createHash('sha256').update(JSON.stringify(input)).digest('hex');
}

/** A data/seed file (`{ source, rows }`) with every row validated. */
export function readSeedFile<Row extends z.ZodType>(dir: string, file: string, row: Row): z.infer<Row>[] {
  const raw: unknown = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  const parsed = seedFileSchema(row).safeParse(raw);
  if (!parsed.success) {
    throw new Error(`data/seed/${file} is invalid: ${parsed.error.issues[0]?.message ?? 'unknown'}`);
  }
  return parsed.data.rows as z.infer<Row>[];
}

/**
 * Runs the steps in order. A step's checksum is stored after it has applied, so a crash in
 * between re-runs that step at the next start (its upserts make that harmless).
 */
export async function runSeedSteps(db: Db, steps: readonly SeedStep[]): Promise<Record<string, SeedOutcome>> {
  const stored = new Map((await db.select().from(t.seedState)).map((row) => [row.name, row.checksum] as const));
  const outcomes: Record<string, SeedOutcome> = {};
  for (const step of steps) {
    const input = await step.read();
    const checksum = seedChecksum(input);
    if (stored.get(step.name) === checksum) {
      outcomes[step.name] = 'unchanged';
      continue;
    }
    await step.apply(input);
    await db
      .insert(t.seedState)
      .values({ name: step.name, checksum })
      .onConflictDoUpdate({ target: t.seedState.name, set: { checksum, appliedAt: sql`now()` } });
    outcomes[step.name] = 'seeded';
  }
  return outcomes;
}
