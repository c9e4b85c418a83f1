import { CircleAlert, CircleCheck, Home, Loader2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { useUnsubscribeFromNewsletter } from '../api/unsubscribe';
import { Button } from '~/components/ui/button';

export const MISSING_TOKEN = 'This unsubscribe link is missing its token. Use the link in the email we sent you.';

/** Where the welcome email's link leads: unsubscribes at once (one click) and says what happened. */
export function UnsubscribeScreen({ token }: { readonly token: string | null }) {
  const unsubscribe = useUnsubscribeFromNewsletter();
  const { mutate } = unsubscribe;
  const started = useRef(false);

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    mutate(token);
  }, [token, mutate]);

  const failed = !token || unsubscribe.isError;
  const done = unsubscribe.isSuccess;
  const heading = failed ? 'We could not unsubscribe you' : done ? 'You are unsubscribed' : 'Unsubscribing...';
  const message = !token ? MISSING_TOKEN : unsubscribe.error ? unsubscribe.error.message : unsubscribe.data?.message;

  return (
    <section className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center gap-4 px-4 py-16 text-center">
      {failed ? (
        <CircleAlert aria-hidden className="size-12 text-destructive" />
      ) : done ? (
        <CircleCheck aria-hidden className="size-12 text-success-foreground" />
      ) : (
        <Loader2 aria-hidden className="size-12 animate-spin text-muted-foreground" />
      )}
      <h1 className="text-3xl font-bold tracking-tight">{heading}</h1>
      <div role="status" aria-live="polite" className="text-muted-foreground">
        {message ? <p>{message}</p> : null}
        {done ? <p className="mt-2">Changed your mind? Subscribe again from the footer of any page.</p> : null}
      </div>
      <Button asChild className="mt-2">
        <Link to="/">
          <Home aria-hidden />
          Return to Home
        </Link>
      </Button>
    </section>
  );
}
