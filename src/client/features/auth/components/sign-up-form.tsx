import { useForm } from 'react-hook-form';
import { PASSWORD_HINT, signUpSchema } from '../../../../domain/auth';
import { TextField } from '~/components/ui/text-field';
import { showIssues, showSubmitError } from '~/lib/form-issues';
import { useSignUp } from '../api/sign-up';
import { FormAlert } from '~/components/form/form-alert';
import { PasswordField } from '~/components/form/password-field';
import { SubmitButton } from '~/components/form/submit-button';

interface SignUpValues {
  email: string;
  password: string;
}

const FIELDS = ['email', 'password'] as const;

export function SignUpForm({ onSignedUp }: { onSignedUp: () => void }) {
  const form = useForm<SignUpValues>({ defaultValues: { email: '', password: '' } });
  const signUp = useSignUp();
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    const parsed = signUpSchema.safeParse(values);
    if (!parsed.success) return showIssues(parsed.error.issues, FIELDS, form.setError);
    try {
      await signUp.mutateAsync(parsed.data);
      onSignedUp();
    } catch (error) {
      showSubmitError(error, FIELDS, form.setError, { WEAK_PASSWORD: 'password' });
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-5" aria-label="Sign up">
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
        autoComplete="new-password"
        hint={PASSWORD_HINT}
        error={errors.password?.message}
        {...form.register('password')}
      />
      <SubmitButton busy={isSubmitting}>Create Account</SubmitButton>
    </form>
  );
}
