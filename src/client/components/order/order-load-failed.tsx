import { CircleAlert, RotateCw } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';

/** An order that could not be loaded (not a refused link): what went wrong, and Try Again. */
export function OrderLoadFailed({
  message,
  retrying,
  onRetry,
}: {
  readonly message: string | undefined;
  readonly retrying: boolean;
  readonly onRetry: () => void;
}) {
  return (
    <div className="mx-auto w-full max-w-xl px-4 py-16">
      <Alert variant="destructive" role="alert">
        <CircleAlert aria-hidden />
        <AlertTitle>We could not load your order</AlertTitle>
        <AlertDescription className="text-foreground">
          <p>{message}</p>
          <Button variant="outline" className="mt-2" disabled={retrying} onClick={onRetry}>
            <RotateCw aria-hidden className={retrying ? 'animate-spin' : undefined} />
            Try Again
          </Button>
        </AlertDescription>
      </Alert>
    </div>
  );
}
