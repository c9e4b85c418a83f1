import { Skeleton } from '~/components/ui/skeleton';

/** Stands in for a page while its code or data loads. */
export function PageSkeleton() {
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-12 sm:px-6" role="status" aria-label="Loading">
      <Skeleton className="h-9 w-2/3 max-w-md" />
      <Skeleton className="mt-4 h-5 w-full max-w-xl" />
      <Skeleton className="mt-2 h-5 w-5/6 max-w-lg" />
      <div className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        <Skeleton className="h-40" />
        <Skeleton className="h-40" />
        <Skeleton className="hidden h-40 lg:block" />
      </div>
    </div>
  );
}

/** The whole page's frame while the app starts: header bar, content and footer shapes. */
export function AppSkeleton() {
  return (
    <div className="flex min-h-dvh flex-col">
      <div className="border-b border-border">
        <div className="mx-auto flex h-16 max-w-7xl items-center justify-between px-4 sm:px-6">
          <Skeleton className="h-8 w-32" />
          <div className="flex gap-2">
            <Skeleton className="size-10" />
            <Skeleton className="hidden h-9 w-44 lg:block" />
          </div>
        </div>
      </div>
      <div className="flex-1">
        <PageSkeleton />
      </div>
    </div>
  );
}
