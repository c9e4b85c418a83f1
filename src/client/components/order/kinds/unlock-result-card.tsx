import { LockOpen } from 'lucide-react';
import type { UnlockResult } from '../../../../domain/unlock-order';

/**
 * Completed supplier work: what the supplier sent back and the steps that finish it on the device
 * (an unlock's "Your unlock result", a device service's "Your service result").
 */
export function UnlockResultCard({
  result,
  title = 'Your unlock result',
  stepsTitle = 'How to finish',
}: {
  result: UnlockResult;
  title?: string;
  stepsTitle?: string;
}) {
  return (
    <section
      aria-labelledby="unlock-result-title"
      className="grid gap-4 rounded-xl border border-success/40 bg-card p-6 text-card-foreground shadow-sm"
    >
      <h2 id="unlock-result-title" className="flex items-center gap-2 text-lg font-semibold">
        <LockOpen aria-hidden className="size-5 text-success-foreground" />
        {title}
      </h2>
      <p className="rounded-lg border border-border bg-muted/50 px-4 py-3 font-mono text-base break-words text-foreground">
        {result.message}
      </p>
      {result.instructions.length > 0 ? (
        <div className="grid gap-2">
          <h3 className="font-medium">{stepsTitle}</h3>
          <ol className="grid list-decimal gap-2 pl-5 text-sm text-foreground marker:text-muted-foreground">
            {result.instructions.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </div>
      ) : null}
    </section>
  );
}
