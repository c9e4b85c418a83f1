import { BadgeCheck } from 'lucide-react';
import { formatCalendarDate } from '../../../domain/display';
import type { ReviewEntry } from '../../../domain/reviews';
import { StarRating } from './star-rating';

/** One sample review: stars, verified mark, title, text, who and when. */
export function ReviewCard({ review }: { review: ReviewEntry }) {
  return (
    <figure className="flex h-full flex-col gap-3 rounded-xl border border-border bg-card p-5 shadow-sm">
      <div className="flex items-center justify-between gap-3">
        <StarRating rating={review.rating} className="text-lg" />
        {review.verified ? (
          <span className="inline-flex items-center gap-1 text-xs font-medium text-success-foreground">
            <BadgeCheck aria-hidden className="size-3.5" />
            Verified order
          </span>
        ) : null}
      </div>
      <h3 className="font-semibold text-foreground">{review.title}</h3>
      <blockquote className="flex-1 text-sm text-pretty text-muted-foreground">
        <p>{review.text}</p>
      </blockquote>
      <figcaption className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 border-t border-border pt-3 text-sm">
        <span>
          <span className="font-medium text-foreground">{review.name}</span>
          <span className="text-muted-foreground">{`, ${review.location}`}</span>
        </span>
        <time dateTime={review.date} className="text-xs text-muted-foreground">
          {formatCalendarDate(review.date)}
        </time>
      </figcaption>
    </figure>
  );
}
