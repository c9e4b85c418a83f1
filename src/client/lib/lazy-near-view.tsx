import { Suspense, lazy, memo, type ComponentType, type ReactNode } from 'react';

/** How far ahead of the screen a part's code starts loading: one screen's height above and below. */
export const NEAR_VIEW_MARGIN = '100% 0px';

/**
 * Resolves once the element marked `data-near-view={anchor}` comes within a screen of the viewport,
 * at once where there is no such element yet (a page rendered in the browser, not hydrated), no
 * IntersectionObserver, or no browser at all (prerendering renders the part in full).
 */
export function nearView(anchor: string): Promise<void> {
  if (typeof document === 'undefined') return Promise.resolve();
  const element = document.querySelector(`[data-near-view="${anchor}"]`);
  if (!element || typeof IntersectionObserver === 'undefined') return Promise.resolve();
  return new Promise((resolve) => {
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        resolve();
      },
      { rootMargin: NEAR_VIEW_MARGIN },
    );
    observer.observe(element);
  });
}

/**
 * A part below the fold of a prerendered page whose code loads, and whose prerendered HTML
 * hydrates, only once it comes near the screen, so a page load that never scrolls there spends
 * nothing on it (ADR 063). The part must keep its controls visibly not ready until it runs.
 * Memoised: a re-render of the page before the code arrives must not swap its HTML for `fallback`.
 */
export function lazyNearView(
  anchor: string,
  load: () => Promise<{ default: ComponentType }>,
  fallback: ReactNode = null,
): ComponentType {
  const Part = lazy(() => nearView(anchor).then(load));
  return memo(function NearViewPart() {
    return (
      <div data-near-view={anchor}>
        <Suspense fallback={fallback}>
          <Part />
        </Suspense>
      </div>
    );
  });
}
