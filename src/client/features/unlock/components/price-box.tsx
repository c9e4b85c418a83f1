import { CircleAlert, Clock, LoaderCircle, RotateCw, SearchX, ShieldAlert } from 'lucide-react';
import {
  CALCULATING,
  CLEAN_STATUS_WARNING,
  FILL_ALL_FIELDS,
  GETTING_QUOTE,
  UNSUPPORTED_TEXT,
  UNSUPPORTED_TITLE,
} from '../../../../domain/quote-rules';
import { formatPrice } from '../../../../domain/display';
import { deliveryPromise, formatHours } from '../../../../domain/unlock-checkout';
import { Button } from '~/components/ui/button';
import type { UnlockQuote } from '../hooks/use-unlock-quote';
import { NewTabLink } from './external-link';

interface PriceBoxProps {
  readonly quote: UnlockQuote;
  readonly onRetry: () => void;
  readonly onRequestService: () => void;
  readonly onRequestServiceIntent?: () => void;
}

/** What screen readers hear once a quote settles; the in-between states are not announced. */
function announcement(quote: UnlockQuote): string {
  if (quote.status !== 'ready') return '';
  if (quote.quote.error) return `${quote.quote.error}.`;
  if (!quote.quote.supported) return `${UNSUPPORTED_TITLE}. ${UNSUPPORTED_TEXT}.`;
  const { averageHours, guaranteedHours } = deliveryPromise(quote.quote);
  return `Your price: ${formatPrice(quote.quote.price_cents)}, usually delivered in ${formatHours(averageHours)}, guaranteed within ${formatHours(guaranteedHours)}.`;
}

/** Spec section 2 "Price box states": Fill all fields, Calculating..., Getting Quote..., then the price or the unsupported card. */
export function PriceBox({ quote, onRetry, onRequestService, onRequestServiceIntent }: PriceBoxProps) {
  return (
    <div>
      <p role="status" className="sr-only">
        {announcement(quote)}
      </p>
      <PriceBoxBody
        quote={quote}
        onRetry={onRetry}
        onRequestService={onRequestService}
        onRequestServiceIntent={onRequestServiceIntent}
      />
    </div>
  );
}

function Pending({ text }: { text: string }) {
  return (
    <div
      aria-busy
      className="flex min-h-16 items-center justify-center gap-2 rounded-lg border border-border bg-muted/50 px-4 py-3 text-sm font-medium text-muted-foreground"
    >
      <LoaderCircle aria-hidden className="size-4 animate-spin" />
      {text}
    </div>
  );
}

function PriceBoxBody({ quote, onRetry, onRequestService, onRequestServiceIntent }: PriceBoxProps) {
  if (quote.status === 'idle') {
    return (
      <div className="flex min-h-16 flex-col items-center justify-center gap-0.5 rounded-lg border border-dashed border-border bg-muted/40 px-4 py-3 text-center">
        <p className="text-sm font-medium text-foreground">{FILL_ALL_FIELDS}</p>
        <p className="text-xs text-muted-foreground">Your price shows here as soon as we know your phone.</p>
      </div>
    );
  }
  if (quote.status === 'waiting') return <Pending text={CALCULATING} />;
  if (quote.status === 'loading') return <Pending text={GETTING_QUOTE} />;

  const { quote: result, failure } = quote;

  if (result.error) {
    return (
      <div className="grid gap-3 rounded-lg border border-destructive/50 bg-destructive/10 p-4 text-sm">
        <p className="flex items-start gap-2 font-medium text-foreground">
          <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-destructive" />
          {result.error}
        </p>
        {failure ? <p className="text-muted-foreground">{failure}</p> : null}
        <Button variant="outline" size="sm" className="justify-self-start" onClick={onRetry}>
          <RotateCw aria-hidden />
          Try again
        </Button>
      </div>
    );
  }

  if (!result.supported) {
    return (
      <section
        aria-labelledby="unsupported-title"
        className="grid gap-3 rounded-lg border border-amber-500/50 bg-amber-50 p-4 text-sm dark:bg-amber-950/40"
      >
        <h3 id="unsupported-title" className="flex items-center gap-2 text-base font-semibold text-foreground">
          <SearchX aria-hidden className="size-5 shrink-0 text-amber-700 dark:text-amber-400" />
          {UNSUPPORTED_TITLE}
        </h3>
        {result.message ? <p className="text-muted-foreground">{result.message}</p> : null}
        <p className="text-foreground">{UNSUPPORTED_TEXT}</p>
        <Button
          variant="outline"
          className="w-full sm:w-auto sm:justify-self-start"
          onClick={onRequestService}
          onPointerEnter={onRequestServiceIntent}
          onFocus={onRequestServiceIntent}
        >
          Request Service
        </Button>
      </section>
    );
  }

  // Issue 10: each quote shows the usual time (the tool's real orders) and the time the store guarantees.
  const promise = deliveryPromise(result);
  return (
    <div className="grid gap-3 rounded-lg border border-primary/30 bg-primary/5 px-4 py-3">
      <dl className="flex items-end justify-between gap-x-3">
        <div className="grid gap-0.5">
          <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">Your price</dt>
          <dd className="text-3xl leading-none font-bold tracking-tight text-foreground tabular-nums">
            {formatPrice(result.price_cents)}
          </dd>
        </div>
        <div className="grid min-w-0 justify-items-end gap-1 text-right">
          <dt className="flex items-center gap-1 text-xs font-medium tracking-wide text-muted-foreground uppercase">
            <Clock aria-hidden className="size-3.5" />
            Delivery
          </dt>
          <dd className="grid justify-items-end text-sm font-medium text-foreground">
            <span>Usually {formatHours(promise.averageHours)}</span>
            <span className="text-xs font-normal text-muted-foreground">
              guaranteed within {formatHours(promise.guaranteedHours)}
            </span>
          </dd>
        </div>
      </dl>
      {result.requires_clean_check ? (
        <div className="flex items-start gap-2 rounded-md border border-amber-500/50 bg-amber-50 px-3 py-2 text-xs leading-relaxed text-foreground dark:bg-amber-950/40">
          <ShieldAlert aria-hidden className="mt-px size-4 shrink-0 text-amber-700 dark:text-amber-400" />
          <p>
            {CLEAN_STATUS_WARNING} <NewTabLink href="/imei-check">Check your IMEI</NewTabLink>
          </p>
        </div>
      ) : null}
    </div>
  );
}
