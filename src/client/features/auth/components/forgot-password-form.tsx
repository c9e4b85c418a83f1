import { MailCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { RESET_LINK_SENT_MESSAGE, forgotPasswordSchema } from '../../../../domain/auth';
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert';
import { TextField } from '~/components/ui/text-field';
import { showIssues, showSubmitError } from '~/lib/form-issues';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { FormAlert } from '~/components/form/form-alert';
import { SubmitButton } from '~/components/form/submit-button';

interface ForgotPasswordValues {
  email: string;
}

const FIELDS = ['email'] as const;

export function ForgotPasswordForm() {
  const form = useForm<ForgotPasswordValues>({ defaultValues: { email: '' } });
  const requestReset = useRequestPasswordReset();
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    const parsed = forgotPasswordSchema.safeParse(values);
    if (!parsed.success) return showIssues(parsed.error.issues, FIELDS, form.setError);
    try {
      await requestReset.mutateAsync(parsed.data);
    } catch (error) {
      showSubmitError(error, FIELDS, form.setError);
    }
  });

  if (requestReset.isSuccess) {
    return (
      <Alert variant="success" role="status">
        <MailCheck aria-hidden />
        <AlertTitle>Check your inbox</AlertTitle>
        <AlertDescription>{RESET_LINK_SENT_MESSAGE}</AlertDescription>
      </Alert>
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-5" aria-label="Request a password reset link">
      <FormAlert message={errors.root?.form?.message} />
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        error={errors.email?.message}
        {...form.register('email')}
      />
      <SubmitButton busy={isSubmitting}>Send Reset Link</SubmitButton>
    </form>
  );
}
