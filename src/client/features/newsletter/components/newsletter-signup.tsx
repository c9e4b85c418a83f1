import { Check, Info, Loader2, Mail } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import {
  NEWSLETTER_FAILED_TITLE,
  NEWSLETTER_INVALID_TEXT,
  NEWSLETTER_INVALID_TITLE,
  NEWSLETTER_SUBSCRIBED_TITLE,
  NEWSLETTER_SUCCESS_TOAST_MS,
  isNewsletterEmail,
  newsletterFailureMessage,
} from '../../../../domain/newsletter-texts';
import { useSubscribeToNewsletter } from '../api/subscribe';
import { Button } from '~/components/ui/button';
import { Input } from '~/components/ui/input';
import { notify } from '~/lib/notify';

/**
 * The footer's newsletter signup (spec sections 2, 4, 7 and 8): idle → submitting → subscribed,
 * when the field locks; an already-subscribed or resubscribed answer is a notice and leaves it open.
 */
export function NewsletterSignup() {
  const id = useId();
  const [email, setEmail] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [subscribed, setSubscribed] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const subscribe = useSubscribeToNewsletter();
  const submitting = subscribe.isPending;

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting || subscribed) return;
    setNotice(null);
    if (!isNewsletterEmail(email)) {
      setInvalid(true);
      void notify((toast) => toast.error(NEWSLETTER_INVALID_TITLE, { description: NEWSLETTER_INVALID_TEXT }));
      return;
    }
    setInvalid(false);
    subscribe.mutate(email.trim(), {
      onSuccess: (outcome) => {
        if (outcome.kind === 'notice') {
          setNotice(outcome.message);
          return;
        }
        setSubscribed(true);
        void notify((toast) =>
          toast.success(NEWSLETTER_SUBSCRIBED_TITLE, {
            description: outcome.message,
            duration: NEWSLETTER_SUCCESS_TOAST_MS,
          }),
        );
      },
      onError: (error) =>
        void notify((toast) =>
          toast.error(NEWSLETTER_FAILED_TITLE, { description: newsletterFailureMessage(error.message) }),
        ),
    });
  };

  return (
    <section aria-labelledby={`${id}-title`} className="grid w-full max-w-sm gap-3">
      <div className="grid gap-1">
        <h2 id={`${id}-title`} className="text-sm font-semibold text-foreground">
          Newsletter
        </h2>
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          Unlock tips and travel eSIM deals, about twice a month. Unsubscribe with one click.
        </p>
      </div>
      <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-2 sm:flex-row">
        <label htmlFor={`${id}-email`} className="sr-only">
          Email address for the newsletter
        </label>
        <Input
          id={`${id}-email`}
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@example.com"
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            if (invalid) setInvalid(false);
          }}
          disabled={subscribed}
          readOnly={submitting}
          aria-invalid={invalid || undefined}
          aria-describedby={`${id}-hint`}
          className="sm:flex-1"
        />
        <Button type="submit" disabled={subscribed} aria-disabled={submitting || undefined} className="sm:w-auto">
          {subscribed ? (
            <Check aria-hidden />
          ) : submitting ? (
            <Loader2 aria-hidden className="animate-spin" />
          ) : (
            <Mail aria-hidden />
          )}
          {subscribed ? 'Subscribed' : submitting ? 'Subscribing...' : 'Subscribe'}
        </Button>
      </form>
      <p role="status" className="text-sm text-foreground empty:hidden">
        {notice ? (
          <span className="inline-flex items-start gap-1.5">
            <Info aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
            {notice}
          </span>
        ) : subscribed ? (
          <span className="sr-only">Subscribed. Check your inbox for a welcome email.</span>
        ) : null}
      </p>
    </section>
  );
}
