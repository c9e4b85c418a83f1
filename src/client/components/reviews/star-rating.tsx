import type { CSSProperties } from 'react';
import { cn } from '~/lib/cn';

const STAR_COUNT = 5;

/** Five stars filled to the rating (fractions included), read out as "Rated 4.6 out of 5". */
export function StarRating({ rating, className }: { rating: number; className?: string }) {
  const fill = (Math.min(STAR_COUNT, Math.max(0, rating)) / STAR_COUNT) * 100;
  return (
    <span
      role="img"
      aria-label={`Rated ${rating} out of 5`}
      className={cn('star-row', className)}
      style={{ '--star-fill': `${fill}%` } as CSSProperties}
    />
  );
}
