import { LockOpen } from 'lucide-react';
import type { UnlockResult } from '../../../../domain/unlock-order';

/** A completed unlock: what the supplier sent back and the steps that finish it on the phone. */
export function UnlockResultCard({ result }: { result: UnlockResult }) {
  return (
    <section
      aria-labelledby="unlock-result-title"
      className="grid gap-4 rounded-xl border border-success/40 bg-card p-6 text-card-foreground shadow-sm"
    >
      <h2 id="unlock-result-title" className="flex items-center gap-2 text-lg font-semibold">
        <LockOpen aria-hidden className="size-5 text-success-foreground" />
        Your unlock result
      </h2>
      <p className="rounded-lg border border-border bg-muted/50 px-4 py-3 font-mono text-base break-words text-foreground">
        {result.message}
      </p>
      {result.instructions.length > 0 ? (
        <div className="grid gap-2">
          <h3 className="font-medium">How to finish</h3>
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
