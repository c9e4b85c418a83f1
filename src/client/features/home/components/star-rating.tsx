import { Star } from 'lucide-react';
import { cn } from '~/lib/cn';

const STARS = [1, 2, 3, 4, 5] as const;

/** Five stars filled to the rating (fractions included), read out as "Rated 4.6 out of 5". */
export function StarRating({ rating, className }: { rating: number; className?: string }) {
  return (
    <span role="img" aria-label={`Rated ${rating} out of 5`} className={cn('inline-flex gap-0.5', className)}>
      {STARS.map((star) => {
        const fill = Math.min(1, Math.max(0, rating - (star - 1)));
        return (
          <span key={star} aria-hidden className="relative inline-flex">
            <Star className="size-[1em] fill-muted text-muted-foreground/40" />
            {fill > 0 ? (
              <span className="absolute inset-y-0 left-0 overflow-hidden" style={{ width: `${fill * 100}%` }}>
                <Star className="size-[1em] fill-amber-400 text-amber-500" />
              </span>
            ) : null}
          </span>
        );
      })}
    </span>
  );
}
