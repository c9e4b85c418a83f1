/** The unlock panel's section id: where every "start" button on the home page leads. */
export const UNLOCK_PANEL_ID = 'start-unlock';

/** Marks the element the panel sits at the top of when not stuck (its column on wide screens). */
export const UNLOCK_COLUMN_ATTRIBUTE = 'data-unlock-column';

const GAP_BELOW_HEADER = 16;

function prefersReducedMotion(): boolean {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** The sticky site header covers the top of the page; the panel must land below it. */
function headerHeight(): number {
  const header = document.querySelector('header');
  return header ? header.getBoundingClientRect().height : 0;
}

/**
 * Brings the unlock panel into view (smoothly unless the visitor asked for reduced motion) and
 * moves keyboard and screen-reader focus to its heading.
 */
export function scrollToUnlockPanel(): void {
  const panel = document.getElementById(UNLOCK_PANEL_ID);
  if (!panel) return;

  const heading = panel.querySelector<HTMLElement>('h1, h2, h3, [role="heading"]') ?? panel;
  const offset = headerHeight() + GAP_BELOW_HEADER;
  const { top, bottom } = heading.getBoundingClientRect();
  // On wide screens the sticky panel's heading is often in view already: then only focus moves.
  const alreadyInView = top >= offset - 1 && bottom <= window.innerHeight;
  if (!alreadyInView) {
    // A stuck panel is not where the page would bring it; its column's top is.
    const anchor = panel.closest(`[${UNLOCK_COLUMN_ATTRIBUTE}]`) ?? panel;
    window.scrollTo({
      top: Math.max(0, anchor.getBoundingClientRect().top + window.scrollY - offset),
      behavior: prefersReducedMotion() ? 'instant' : 'smooth',
    });
  }

  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus({ preventScroll: true });
}
