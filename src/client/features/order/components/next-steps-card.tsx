import { ArrowRight, ListChecks } from 'lucide-react';
import { Link } from 'react-router';
import type { NextStep } from '../../../../domain/order-tracking';

/** What the customer does now that the order is done (nothing shown while nothing is asked of them). */
export function NextStepsCard({ steps }: { steps: readonly NextStep[] }) {
  if (steps.length === 0) return null;
  return (
    <section
      aria-labelledby="next-steps-title"
      className="grid gap-4 rounded-xl border border-border bg-card p-6 text-card-foreground shadow-sm"
    >
      <h2 id="next-steps-title" className="flex items-center gap-2 text-lg font-semibold">
        <ListChecks aria-hidden className="size-5 text-primary" />
        What to do next
      </h2>
      <ol className="grid gap-4">
        {steps.map((step, index) => (
          <li key={step.text} className="grid grid-cols-[1.75rem_minmax(0,1fr)] gap-3 text-sm">
            <span
              aria-hidden
              className="flex size-7 items-center justify-center rounded-full bg-primary/10 text-xs font-semibold text-primary"
            >
              {index + 1}
            </span>
            <div className="grid gap-1.5">
              <p>{step.text}</p>
              {step.link ? (
                <Link
                  to={step.link.href}
                  className="inline-flex w-fit items-center gap-1 font-medium text-primary underline-offset-4 hover:underline"
                >
                  {step.link.label}
                  <ArrowRight aria-hidden className="size-4" />
                </Link>
              ) : null}
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
