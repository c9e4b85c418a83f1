import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { AUTH_HREF } from '../../domain/site-map';
import { pageTitle } from '../../domain/store-config';
import type { Route } from './+types/auth-forgot-password';
import { AuthCard } from '~/components/layout/auth-card';
import { ForgotPasswordForm } from '~/features/auth/components/forgot-password-form';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Forgot Password') },
  { name: 'description', content: 'Get a link by email to choose a new password for your account.' },
];

export default function ForgotPasswordPage() {
  return (
    <AuthCard
      title="Forgot your password?"
      description="Enter the email you signed up with and we will send you a link to choose a new one."
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
      <ForgotPasswordForm />
    </AuthCard>
  );
}
