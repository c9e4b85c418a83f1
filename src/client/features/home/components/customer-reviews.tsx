import { BadgeCheck } from 'lucide-react';
import { Suspense, lazy, memo } from 'react';
import { CLAIMS, EXTERNAL_LINKS, readAllReviewsText } from '../../../../domain/store-config';
import { ExternalLink } from '~/components/ui/external-link';
import { StarRating } from '~/components/reviews/star-rating';

// Embla and its autoplay load after the page is interactive; the slides themselves are in the prerendered HTML.
const ReviewCarousel = lazy(() => import('./review-carousel'));

// Memoised: a re-render of the page before the carousel's code arrives must not replace its HTML.
const LazyReviewCarousel = memo(function LazyReviewCarousel() {
  return (
    <Suspense fallback={<div className="h-80" />}>
      <ReviewCarousel />
    </Suspense>
  );
});

/** The review block (4.6/5, 3,282+ verified unlocks, link to the review site) and the sample review carousel. */
export function CustomerReviews() {
  return (
    <section aria-labelledby="reviews-title" className="flex flex-col gap-8">
      <div className="flex flex-col gap-6 rounded-2xl border border-border bg-card p-6 shadow-sm sm:flex-row sm:items-center sm:justify-between sm:p-8">
        <div className="flex flex-col gap-2">
          <h2 id="reviews-title" className="text-3xl font-bold tracking-tight">
            What our customers say
          </h2>
          <p className="text-muted-foreground">
            {`Rated on ${EXTERNAL_LINKS.reviewSite.label}, an independent review site.`}
          </p>
          <ExternalLink
            href={EXTERNAL_LINKS.reviewSite.href}
            className="mt-1 inline-flex w-fit items-center gap-1.5 rounded-sm font-medium text-primary underline-offset-4 hover:underline"
          >
            {readAllReviewsText()}
          </ExternalLink>
        </div>
        <div className="flex shrink-0 flex-col gap-1.5 sm:items-end sm:text-right">
          <p className="flex items-baseline gap-1">
            <span className="text-5xl font-bold tracking-tight text-foreground">{CLAIMS.reviewRating}</span>
            <span className="text-lg font-medium text-muted-foreground">/5</span>
          </p>
          <StarRating rating={CLAIMS.reviewRating} className="text-xl" />
          <p className="inline-flex items-center gap-1.5 text-sm font-medium text-foreground">
            <BadgeCheck aria-hidden className="size-4 text-success-foreground" />
            {`${CLAIMS.reviewCountText} verified unlocks`}
          </p>
        </div>
      </div>
      <LazyReviewCarousel />
      <p className="text-center text-xs text-muted-foreground">
        {`The reviews above are illustrative examples. Every verified review is on ${EXTERNAL_LINKS.reviewSite.label}.`}
      </p>
    </section>
  );
}
