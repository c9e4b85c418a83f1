import type { ReactNode } from 'react';
import { cn } from '~/lib/cn';

interface AdminTableProps {
  /** The table's accessible name (a caption screen readers read; hidden on screen). */
  readonly caption: string;
  readonly headings: readonly string[];
  /** Adds a last column of per-row buttons, named for screen readers. */
  readonly actions?: boolean;
  /** The width below which the table scrolls sideways inside its frame (a Tailwind min-w class). */
  readonly minWidth: string;
  /** The rows (`<tr>`). */
  readonly children: ReactNode;
}

/** A real table in the admin area's frame: caption, column headings, rows that scroll on a phone. */
export function AdminTable({ caption, headings, actions = false, minWidth, children }: AdminTableProps) {
  return (
    // The frame scrolls sideways on a phone: it takes the focus, so a keyboard can scroll it too.
    <div
      role="region"
      aria-label={caption}
      tabIndex={0}
      className="relative overflow-x-auto rounded-lg border border-border outline-none focus-visible:ring-[3px] focus-visible:ring-ring/40"
    >
      <table className={cn('w-full text-left text-sm', minWidth)}>
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-muted/60 text-muted-foreground">
          <tr>
            {headings.map((heading) => (
              <th key={heading} scope="col" className="px-3 py-2 font-medium">
                {heading}
              </th>
            ))}
            {actions ? (
              <th scope="col" className="px-3 py-2 font-medium">
                <span className="sr-only">Actions</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody className="divide-y divide-border">{children}</tbody>
      </table>
    </div>
  );
}
