import { ArrowRight, Globe2, Smartphone, Users, Youtube } from 'lucide-react';
import { Link } from 'react-router';
import { TESTIMONIALS_PAGE } from '../../../../domain/info-pages';
import { SAMPLE_REVIEWS } from '../../../../domain/reviews';
import { CLAIMS, EXTERNAL_LINKS, readAllReviewsText, youtubeChannel } from '../../../../domain/store-config';
import { ReviewCard } from '~/components/reviews/review-card';
import { RatingFigure } from '~/components/reviews/rating-figure';
import { Button } from '~/components/ui/button';
import { ExternalLink } from '~/components/ui/external-link';

const channel = youtubeChannel();

/** The store config's figures beside the rating, each with what it counts (the channel's only once it is set). */
const FIGURES = [
  { icon: Users, value: CLAIMS.users, label: 'people have used our services' },
  { icon: Globe2, value: CLAIMS.networks, label: 'carrier networks supported' },
  { icon: Smartphone, value: CLAIMS.models, label: 'phone models supported' },
  ...(channel ? [{ icon: Youtube, value: channel.subscribers, label: 'YouTube subscribers' }] : []),
];

/** /testimonials: the independent rating, the store's figures and the sample reviews, all from the store config. */
export function Testimonials() {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <header className="max-w-3xl">
        <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">{TESTIMONIALS_PAGE.heading}</h1>
        <p className="mt-3 text-lg text-pretty text-muted-foreground">{TESTIMONIALS_PAGE.description}</p>
      </header>

      <section
        aria-labelledby="rating-title"
        className="mt-10 grid gap-8 rounded-2xl border border-border bg-card p-6 shadow-sm sm:p-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.6fr)] lg:items-center"
      >
        <div className="flex flex-col gap-2">
          <h2 id="rating-title" className="text-sm font-semibold text-muted-foreground">
            {`Rating on ${EXTERNAL_LINKS.reviewSite.label}, an independent review site`}
          </h2>
          <RatingFigure starsClassName="text-2xl" />
          <ExternalLink
            href={EXTERNAL_LINKS.reviewSite.href}
            className="mt-2 inline-flex w-fit items-center gap-1.5 rounded-sm font-medium text-primary underline-offset-4 hover:underline"
          >
            {readAllReviewsText()}
          </ExternalLink>
        </div>
        <ul className="grid grid-cols-2 gap-3 sm:gap-4">
          {FIGURES.map(({ icon: Icon, value, label }) => (
            <li key={label} className="flex flex-col gap-1 rounded-xl border border-border bg-background/60 p-4">
              <Icon aria-hidden className="size-5 text-primary" />
              <span className="text-2xl font-bold tracking-tight text-foreground">{value}</span>
              <span className="text-sm text-muted-foreground">{label}</span>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="stories-title" className="mt-14">
        <h2 id="stories-title" className="text-2xl font-bold tracking-tight">
          What customers tell us
        </h2>
        <ul className="mt-6 grid gap-5 md:grid-cols-2 lg:grid-cols-3">
          {SAMPLE_REVIEWS.map((review) => (
            <li key={`${review.name}-${review.date}`}>
              <ReviewCard review={review} />
            </li>
          ))}
        </ul>
        <p className="mt-6 text-sm text-muted-foreground">
          {`These reviews are illustrative examples of what customers write. Every verified review, good or bad, is on ${EXTERNAL_LINKS.reviewSite.label}.`}
        </p>
      </section>

      <section
        aria-labelledby="next-title"
        className="mt-14 flex flex-col gap-4 rounded-2xl border border-border bg-card p-6 sm:flex-row sm:items-center sm:justify-between sm:p-8"
      >
        <div>
          <h2 id="next-title" className="text-xl font-semibold">
            Your phone could be next
          </h2>
          <p className="mt-1 text-muted-foreground">
            {`Official factory unlock, a delivery time guaranteed with your price and ${CLAIMS.moneyBack} money back if it cannot be unlocked.`}
          </p>
        </div>
        <Button asChild size="lg">
          <Link to="/">
            Start your unlock
            <ArrowRight aria-hidden />
          </Link>
        </Button>
      </section>
    </div>
  );
}
