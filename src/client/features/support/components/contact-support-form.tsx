import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { startConversationSchema, SUPPORT_MESSAGE_MAX, SUPPORT_TEXTS } from '../../../../domain/support-conversations';
import { groupThousands } from '../../../../domain/display';
import { Alert, AlertDescription } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { DialogClose, DialogFooter } from '~/components/ui/dialog';
import { TextField } from '~/components/ui/text-field';
import { TextareaField } from '~/components/ui/textarea-field';
import { showIssues, showSubmitError } from '~/lib/form-issues';
import type { OrderAccess } from '~/lib/get-order';
import { toastSuccess } from '~/lib/notify';
import { useStartConversation } from '../api/conversations';

interface ContactValues {
  email: string;
  message: string;
}

const FIELDS = ['email', 'message'] as const;

export interface ContactSupportFormProps {
  /** The order the question is about (its page's access); without, the customer's address is asked. */
  readonly order?: OrderAccess;
  /** Who is signed in: their address is filled in. */
  readonly email?: string;
  /** Sent: the dialog closes (the page moves on to the conversation). */
  readonly onSent: () => void;
}

/** The message form of "Contact support". */
export function ContactSupportForm({ order, email = '', onSent }: ContactSupportFormProps) {
  const navigate = useNavigate();
  const start = useStartConversation();
  const form = useForm<ContactValues>({ defaultValues: { email, message: '' } });
  const { errors, isSubmitting } = form.formState;
  const length = useWatch({ control: form.control, name: 'message' }).length;

  const onSubmit = form.handleSubmit(async (values) => {
    const parsed = startConversationSchema.safeParse({
      message: values.message,
      ...(order
        ? { order_id: order.orderId, token: order.token ?? undefined }
        : { email: values.email.trim() || undefined }),
    });
    if (!parsed.success) return showIssues(parsed.error.issues, FIELDS, form.setError);
    if (!order && !parsed.data.email) {
      form.setError('email', { type: 'validation', message: SUPPORT_TEXTS.emailNeeded }, { shouldFocus: true });
      return;
    }
    try {
      const started = await start.mutateAsync(parsed.data);
      toastSuccess(started.message);
      onSent();
      void navigate(started.url);
    } catch (error) {
      showSubmitError(error, FIELDS, form.setError);
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Message to support">
      {errors.root?.form?.message ? (
        <Alert variant="destructive" role="alert">
          <AlertDescription className="text-foreground">{errors.root.form.message}</AlertDescription>
        </Alert>
      ) : null}
      {order ? null : (
        <TextField
          label="Your email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          hint="Where we send the answer."
          error={errors.email?.message}
          {...form.register('email')}
        />
      )}
      <TextareaField
        label="Your message"
        rows={6}
        maxLength={SUPPORT_MESSAGE_MAX}
        required
        hint={`${groupThousands(length)} of ${groupThousands(SUPPORT_MESSAGE_MAX)} characters`}
        error={errors.message?.message}
        {...form.register('message')}
      />
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
          {isSubmitting ? 'Sending…' : 'Send message'}
        </Button>
      </DialogFooter>
    </form>
  );
}
