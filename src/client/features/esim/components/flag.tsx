import { Globe } from 'lucide-react';
import { cn } from '~/lib/cn';

// Each flag is its own small SVG file, fetched only when shown.
const FLAG_URLS = import.meta.glob<string>('/node_modules/flag-icons/flags/4x3/*.svg', {
  query: '?url',
  import: 'default',
  eager: true,
});

function flagUrl(iso2: string): string | undefined {
  return FLAG_URLS[`/node_modules/flag-icons/flags/4x3/${iso2.toLowerCase()}.svg`];
}

interface FlagProps {
  /** ISO2 of a country; null (a region or the world) shows a globe. */
  readonly iso2: string | null;
  readonly className?: string;
}

/** A country's flag (decorative: the name always stands beside it), or a globe for a region. */
export function Flag({ iso2, className }: FlagProps) {
  const url = iso2 ? flagUrl(iso2) : undefined;
  if (!url) {
    return (
      <span
        aria-hidden
        className={cn(
          'inline-flex aspect-[4/3] h-4 shrink-0 items-center justify-center rounded-[3px] bg-primary/10 text-primary',
          className,
        )}
      >
        <Globe className="size-[80%]" />
      </span>
    );
  }
  return (
    <img
      src={url}
      alt=""
      width={20}
      height={15}
      loading="lazy"
      decoding="async"
      className={cn('aspect-[4/3] h-4 w-auto shrink-0 rounded-[3px] object-cover ring-1 ring-border', className)}
    />
  );
}
