import { ArrowLeft, CircleAlert } from 'lucide-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { INVALID_RESET_TOKEN_MESSAGE } from '../../domain/auth';
import { AUTH_HREF } from '../../domain/site-map';
import { pageTitle } from '../../domain/store-config';
import type { Route } from './+types/auth-reset-password';
import { Alert, AlertDescription } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { AuthCard } from '~/components/layout/auth-card';
import { ResetPasswordForm } from '~/features/auth/components/reset-password-form';
import { toastSuccess } from '~/lib/notify';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Choose a New Password') },
  { name: 'description', content: 'Choose a new password for your account.' },
  { name: 'robots', content: 'noindex' },
];

export default function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  // better-auth sends an expired or used link here with ?error=INVALID_TOKEN instead of a token.
  const token = searchParams.get('error') ? null : searchParams.get('token');

  return (
    <AuthCard
      title="Choose a new password"
      description="Your new password replaces the old one and signs you out everywhere else."
      footer={
        <Link
          to={AUTH_HREF}
          className="inline-flex items-center gap-1.5 font-medium text-primary underline-offset-4 hover:underline"
        >
          <ArrowLeft aria-hidden className="size-4" />
          Back to Sign In
        </Link>
      }
    >
      {token ? (
        <ResetPasswordForm
          token={token}
          onReset={() => {
            toastSuccess('Your password has been changed. Sign in with your new password.');
            navigate(AUTH_HREF, { replace: true });
          }}
        />
      ) : (
        <div className="grid gap-5">
          <Alert variant="destructive" role="alert">
            <CircleAlert aria-hidden />
            <AlertDescription className="text-foreground">{INVALID_RESET_TOKEN_MESSAGE}</AlertDescription>
          </Alert>
          <Button asChild size="lg">
            <Link to="/auth/forgot-password">Request a New Link</Link>
          </Button>
        </div>
      )}
    </AuthCard>
  );
}
