import { BadgeCheck } from 'lucide-react';
import { CLAIMS } from '../../../domain/store-config';
import { StarRating } from './star-rating';

/** The store's review rating as a figure: score out of 5, its stars and the verified unlocks count. */
export function RatingFigure({ starsClassName }: { readonly starsClassName?: string }) {
  return (
    <>
      <p className="flex items-baseline gap-1">
        <span className="text-5xl font-bold tracking-tight text-foreground">{CLAIMS.reviewRating}</span>
        <span className="text-lg font-medium text-muted-foreground">/5</span>
      </p>
      <StarRating rating={CLAIMS.reviewRating} className={starsClassName} />
      <p className="inline-flex items-center gap-1.5 text-sm font-medium text-foreground">
        <BadgeCheck aria-hidden className="size-4 text-success-foreground" />
        {`${CLAIMS.reviewCountText} verified unlocks`}
      </p>
    </>
  );
}
