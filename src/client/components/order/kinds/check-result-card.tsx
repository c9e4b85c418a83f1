import { AlertTriangle, CheckCircle2, Info, XCircle } from 'lucide-react';
import { Link } from 'react-router';
import {
  CHECK_PRODUCTS,
  type CheckProductId,
  type CheckResult,
  checkNextStep,
  checkVerdicts,
  unlockPanelHref,
  type VerdictTone,
} from '../../../../domain/device-checks';
import { cn } from '~/lib/cn';
import { formatDateTime, useTimeZoneShown } from '~/lib/time-format';

const TONES: Record<VerdictTone, { icon: typeof Info; word: string; className: string }> = {
  good: { icon: CheckCircle2, word: 'OK', className: 'text-success-foreground' },
  bad: { icon: XCircle, word: 'Problem', className: 'text-destructive dark:text-red-300' },
  caution: { icon: AlertTriangle, word: 'Note', className: 'text-amber-700 dark:text-amber-300' },
  neutral: { icon: Info, word: '', className: 'text-foreground' },
};

/**
 * A check's findings, each in words with its verdict spelt out (never colour alone) and what it
 * means, then what the result means for an unlock. `identifier` is the full IMEI for its owner,
 * masked on a share link (no unlock offer is prefilled from a masked one).
 */
export function CheckResultCard(props: {
  product: CheckProductId;
  result: CheckResult;
  identifier: string;
  checkedAt: string | null;
  reportHref?: string;
}) {
  const product = CHECK_PRODUCTS[props.product];
  const verdicts = checkVerdicts(props.result, product.reports);
  const next = checkNextStep(props.result);
  const zone = useTimeZoneShown();
  return (
    <section
      aria-labelledby="check-result-title"
      className="grid gap-4 rounded-xl border border-border bg-card p-6 text-card-foreground shadow-sm"
    >
      <div className="grid gap-1">
        <h2 id="check-result-title" className="text-lg font-semibold">
          {product.name}
        </h2>
        <p className="text-sm text-muted-foreground">
          <span className="font-mono">{props.identifier}</span>
          {props.checkedAt ? ` · checked ${formatDateTime(props.checkedAt, zone)}` : null}
        </p>
      </div>
      <dl className="grid divide-y divide-border rounded-lg border border-border">
        {verdicts.map((verdict) => {
          const tone = TONES[verdict.tone];
          const Icon = tone.icon;
          return (
            <div key={verdict.field} className="grid gap-1 px-4 py-3 sm:grid-cols-[12rem_1fr] sm:gap-4">
              <dt className="text-sm font-medium">{verdict.label}</dt>
              <dd className="grid gap-0.5">
                <span className={cn('flex items-center gap-1.5 font-semibold', tone.className)}>
                  <Icon aria-hidden className="size-4 shrink-0" />
                  {verdict.value}
                  {tone.word ? <span className="sr-only"> ({tone.word})</span> : null}
                </span>
                {verdict.meaning ? <span className="text-sm text-muted-foreground">{verdict.meaning}</span> : null}
              </dd>
            </div>
          );
        })}
      </dl>
      <div
        className={cn(
          'grid gap-2 rounded-lg border px-4 py-3 text-sm',
          next.action === 'refused' ? 'border-destructive/50' : 'border-border bg-muted/40',
        )}
      >
        <h3 className="font-medium">What this means for an unlock</h3>
        <p>{next.text}</p>
        {next.action === 'unlock' ? (
          <Link
            className="font-medium text-primary underline underline-offset-4"
            to={unlockPanelHref({
              imei: props.identifier,
              brand: props.result.brand,
              model: props.result.model,
              country: props.result.purchase_country,
              carrier: props.result.sim_lock ? props.result.carrier : null,
            })}
          >
            Unlock this phone
          </Link>
        ) : null}
      </div>
      {props.reportHref ? (
        <a className="text-sm font-medium text-primary underline underline-offset-4" href={props.reportHref} download>
          Download the report (PDF)
        </a>
      ) : null}
    </section>
  );
}
