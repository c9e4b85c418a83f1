// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NEAR_VIEW_MARGIN, nearView } from './lazy-near-view';

/** An IntersectionObserver the test drives: `report(true)` says the element came near the screen. */
function fakeObserver() {
  const observers: { callback: IntersectionObserverCallback; options?: IntersectionObserverInit; observed: Element[]; disconnected: boolean }[] = [];
  class FakeIntersectionObserver {
    readonly entry;
    constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
      this.entry = { callback, options, observed: [] as Element[], disconnected: false };
      observers.push(this.entry);
    }
    observe(element: Element) {
      this.entry.observed.push(element);
    }
    disconnect() {
      this.entry.disconnected = true;
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  const report = (isIntersecting: boolean) => {
    for (const observer of observers)
      observer.callback(
        observer.observed.map((target) => ({ target, isIntersecting }) as IntersectionObserverEntry),
        {} as IntersectionObserver,
      );
  };
  return { observers, report };
}

const settled = async (promise: Promise<void>) => {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setTimeout(resolve));
  return done;
};

describe('nearView', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
  });

  it('waits until the marked element comes within a screen of the viewport', async () => {
    document.body.innerHTML = '<div data-near-view="reviews"></div>';
    const { observers, report } = fakeObserver();
    const near = nearView('reviews');
    expect(observers[0]?.options?.rootMargin).toBe(NEAR_VIEW_MARGIN);
    expect(observers[0]?.observed).toEqual([document.querySelector('[data-near-view="reviews"]')]);
    report(false);
    expect(await settled(near)).toBe(false);
    report(true);
    expect(await settled(near)).toBe(true);
    expect(observers[0]?.disconnected).toBe(true);
  });

  it.each([
    { case: 'no marked element (a page rendered in the browser)', html: '<div data-near-view="other"></div>', observer: true },
    { case: 'no IntersectionObserver', html: '<div data-near-view="reviews"></div>', observer: false },
  ])('resolves at once with $case', async ({ html, observer }) => {
    document.body.innerHTML = html;
    if (observer) fakeObserver();
    else vi.stubGlobal('IntersectionObserver', undefined);
    expect(await settled(nearView('reviews'))).toBe(true);
  });
});
