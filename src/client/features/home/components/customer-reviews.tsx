import { EXTERNAL_LINKS, readAllReviewsText } from '../../../../domain/store-config';
import { ExternalLink } from '~/components/ui/external-link';
import { RatingFigure } from '~/components/reviews/rating-figure';
import { lazyNearView } from '~/lib/lazy-near-view';

// Embla and its autoplay load once the carousel comes near the screen; the slides themselves are in
// the prerendered HTML, and its buttons stay disabled until it runs (ADR 063).
const LazyReviewCarousel = lazyNearView('reviews', () => import('./review-carousel'), <div className="h-80" />);

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
          <RatingFigure starsClassName="text-xl" />
        </div>
      </div>
      <LazyReviewCarousel />
      <p className="text-center text-xs text-muted-foreground">
        {`The reviews above are illustrative examples. Every verified review is on ${EXTERNAL_LINKS.reviewSite.label}.`}
      </p>
    </section>
  );
}
