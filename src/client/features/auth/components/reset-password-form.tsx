import { useForm } from 'react-hook-form';
import { PASSWORD_HINT, resetPasswordSchema } from '../../../../domain/auth';
import { showIssues, showSubmitError } from '~/lib/form-issues';
import { useResetPassword } from '../api/reset-password';
import { FormAlert } from '~/components/form/form-alert';
import { PasswordField } from '~/components/form/password-field';
import { SubmitButton } from '~/components/form/submit-button';

interface ResetPasswordValues {
  password: string;
}

const FIELDS = ['password'] as const;

export function ResetPasswordForm({ token, onReset }: { token: string; onReset: () => void }) {
  const form = useForm<ResetPasswordValues>({ defaultValues: { password: '' } });
  const resetPassword = useResetPassword();
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ password }) => {
    const parsed = resetPasswordSchema.safeParse({ token, password });
    if (!parsed.success) return showIssues(parsed.error.issues, FIELDS, form.setError);
    try {
      await resetPassword.mutateAsync(parsed.data);
      onReset();
    } catch (error) {
      showSubmitError(error, FIELDS, form.setError, { WEAK_PASSWORD: 'password' });
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-5" aria-label="Set a new password">
      <FormAlert message={errors.root?.form?.message} />
      <PasswordField
        label="New password"
        autoComplete="new-password"
        hint={PASSWORD_HINT}
        error={errors.password?.message}
        {...form.register('password')}
      />
      <SubmitButton busy={isSubmitting}>Set New Password</SubmitButton>
    </form>
  );
}
