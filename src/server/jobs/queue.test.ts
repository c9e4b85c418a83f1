import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { withRequestLogger } from '../logger.ts';
import { capturedLogger, type LogLine } from '../testing/captured-logger.ts';
import { openTestDatabase, testDbKinds } from '../testing/test-db.ts';
import { TEST_JOB_SETTINGS } from '../testing/test-store.ts';
import { DEFAULT_JOB_SETTINGS, type JobQueue, QUEUES, startJobQueue } from './queue.ts';

describe.each(testDbKinds())('the job queue on %s', (kind) => {
  let database: Database;
  let queue: JobQueue;
  let lines: LogLine[];
  const handled: object[] = [];

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    const captured = capturedLogger();
    lines = captured.lines;
    queue = await startJobQueue(database, captured.logger, { ...DEFAULT_JOB_SETTINGS, ...TEST_JOB_SETTINGS });
    // A job that queues the next one, as a fulfilment chain does; each step logs a line.
    await queue.work<{ step: number }>(QUEUES.sampleDeliver, async (data) => {
      handled.push(data);
      captured.logger.info({ step: data.step }, 'sample step');
      if (data.step < 2) await queue.enqueue(QUEUES.sampleDeliver, { step: data.step + 1 });
    });
    // What a request's handling does: its lines, and what it calls, carry its id.
    await withRequestLogger(captured.logger.child({ reqId: 'req-queue-test' }), () =>
      queue.enqueue(QUEUES.sampleDeliver, { step: 1 }),
    );
  });
  afterAll(async () => {
    await queue?.stop();
    await database?.close();
  });

  it("logs a job's lines with the id of the request that queued it, down its chain, and its own job id", async () => {
    await expect.poll(() => lines.filter((line) => line.msg === 'sample step').length).toBe(2);
    const steps = lines.filter((line) => line.msg === 'sample step');
    expect(steps.map((line) => line.reqId)).toEqual(['req-queue-test', 'req-queue-test']);
    expect(new Set(steps.map((line) => line.jobId)).size).toBe(2);
    // The handler gets its data as it was queued.
    expect(handled).toEqual([{ step: 1 }, { step: 2 }]);
  });
});
