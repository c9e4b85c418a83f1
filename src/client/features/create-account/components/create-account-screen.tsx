import { CircleAlert, LayoutDashboard, LogIn, PackageSearch, UserPlus } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import {
  GUEST_ACCOUNT_EXISTS_MESSAGE,
  GUEST_LINK_INVALID_MESSAGE,
  GUEST_OTHER_ACCOUNT_MESSAGE,
  type GuestLink,
  type GuestUpgradeAnswer,
} from '../../../../domain/guest-upgrade';
import { AUTH_HREF, DASHBOARD_HREF, TRACK_ORDER_HREF } from '../../../../domain/site-map';
import { FormAlert } from '~/components/form/form-alert';
import { AuthCard } from '~/components/layout/auth-card';
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { Skeleton } from '~/components/ui/skeleton';
import { ApiError } from '~/lib/api-client';
import { useClaimOrders, useGuestUpgrade } from '../api/guest-upgrade';
import { CreateAccountForm } from './create-account-form';

const ordersOf = (count: number) => (count === 1 ? '1 order' : `${count} orders`);

function Frame({ description, children }: { description: ReactNode; children: ReactNode }) {
  return (
    <AuthCard title="Create Your Account" description={description} icon={<UserPlus aria-hidden className="size-6" />}>
      <div className="grid gap-5">{children}</div>
    </AuthCard>
  );
}

function LinkButton({
  to,
  icon,
  children,
  outline,
}: {
  to: string;
  icon: ReactNode;
  children: ReactNode;
  outline?: boolean;
}) {
  return (
    <Button asChild size="lg" variant={outline ? 'outline' : 'default'} className="w-full">
      <Link to={to}>
        {icon}
        {children}
      </Link>
    </Button>
  );
}

function Notice({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Alert role="status">
      <CircleAlert aria-hidden />
      <AlertTitle>{title}</AlertTitle>
      <AlertDescription>
        <p>{children}</p>
      </AlertDescription>
    </Alert>
  );
}

const DASHBOARD_BUTTON = (
  <LinkButton to={DASHBOARD_HREF} icon={<LayoutDashboard aria-hidden />}>
    Go to Dashboard
  </LinkButton>
);

function InvalidLink() {
  return (
    <Frame description="Turn your orders into an account with the link in any of your order emails.">
      <Notice title="We could not open this link">{GUEST_LINK_INVALID_MESSAGE}</Notice>
      <LinkButton to={TRACK_ORDER_HREF} icon={<PackageSearch aria-hidden />}>
        Track Your Order
      </LinkButton>
    </Frame>
  );
}

/** Signed in with the order's email: the account takes the email's orders at a press. */
function ClaimOrders({ link, count, onDone }: { link: GuestLink; count: number; onDone: Props['onDone'] }) {
  const claim = useClaimOrders();
  if (count === 0) {
    return (
      <Frame description="Your orders are already in your account.">
        <p className="text-center text-sm text-muted-foreground">
          Every order placed with this email is in your dashboard.
        </p>
        {DASHBOARD_BUTTON}
      </Frame>
    );
  }
  return (
    <Frame
      description={`${ordersOf(count)} placed with your email ${count === 1 ? 'is' : 'are'} not in your account yet.`}
    >
      <FormAlert message={claim.error?.message} />
      <Button
        size="lg"
        className="w-full"
        disabled={claim.isPending}
        aria-busy={claim.isPending || undefined}
        onClick={() => claim.mutate(link, { onSuccess: onDone })}
      >
        <LayoutDashboard aria-hidden />
        Add {ordersOf(count)} to My Account
      </Button>
    </Frame>
  );
}

interface Props {
  /** The order and token of the link; null when the link lacks them. */
  readonly link: GuestLink | null;
  /** Who is signed in, if anyone. */
  readonly signedInEmail: string | null;
  /** The account holds the orders now. */
  readonly onDone: (answer: GuestUpgradeAnswer) => void;
}

/**
 * /create-account: a guest sets a password for the email their order link proves, and every order
 * of that email becomes the account's. An email with an account signs in first; another account is told so.
 */
export function CreateAccountScreen({ link, signedInEmail, onDone }: Props) {
  if (!link) return <InvalidLink />;
  return <CreateAccountForLink link={link} signedInEmail={signedInEmail} onDone={onDone} />;
}

function CreateAccountForLink({ link, signedInEmail, onDone }: Props & { link: GuestLink }) {
  const preview = useGuestUpgrade(link);
  const { pathname, search } = useLocation();

  if (preview.isPending) {
    return (
      <Frame description="Checking your order link…">
        <Skeleton className="h-40 rounded-lg" role="status" aria-label="Checking your order link" />
      </Frame>
    );
  }
  if (preview.isError) {
    if (preview.error instanceof ApiError && preview.error.code === 'NOT_FOUND') return <InvalidLink />;
    return (
      <Frame description="Turn your orders into an account.">
        <FormAlert message={preview.error.message} />
        <Button size="lg" variant="outline" className="w-full" onClick={() => void preview.refetch()}>
          Try again
        </Button>
      </Frame>
    );
  }

  const { email, account_exists: accountExists, order_count: count } = preview.data;
  const signedIn = signedInEmail?.toLowerCase() ?? null;
  if (signedIn === email) return <ClaimOrders link={link} count={count} onDone={onDone} />;
  if (signedIn) {
    return (
      <Frame description="This link is for another email address.">
        <Notice title="Signed in with another email">{GUEST_OTHER_ACCOUNT_MESSAGE}</Notice>
        {DASHBOARD_BUTTON}
      </Frame>
    );
  }
  if (accountExists) {
    const signIn = `${AUTH_HREF}?${new URLSearchParams({ redirectTo: `${pathname}${search}` }).toString()}`;
    return (
      <Frame description={`There is already an account for ${email}.`}>
        <Notice title="You already have an account">{GUEST_ACCOUNT_EXISTS_MESSAGE}</Notice>
        <LinkButton to={signIn} icon={<LogIn aria-hidden />}>
          Sign In
        </LinkButton>
      </Frame>
    );
  }
  return (
    <Frame
      description={`Choose a password and your ${ordersOf(count)} placed with this email will be waiting in your dashboard, with every order you place from now on.`}
    >
      <CreateAccountForm link={link} email={email} onCreated={onDone} />
      <p className="text-center text-sm text-muted-foreground">
        No account wanted? Your order email’s link keeps working.
      </p>
    </Frame>
  );
}
