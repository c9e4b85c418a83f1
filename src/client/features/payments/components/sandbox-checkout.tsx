import {
  CircleAlert,
  CircleCheck,
  CreditCard,
  Home,
  LoaderCircle,
  Lock,
  RotateCw,
  SearchX,
  TimerOff,
  type LucideIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatPrice } from '../../../../domain/display';
import { TEST_PAYMENT_NOTICE, sandboxSessionState, type SandboxSession } from '../../../../domain/sandbox-payment';
import { STORE } from '../../../../domain/store-config';
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card';
import { Skeleton } from '~/components/ui/skeleton';
import { ApiError } from '~/lib/api-client';
import { useSandboxSession } from '../api/get-sandbox-session';
import { type SandboxAction, useSettleSandboxSession } from '../api/settle-sandbox-session';
import { MerchantMark } from './merchant-mark';
import { PaymentSummary } from './payment-summary';

const expiryFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** The sandbox provider's hosted payment page for one checkout session. */
export function SandboxCheckout({ sessionId }: { sessionId: string }) {
  const session = useSandboxSession(sessionId);
  const settle = useSettleSandboxSession(sessionId);

  if (session.isPending) return <CheckoutSkeleton />;
  if (session.isError) {
    if (session.error instanceof ApiError && session.error.status === 404) return <SessionNotFound />;
    return (
      <StatusCard icon={CircleAlert} tone="error" title="We could not load this payment">
        <p>{session.error.message}</p>
        <Button className="mt-2" onClick={() => void session.refetch()} disabled={session.isFetching}>
          <RotateCw aria-hidden className={session.isFetching ? 'animate-spin' : undefined} />
          Try Again
        </Button>
      </StatusCard>
    );
  }

  // Once the server has answered, the browser is on its way: everything stays busy until it leaves.
  const busyWith: SandboxAction | null = settle.isPending || settle.isSuccess ? (settle.variables ?? null) : null;
  const state = sandboxSessionState(session.data, new Date());
  const failure = settle.isError ? settle.error.message : null;

  if (state === 'paid') {
    return (
      <StatusCard icon={CircleCheck} tone="success" title="This payment is complete">
        <p>{`${formatPrice(session.data.amount_cents)} was paid in test mode for ${session.data.description}. Your receipt has the install details.`}</p>
        <FailureAlert message={failure} />
        <Button size="lg" className="mt-2" disabled={busyWith !== null} onClick={() => settle.mutate('pay')}>
          {busyWith ? <LoaderCircle aria-hidden className="animate-spin" /> : null}
          View Your Receipt
        </Button>
      </StatusCard>
    );
  }

  if (state === 'expired') {
    return (
      <StatusCard icon={TimerOff} tone="muted" title="This checkout has expired">
        <p>Nothing was charged. Start a new checkout from the store when you are ready.</p>
        <FailureAlert message={failure} />
        <Button size="lg" className="mt-2" disabled={busyWith !== null} onClick={() => settle.mutate('cancel')}>
          {busyWith ? <LoaderCircle aria-hidden className="animate-spin" /> : null}
          {`Return to ${STORE.name}`}
        </Button>
      </StatusCard>
    );
  }

  return (
    <div className="mx-auto grid w-full max-w-5xl items-start gap-8 md:grid-cols-[minmax(0,1fr)_minmax(0,26rem)] md:gap-12">
      <PaymentSummary session={session.data} />
      <PayPanel
        session={session.data}
        busyWith={busyWith}
        failure={failure}
        onSettle={(action) => settle.mutate(action)}
      />
    </div>
  );
}

interface PayPanelProps {
  readonly session: SandboxSession;
  readonly busyWith: SandboxAction | null;
  readonly failure: string | null;
  readonly onSettle: (action: SandboxAction) => void;
}

function PayPanel({ session, busyWith, failure, onSettle }: PayPanelProps) {
  const busy = busyWith !== null;
  return (
    <Card className="gap-5 shadow-md md:sticky md:top-8">
      <CardHeader>
        <CardTitle>Confirm your test payment</CardTitle>
        <CardDescription>{TEST_PAYMENT_NOTICE}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <dl className="grid gap-4 text-sm">
          <div className="grid gap-1">
            <dt className="font-medium text-muted-foreground">Email for the receipt</dt>
            <dd className="font-medium break-words">{session.email}</dd>
          </div>
          <div className="grid gap-1">
            <dt className="font-medium text-muted-foreground">Payment method</dt>
            <dd className="flex items-center gap-3 rounded-lg border border-dashed border-amber-500/60 bg-amber-50 px-3 py-2.5 dark:bg-amber-400/10">
              <CreditCard aria-hidden className="size-5 shrink-0 text-amber-700 dark:text-amber-300" />
              <span>
                <span className="block font-medium">Sandbox test card</span>
                <span className="block text-muted-foreground">No card details needed, nothing is charged.</span>
              </span>
            </dd>
          </div>
        </dl>
        <FailureAlert message={failure} />
        <div className="grid gap-3">
          <Button
            size="lg"
            className="w-full"
            disabled={busy}
            aria-busy={busyWith === 'pay' || undefined}
            onClick={() => onSettle('pay')}
          >
            {busyWith === 'pay' ? <LoaderCircle aria-hidden className="animate-spin" /> : <Lock aria-hidden />}
            {busyWith === 'pay' ? 'Processing payment…' : `Pay ${formatPrice(session.amount_cents)}`}
          </Button>
          <Button
            variant="outline"
            size="lg"
            className="w-full"
            disabled={busy}
            aria-busy={busyWith === 'cancel' || undefined}
            onClick={() => onSettle('cancel')}
          >
            {busyWith === 'cancel' ? <LoaderCircle aria-hidden className="animate-spin" /> : null}
            {busyWith === 'cancel' ? `Returning to ${STORE.name}…` : 'Cancel'}
          </Button>
        </div>
        <p className="text-center text-xs text-muted-foreground">
          {`Cancel returns you to ${STORE.name} with your cart as it was. This checkout stays open until ${expiryFormat.format(new Date(session.expires_at))}.`}
        </p>
        <p role="status" className="sr-only">
          {busyWith === 'pay'
            ? 'Processing your test payment.'
            : busyWith === 'cancel'
              ? `Returning to ${STORE.name}.`
              : ''}
        </p>
      </CardContent>
    </Card>
  );
}

function FailureAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert variant="destructive" role="alert" className="text-left">
      <CircleAlert aria-hidden />
      <AlertTitle>That did not go through</AlertTitle>
      <AlertDescription className="text-foreground">{message}</AlertDescription>
    </Alert>
  );
}

const TONES = {
  success: 'bg-success/15 text-success-foreground',
  error: 'bg-destructive/15 text-destructive',
  muted: 'bg-muted text-muted-foreground',
} as const;

interface StatusCardProps {
  readonly icon: LucideIcon;
  readonly tone: keyof typeof TONES;
  readonly title: string;
  readonly children: ReactNode;
}

/** A session that cannot be paid (any more): what happened and the one way on. */
function StatusCard({ icon: Icon, tone, title, children }: StatusCardProps) {
  return (
    <Card className="mx-auto w-full max-w-md shadow-md">
      <CardHeader className="items-center gap-4 text-center">
        <MerchantMark />
        <span className={`flex size-14 items-center justify-center rounded-full ${TONES[tone]}`}>
          <Icon aria-hidden className="size-7" />
        </span>
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
      </CardHeader>
      <CardContent className="grid justify-items-center gap-3 text-center text-muted-foreground">
        {children}
      </CardContent>
    </Card>
  );
}

function SessionNotFound() {
  return (
    <StatusCard icon={SearchX} tone="muted" title="Payment session not found">
      <p>This payment link is not valid. Check that you copied it whole, or start again from the store.</p>
      <div className="mt-2 flex flex-wrap justify-center gap-3">
        <Button asChild>
          <Link to="/esim-shop">Browse eSIMs</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/">
            <Home aria-hidden />
            {`Back to ${STORE.name}`}
          </Link>
        </Button>
      </div>
    </StatusCard>
  );
}

function CheckoutSkeleton() {
  return (
    <div
      role="status"
      aria-label="Loading the payment"
      className="mx-auto grid w-full max-w-5xl items-start gap-8 md:grid-cols-[minmax(0,1fr)_minmax(0,26rem)] md:gap-12"
    >
      <div className="grid gap-5">
        <Skeleton className="h-8 w-40" />
        <Skeleton className="h-5 w-28" />
        <Skeleton className="h-10 w-36" />
        <Skeleton className="h-40 w-full" />
      </div>
      <Skeleton className="h-96 w-full rounded-xl" />
    </div>
  );
}
