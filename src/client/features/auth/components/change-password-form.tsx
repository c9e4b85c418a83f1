import { useForm } from 'react-hook-form';
import {
  changePasswordSchema,
  PASSWORD_CHANGED_MESSAGE,
  PASSWORD_HINT,
  type ChangePasswordInput,
} from '../../../../domain/auth';
import { FormAlert } from '~/components/form/form-alert';
import { PasswordField } from '~/components/form/password-field';
import { SubmitButton } from '~/components/form/submit-button';
import { showIssues, showSubmitError } from '~/lib/form-issues';
import { useChangePassword } from '../api/change-password';
import { toastSuccess } from '~/lib/notify';

const FIELDS = ['current_password', 'new_password'] as const;

/** The account's change-password form: the current password, then a new one under the sign-up rules. */
export function ChangePasswordForm() {
  const form = useForm<ChangePasswordInput>({ defaultValues: { current_password: '', new_password: '' } });
  const change = useChangePassword();
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    const parsed = changePasswordSchema.safeParse(values);
    if (!parsed.success) return showIssues(parsed.error.issues, FIELDS, form.setError);
    try {
      await change.mutateAsync(parsed.data);
      form.reset();
      toastSuccess(PASSWORD_CHANGED_MESSAGE);
    } catch (error) {
      // better-auth names a wrong current password INVALID_PASSWORD; a weak new one WEAK_PASSWORD.
      showSubmitError(error, FIELDS, form.setError, {
        INVALID_PASSWORD: 'current_password',
        WEAK_PASSWORD: 'new_password',
        PASSWORD_TOO_SHORT: 'new_password',
        PASSWORD_TOO_LONG: 'new_password',
      });
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Change password">
      <FormAlert message={errors.root?.form?.message} />
      <PasswordField
        label="Current password"
        autoComplete="current-password"
        error={errors.current_password?.message}
        {...form.register('current_password')}
      />
      <PasswordField
        label="New password"
        autoComplete="new-password"
        hint={PASSWORD_HINT}
        error={errors.new_password?.message}
        {...form.register('new_password')}
      />
      <SubmitButton busy={isSubmitting}>Change Password</SubmitButton>
    </form>
  );
}
