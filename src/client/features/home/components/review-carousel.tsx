import Autoplay from 'embla-carousel-autoplay';
import useEmblaCarousel, { type UseEmblaCarouselType } from 'embla-carousel-react';
import { ChevronLeft, ChevronRight, Pause, Play } from 'lucide-react';
import { useCallback, useState, useSyncExternalStore } from 'react';
import { REVIEW_CAROUSEL_AUTOPLAY_MS, SAMPLE_REVIEWS } from '../../../../domain/reviews';
import { ReviewCard } from '~/components/reviews/review-card';
import { Button } from '~/components/ui/button';
import { cn } from '~/lib/cn';
import { useHydrated } from '~/lib/use-hydrated';

type CarouselApi = NonNullable<UseEmblaCarouselType[1]>;

/**
 * The slides on screen before the carousel runs (one on a phone, two side by side from `md`): the
 * prerendered page carries only these, since the others cannot be reached without the carousel's
 * code; the rest join once it runs (ADR 019).
 */
const PRERENDERED_SLIDES = 2;

function prefersReducedMotion(): boolean {
  return typeof window === 'undefined' || window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * Spec "Customer review carousel": loops, moves on every 5 s, stops for good once the visitor
 * takes over (drag, arrows, dots, focus), and never moves on its own under reduced motion.
 */
export default function ReviewCarousel() {
  const [autoplay] = useState(() =>
    Autoplay({ delay: REVIEW_CAROUSEL_AUTOPLAY_MS, stopOnInteraction: true, playOnInit: !prefersReducedMotion() }),
  );
  const [viewportRef, api] = useEmblaCarousel({ loop: true, align: 'start' }, [autoplay]);
  // Embla owns the position and the autoplay state; React reads them whenever embla reports a change.
  const subscribe = useCallback(
    (notify: () => void) => {
      if (!api) return () => {};
      api.on('select', notify).on('reInit', notify).on('autoplay:play', notify).on('autoplay:stop', notify);
      return () => {
        api.off('select', notify).off('reInit', notify).off('autoplay:play', notify).off('autoplay:stop', notify);
      };
    },
    [api],
  );
  const selected = useSyncExternalStore(
    subscribe,
    () => api?.selectedScrollSnap() ?? 0,
    () => 0,
  );
  const playing = useSyncExternalStore(
    subscribe,
    () => (api ? autoplay.isPlaying() : false),
    () => false,
  );

  const takeOver = (move: (carousel: CarouselApi) => void) => {
    if (!api) return;
    autoplay.stop();
    move(api);
  };

  const count = SAMPLE_REVIEWS.length;
  const slides = useHydrated() ? SAMPLE_REVIEWS : SAMPLE_REVIEWS.slice(0, PRERENDERED_SLIDES);

  return (
    <div role="region" aria-roledescription="carousel" aria-label="Customer reviews" className="flex flex-col gap-4">
      <div className="flex items-center justify-between gap-3">
        <Button
          variant="ghost"
          size="sm"
          disabled={!api}
          onClick={() => (playing ? autoplay.stop() : autoplay.play())}
          className="text-muted-foreground"
        >
          {playing ? <Pause aria-hidden /> : <Play aria-hidden />}
          {playing ? 'Pause slide show' : 'Play slide show'}
        </Button>
        <div className="flex gap-2">
          <Button
            variant="outline"
            size="icon"
            aria-label="Previous review"
            disabled={!api}
            onClick={() => takeOver((carousel) => carousel.scrollPrev())}
          >
            <ChevronLeft aria-hidden className="size-5" />
          </Button>
          <Button
            variant="outline"
            size="icon"
            aria-label="Next review"
            disabled={!api}
            onClick={() => takeOver((carousel) => carousel.scrollNext())}
          >
            <ChevronRight aria-hidden className="size-5" />
          </Button>
        </div>
      </div>

      <div ref={viewportRef} className="overflow-hidden">
        <div className="-ml-4 flex touch-pan-y">
          {slides.map((review, index) => (
            <div
              key={review.name}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${count}`}
              data-selected={index === selected ? 'true' : undefined}
              className="min-w-0 shrink-0 grow-0 basis-full pl-4 md:basis-1/2"
            >
              <ReviewCard review={review} />
            </div>
          ))}
        </div>
      </div>

      <p aria-live="polite" aria-atomic="true" className="sr-only">
        {playing ? '' : `Review ${selected + 1} of ${count}: ${SAMPLE_REVIEWS[selected]?.title ?? ''}`}
      </p>

      <div className="flex justify-center gap-1">
        {SAMPLE_REVIEWS.map((review, index) => (
          <button
            key={review.name}
            type="button"
            aria-label={`Show review ${index + 1}`}
            aria-current={index === selected ? 'true' : undefined}
            disabled={!api}
            onClick={() => takeOver((carousel) => carousel.scrollTo(index))}
            className="group flex size-6 cursor-pointer items-center justify-center rounded-full outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60"
          >
            <span
              aria-hidden
              className={cn(
                'block h-2 rounded-full transition-all motion-reduce:transition-none',
                index === selected ? 'w-5 bg-primary' : 'w-2 bg-muted-foreground/40 group-hover:bg-muted-foreground/70',
              )}
            />
          </button>
        ))}
      </div>
    </div>
  );
}
