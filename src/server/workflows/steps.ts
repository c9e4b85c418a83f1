import type { Logger } from '../logger.ts';

/** Runs one step; `undo`, when given, is what takes it back if a later step fails. */
export type RunStep = <T>(name: string, run: () => Promise<T>, undo?: (result: T) => Promise<unknown>) => Promise<T>;

/**
 * Runs a business process as explicit steps. When a step throws, the undos of the steps that
 * completed run in reverse order, then the error goes on to the caller. An undo that fails
 * itself is logged and the others still run. Steps inside one database transaction need no
 * undo: the rollback is theirs.
 */
export async function runSteps<T>(workflow: string, logger: Logger, body: (step: RunStep) => Promise<T>): Promise<T> {
  const undos: { name: string; undo: () => Promise<unknown> }[] = [];
  const step: RunStep = async (name, run, undo) => {
    const result = await run();
    if (undo) undos.push({ name, undo: () => undo(result) });
    return result;
  };
  try {
    return await body(step);
  } catch (error) {
    for (const { name, undo } of undos.reverse()) {
      try {
        await undo();
      } catch (undoError) {
        logger.error({ err: undoError, workflow, step: name }, 'a step could not be undone');
      }
    }
    throw error;
  }
}
