import { CircleAlert } from 'lucide-react';
import { Alert, AlertDescription } from '~/components/ui/alert';

/** A message about the whole form, announced when it appears. */
export function FormAlert({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <Alert variant="destructive" role="alert">
      <CircleAlert aria-hidden />
      <AlertDescription className="text-foreground">{message}</AlertDescription>
    </Alert>
  );
}
