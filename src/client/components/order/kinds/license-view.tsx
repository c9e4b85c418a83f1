import { Check, Clock, Copy, Eye, KeyRound, Undo2 } from 'lucide-react';
import { useId, useState } from 'react';
import { CUSTOMER_REFUND_ANSWERS, LICENSE_MESSAGES, LICENSE_REFUND_RULE } from '../../../../domain/licenses';
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import type { OrderAccess } from '~/lib/get-order';
import { useCustomerRefund, useRevealKey } from '~/lib/license-keys';
import { useCopyToClipboard } from '~/lib/use-copy-to-clipboard';
import type { OrderAnswerOf } from '../../../../domain/order-answer';
import type { OrderKindView } from './kind-view';
import { formatDateTime, useTimeZoneShown } from '~/lib/time-format';

type LicenseKey = OrderAnswerOf<'license'>['license']['keys'][number];

/**
 * One key: hidden until its owner asks, then shown with a copy button (a revealed key shows again on
 * a click). The first reveal of a refundable order's key is confirmed first: it ends the refund.
 */
function KeyRow({
  licenseKey,
  access,
  index,
  refundable,
}: {
  licenseKey: LicenseKey;
  access: OrderAccess;
  index: number;
  refundable: boolean;
}) {
  const reveal = useRevealKey(access);
  const [shown, setShown] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const confirmId = useId();
  const show = () => {
    setConfirming(false);
    reveal.mutate(licenseKey.id, { onSuccess: (answer) => setShown(answer.key) });
  };
  const { copied, copy } = useCopyToClipboard();
  const label = `${licenseKey.product_name} key ${index + 1}`;
  const zone = useTimeZoneShown();

  return (
    <li className="grid gap-2 px-4 py-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium">{label}</span>
        {licenseKey.revealed_at ? (
          <span className="text-sm text-muted-foreground">Revealed {formatDateTime(licenseKey.revealed_at, zone)}</span>
        ) : null}
      </div>
      {shown ? (
        <div className="flex flex-wrap items-center gap-2">
          <code className="rounded-md bg-muted px-3 py-2 font-mono text-base break-all select-all" aria-label={label}>
            {shown}
          </code>
          <Button variant="outline" size="sm" onClick={() => void copy(label, shown)}>
            {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
            {copied ? 'Copied' : 'Copy key'}
          </Button>
        </div>
      ) : confirming ? (
        <div role="group" aria-labelledby={confirmId} className="grid gap-2 rounded-md border border-border p-3">
          <p id={confirmId} className="text-sm">
            {LICENSE_MESSAGES.revealConfirm}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button size="sm" autoFocus disabled={reveal.isPending} onClick={show}>
              <Eye aria-hidden />
              Show the key
            </Button>
            <Button size="sm" variant="outline" onClick={() => setConfirming(false)}>
              Not now
            </Button>
          </div>
        </div>
      ) : (
        <div className="grid gap-1">
          <Button
            variant={licenseKey.state === 'revealed' ? 'outline' : 'default'}
            className="justify-self-start"
            disabled={reveal.isPending}
            aria-label={`${licenseKey.state === 'revealed' ? 'Show' : 'Reveal'} ${label}`}
            onClick={() => (licenseKey.state !== 'revealed' && refundable ? setConfirming(true) : show())}
          >
            <Eye aria-hidden />
            {licenseKey.state === 'revealed' ? 'Show key' : 'Reveal key'}
          </Button>
          {reveal.isError ? (
            <p role="alert" className="text-sm text-destructive">
              {reveal.error.message}
            </p>
          ) : null}
        </div>
      )}
    </li>
  );
}

/** "Request a refund" while no key is revealed (issue 44), confirmed inline as the first reveal is. */
function RequestRefund({ access }: { readonly access: OrderAccess }) {
  const refund = useCustomerRefund(access);
  const [confirming, setConfirming] = useState(false);
  const confirmId = useId();
  if (refund.data) {
    return (
      <p role="status" className="text-sm">
        {refund.data.message}
      </p>
    );
  }
  return (
    <div className="grid gap-2">
      {confirming ? (
        <div role="group" aria-labelledby={confirmId} className="grid gap-2 rounded-md border border-border p-3">
          <p id={confirmId} className="text-sm">
            {CUSTOMER_REFUND_ANSWERS.confirm}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button
              size="sm"
              variant="destructive"
              autoFocus
              disabled={refund.isPending}
              onClick={() => refund.mutate()}
            >
              <Undo2 aria-hidden />
              Refund my order
            </Button>
            <Button size="sm" variant="outline" onClick={() => setConfirming(false)}>
              Keep my order
            </Button>
          </div>
        </div>
      ) : (
        <Button variant="outline" size="sm" className="justify-self-start" onClick={() => setConfirming(true)}>
          <Undo2 aria-hidden />
          {CUSTOMER_REFUND_ANSWERS.button}
        </Button>
      )}
      {refund.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {refund.error.message}
        </p>
      ) : null}
    </div>
  );
}

/** Digital licenses (ADR 079): the keys behind 'Reveal key', the activation steps, or the wait for stock. */
export const licenseView: OrderKindView<'license'> = {
  icon: KeyRound,
  Result: function LicenseResult({ order, access }) {
    const { license } = order;
    const zone = useTimeZoneShown();
    if (license.waiting_for_stock) {
      return (
        <Alert role="status">
          <Clock aria-hidden />
          <AlertTitle>Waiting for stock</AlertTitle>
          <AlertDescription>
            <p>
              The last keys sold between your checkout and your payment. Your key appears here the moment new stock
              arrives
              {license.refund_by
                ? `, or we refund you in full, automatically, on ${formatDateTime(license.refund_by, zone)}`
                : ''}
              .
            </p>
          </AlertDescription>
        </Alert>
      );
    }
    if (license.keys.length === 0) return null;
    const live = license.keys.filter((key) => key.state !== 'refunded');
    return (
      <section
        aria-labelledby="license-keys-title"
        className="grid gap-4 rounded-xl border border-border bg-card p-6 text-card-foreground shadow-sm"
      >
        <div className="grid gap-1">
          <h2 id="license-keys-title" className="text-lg font-semibold">
            {live.length === 1 ? 'Your license key' : 'Your license keys'}
          </h2>
          <p className="text-sm text-muted-foreground">
            {license.refundable ? LICENSE_REFUND_RULE : 'A key was revealed: this order can no longer be refunded.'}
          </p>
        </div>
        {live.length > 0 ? (
          <ul className="grid divide-y divide-border rounded-lg border border-border">
            {live.map((key, index) => (
              <KeyRow key={key.id} licenseKey={key} access={access} index={index} refundable={license.refundable} />
            ))}
          </ul>
        ) : (
          <p>The keys of this order were taken back with its refund.</p>
        )}
        {license.refundable && live.length > 0 ? <RequestRefund access={access} /> : null}
        {license.activation.map((product) =>
          product.steps.length > 0 ? (
            <div key={product.product} className="grid gap-2">
              <h3 className="font-medium">Activate {product.name}</h3>
              <ol className="grid list-decimal gap-1 pl-5 text-sm">
                {product.steps.map((step) => (
                  <li key={step}>{step}</li>
                ))}
              </ol>
            </div>
          ) : null,
        )}
      </section>
    );
  },
};
