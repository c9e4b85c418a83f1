import { useForm } from 'react-hook-form';
import { PASSWORD_HINT } from '../../../../domain/auth';
import { createAccountFormSchema, type GuestLink, type GuestUpgradeAnswer } from '../../../../domain/guest-upgrade';
import { FormAlert } from '~/components/form/form-alert';
import { PasswordField } from '~/components/form/password-field';
import { SubmitButton } from '~/components/form/submit-button';
import { TextField } from '~/components/ui/text-field';
import { showIssues, showSubmitError } from '~/lib/form-issues';
import { useUpgradeGuest } from '../api/guest-upgrade';

const FIELDS = ['password'] as const;

/** The order's email (fixed: the link proves it) and the password the account gets. */
export function CreateAccountForm({
  link,
  email,
  onCreated,
}: {
  link: GuestLink;
  email: string;
  onCreated: (answer: GuestUpgradeAnswer) => void;
}) {
  const form = useForm<{ password: string }>({ defaultValues: { password: '' } });
  const upgrade = useUpgradeGuest();
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    const parsed = createAccountFormSchema.safeParse(values);
    if (!parsed.success) return showIssues(parsed.error.issues, FIELDS, form.setError);
    try {
      onCreated(await upgrade.mutateAsync({ ...link, password: parsed.data.password }));
    } catch (error) {
      showSubmitError(error, FIELDS, form.setError);
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-5" aria-label="Create your account">
      <FormAlert message={errors.root?.form?.message} />
      <TextField label="Email" type="email" value={email} readOnly autoComplete="username" />
      <PasswordField
        label="Choose a password"
        autoComplete="new-password"
        hint={PASSWORD_HINT}
        error={errors.password?.message}
        {...form.register('password')}
      />
      <SubmitButton busy={isSubmitting}>Create Account</SubmitButton>
    </form>
  );
}
