import type { ReactNode } from 'react';
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert';
import { Skeleton } from '~/components/ui/skeleton';

interface ListStateProps {
  /** The list's query: its failure, or its data once loaded. */
  readonly query: { readonly isError: boolean; readonly error: Error | null; readonly data: unknown };
  /** What the list holds, for the failure's title ("The orders could not be loaded."). */
  readonly what: string;
  /** Said instead of the list when it is loaded and holds nothing; null while it holds something. */
  readonly empty: string | null;
  readonly children: ReactNode;
}

/** The failure, loading and empty states every admin list shares; the list itself once there is one. */
export function ListState({ query, what, empty, children }: ListStateProps) {
  if (query.isError) {
    return (
      <Alert variant="destructive">
        <AlertTitle>The {what} could not be loaded.</AlertTitle>
        <AlertDescription>{query.error?.message}</AlertDescription>
      </Alert>
    );
  }
  if (!query.data) return <Skeleton className="h-48 w-full" />;
  if (empty !== null) {
    return (
      <p role="status" className="rounded-lg border border-dashed border-border p-6 text-center text-muted-foreground">
        {empty}
      </p>
    );
  }
  return children;
}
