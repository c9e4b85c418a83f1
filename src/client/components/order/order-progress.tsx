import { Check } from 'lucide-react';
import type { OrderKind, OrderStatus } from '../../../domain/order';
import { progressSteps } from '../../../domain/order-tracking';
import { cn } from '~/lib/cn';

const FINAL: readonly OrderStatus[] = ['fulfilled', 'refunded'];

/** The order's steps in a row (a column on phones): those done ticked, the current one highlighted. */
export function OrderProgress({
  kind,
  status,
  reached,
}: {
  readonly kind: OrderKind;
  readonly status: OrderStatus;
  readonly reached: readonly OrderStatus[];
}) {
  const steps = progressSteps(kind, status, reached);
  return (
    <ol aria-label="Order progress" className="grid gap-3 sm:flex sm:items-start sm:gap-0">
      {steps.map((step, index) => {
        // The last step reached for good is ticked as well as highlighted.
        const ticked = step.state === 'done' || (step.state === 'current' && FINAL.includes(step.status));
        return (
          <li
            key={step.status}
            aria-current={step.state === 'current' ? 'step' : undefined}
            className="relative flex items-center gap-3 sm:flex-1 sm:flex-col sm:gap-2 sm:text-center"
          >
            {index > 0 ? (
              <span
                aria-hidden
                className={cn(
                  'absolute top-4 right-1/2 hidden h-0.5 w-full -translate-x-4 sm:block',
                  step.state === 'upcoming' ? 'bg-border' : 'bg-primary',
                )}
              />
            ) : null}
            <span
              aria-hidden
              className={cn(
                'relative z-10 flex size-8 shrink-0 items-center justify-center rounded-full border-2 text-xs font-semibold',
                ticked && 'border-primary bg-primary text-primary-foreground',
                step.state === 'current' && 'ring-4 ring-primary/20',
                step.state === 'current' && !ticked && 'border-primary bg-background text-primary',
                step.state === 'upcoming' && 'border-border bg-background text-muted-foreground',
              )}
            >
              {ticked ? <Check className="size-4" /> : index + 1}
            </span>
            <span
              className={cn(
                'text-sm',
                step.state === 'current' ? 'font-semibold text-foreground' : 'text-muted-foreground',
              )}
            >
              {step.label}
              <span className="sr-only">
                {step.state === 'done' ? ' (done)' : step.state === 'current' ? ' (current step)' : ' (to come)'}
              </span>
            </span>
          </li>
        );
      })}
    </ol>
  );
}
