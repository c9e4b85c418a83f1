import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { signInSchema } from '../../../../domain/auth';
import { TextField } from '~/components/ui/text-field';
import { showIssues, showSubmitError } from '~/lib/form-issues';
import { useSignIn } from '../api/sign-in';
import { FormAlert } from '~/components/form/form-alert';
import { PasswordField } from '~/components/form/password-field';
import { SubmitButton } from '~/components/form/submit-button';

interface SignInValues {
  email: string;
  password: string;
}

const FIELDS = ['email', 'password'] as const;

export function SignInForm({ onSignedIn }: { onSignedIn: () => void }) {
  const form = useForm<SignInValues>({ defaultValues: { email: '', password: '' } });
  const signIn = useSignIn();
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    const parsed = signInSchema.safeParse(values);
    if (!parsed.success) return showIssues(parsed.error.issues, FIELDS, form.setError);
    try {
      await signIn.mutateAsync(parsed.data);
      onSignedIn();
    } catch (error) {
      showSubmitError(error, FIELDS, form.setError);
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-5" aria-label="Sign in">
      <FormAlert message={errors.root?.form?.message} />
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        error={errors.email?.message}
        {...form.register('email')}
      />
      <PasswordField
        label="Password"
        autoComplete="current-password"
        error={errors.password?.message}
        labelAside={
          <Link
            to="/auth/forgot-password"
            className="text-sm font-medium text-primary underline-offset-4 hover:underline"
          >
            Forgot password?
          </Link>
        }
        {...form.register('password')}
      />
      <SubmitButton busy={isSubmitting}>Sign In</SubmitButton>
    </form>
  );
}
