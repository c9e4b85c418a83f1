import { CircleAlert, Send } from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { groupThousands } from '../../../../domain/display';
import { SUPPORT_HREF } from '../../../../domain/site-map';
import { customerReplySchema, SUPPORT_MESSAGE_MAX, SUPPORT_PROMISE } from '../../../../domain/support-conversations';
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { Skeleton } from '~/components/ui/skeleton';
import { TextareaField } from '~/components/ui/textarea-field';
import { ApiError } from '~/lib/api-client';
import { showIssues, showSubmitError } from '~/lib/form-issues';
import { toastSuccess } from '~/lib/notify';
import { type ConversationAccess, useConversation, useReply } from '../api/conversations';
import { ConversationStatusBadge } from './conversation-status-badge';
import { ConversationThread } from './conversation-thread';

const FIELDS = ['message'] as const;

function ReplyForm({ access, closed }: { access: ConversationAccess; closed: boolean }) {
  const reply = useReply(access);
  const form = useForm<{ message: string }>({ defaultValues: { message: '' } });
  const { errors, isSubmitting } = form.formState;
  const length = useWatch({ control: form.control, name: 'message' }).length;
  const onSubmit = form.handleSubmit(async (values) => {
    const parsed = customerReplySchema.safeParse(values);
    if (!parsed.success) return showIssues(parsed.error.issues, FIELDS, form.setError);
    try {
      const answer = await reply.mutateAsync(parsed.data.message);
      toastSuccess(answer.message);
      form.reset();
    } catch (error) {
      showSubmitError(error, FIELDS, form.setError);
    }
  });
  return (
    <form noValidate onSubmit={onSubmit} aria-label="Your reply" className="grid gap-3">
      {errors.root?.form?.message ? (
        <Alert variant="destructive" role="alert">
          <AlertDescription className="text-foreground">{errors.root.form.message}</AlertDescription>
        </Alert>
      ) : null}
      <TextareaField
        label={closed ? 'Write again (opens the conversation again)' : 'Write again'}
        rows={4}
        maxLength={SUPPORT_MESSAGE_MAX}
        hint={`${groupThousands(length)} of ${groupThousands(SUPPORT_MESSAGE_MAX)} characters. You can also reply to our email.`}
        error={errors.message?.message}
        {...form.register('message')}
      />
      <Button
        type="submit"
        className="justify-self-start"
        disabled={isSubmitting}
        aria-busy={isSubmitting || undefined}
      >
        <Send aria-hidden />
        {isSubmitting ? 'Sending…' : 'Send'}
      </Button>
    </form>
  );
}

/** /support/conversations/:id: a customer's conversation with the team, the answer as it comes, and a reply. */
export function ConversationScreen({ access }: { access: ConversationAccess }) {
  const conversation = useConversation(access);
  if (conversation.isPending) {
    return (
      <div className="grid gap-4" role="status" aria-label="Loading your conversation">
        <Skeleton className="h-10 w-64" />
        <Skeleton className="h-40 w-full rounded-xl" />
      </div>
    );
  }
  if (!conversation.data) {
    const missing = conversation.error instanceof ApiError && conversation.error.status === 404;
    return (
      <Alert variant="destructive">
        <CircleAlert aria-hidden />
        <AlertTitle>
          {missing ? 'We could not find this conversation' : 'We could not load this conversation'}
        </AlertTitle>
        <AlertDescription>
          <p>
            {missing
              ? 'Open it from the link in our email, or sign in with the account you wrote from.'
              : conversation.error?.message}
          </p>
          {missing ? (
            <Link to={SUPPORT_HREF} className="font-medium underline underline-offset-4">
              Go to the help centre
            </Link>
          ) : (
            <Button variant="outline" size="sm" onClick={() => void conversation.refetch()}>
              Try again
            </Button>
          )}
        </AlertDescription>
      </Alert>
    );
  }
  const data = conversation.data;
  return (
    <div className="grid gap-6">
      <header className="grid gap-2">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Conversation {data.reference}</h1>
          <ConversationStatusBadge status={data.status} />
        </div>
        <p className="text-muted-foreground">
          {data.order ? `About order ${data.order.short_id}. ` : ''}
          {data.status === 'waiting' ? SUPPORT_PROMISE : 'We email you when anything is added here.'}
        </p>
      </header>
      <ConversationThread messages={data.messages} customer="You" label="Messages, oldest first" />
      <ReplyForm access={access} closed={data.status === 'closed'} />
    </div>
  );
}
