import { FlaskConical } from 'lucide-react';
import type { OrderKindView } from './kind-view';

/** The test suite's kind (ADR 068): its code, once delivered. */
export const sampleView: OrderKindView<'sample'> = {
  icon: FlaskConical,
  Result: ({ order }) =>
    order.sample.code ? (
      <section
        aria-labelledby="sample-code-title"
        className="grid gap-2 rounded-xl border border-success/40 bg-card p-6 text-card-foreground shadow-sm"
      >
        <h2 id="sample-code-title" className="text-lg font-semibold">
          Your sample code
        </h2>
        <p className="font-mono text-lg">{order.sample.code}</p>
      </section>
    ) : null,
};
