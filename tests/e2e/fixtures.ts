import { AxeBuilder } from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

export { expect };

/** The browser's own console note on a 404 answer: a page that is not one, or an API 404 a journey provokes. */
export const NOT_FOUND_NOISE = /Failed to load resource: the server responded with a status of 404/;

interface ConsoleGuard {
  /** Lets through console errors the journey provokes on purpose (e.g. the browser's note on a 401). */
  allow(pattern: RegExp): void;
}

/**
 * What happened around the pickers (ADR 095's comboboxes), in order: the pointer, key and focus
 * events with where the pressed element and the open list were, the page's scroll and size, each
 * field's opening and closing, the list's moves and rows, and when the whole stylesheet was applied.
 * Printed only when a journey fails, so a picker found shut can be told apart: closed by a press
 * outside, by the focus leaving, pressed as the page moved, or never opened.
 */
function recordPickerEvents(): void {
  const trace: string[] = [];
  (window as unknown as { __pickerTrace: string[] }).__pickerTrace = trace;
  const describe = (target: EventTarget | null) => {
    if (!(target instanceof Element)) return String(target);
    const named = target.closest('[data-slot^="combobox"], button, input, a, [role]');
    const element = named ?? target;
    const label = element.getAttribute('aria-label') ?? element.id ?? '';
    return `${element.tagName.toLowerCase()}[${element.getAttribute('data-slot') ?? element.getAttribute('role') ?? ''}]${label ? `#${label}` : ''}`;
  };
  const note = (text: string) => {
    trace.push(`${performance.now().toFixed(1)} ${text}`);
    if (trace.length > 400) trace.shift();
  };
  for (const type of [
    'pointerdown',
    'mousedown',
    'mouseup',
    'click',
    'keydown',
    'focusin',
    'focusout',
    'wheel',
    'touchmove',
  ]) {
    document.addEventListener(
      type,
      (event) => {
        const key = event instanceof KeyboardEvent ? ` ${event.key}` : '';
        const to = event instanceof FocusEvent ? ` -> ${describe(event.relatedTarget)}` : '';
        // Where the pressed element and the open list are on screen, and the page's scroll.
        const top = event.target instanceof Element ? Math.round(event.target.getBoundingClientRect().top) : '';
        const list = document.querySelector('[data-slot="combobox-content"]')?.getBoundingClientRect();
        const point =
          event instanceof MouseEvent
            ? ` (${event.clientX},${event.clientY}) top ${top}${list ? ` list ${Math.round(list.top)}` : ''} scrollY ${Math.round(scrollY)}`
            : '';
        note(`${type}${key} ${describe(event.target)}${to}${point}`);
      },
      { capture: true, passive: true },
    );
  }
  let scrolled = -1;
  let shownRows: number | undefined;
  addEventListener(
    'scroll',
    () => {
      if (Math.round(scrollY) !== scrolled) note(`scroll ${(scrolled = Math.round(scrollY))}`);
    },
    { passive: true },
  );
  addEventListener('resize', () => note(`resize ${innerWidth}x${innerHeight}`));
  // The whole stylesheet arriving after the inlined rules (ADR 019) restyles the page.
  document.addEventListener(
    'load',
    (event) => {
      if (event.target instanceof HTMLLinkElement && event.target.rel === 'stylesheet') note('stylesheet applied');
    },
    true,
  );
  new MutationObserver((mutations) => {
    for (const mutation of mutations) {
      const element = mutation.target;
      if (!(element instanceof Element)) continue;
      const slot = element.getAttribute('data-slot');
      if (slot === 'combobox-trigger' && mutation.attributeName === 'aria-expanded') {
        note(`${element.id} aria-expanded=${element.getAttribute('aria-expanded')}`);
      } else if (slot === 'combobox-content' && mutation.attributeName === 'style') {
        note(`list moved to ${Math.round(element.getBoundingClientRect().top)}`);
      } else if (mutation.type === 'childList') {
        const listbox = element.closest('[data-slot="combobox-list"]');
        const rows = listbox?.querySelectorAll('[role="option"]').length;
        if (listbox && rows !== shownRows) note(`list rows now ${(shownRows = rows)}`);
      }
    }
  }).observe(document, {
    attributes: true,
    attributeFilter: ['aria-expanded', 'style'],
    childList: true,
    subtree: true,
  });
}

/** Every test fails on a console.error or an uncaught page error, unless it allowed that one. */
export const test = base.extend<{ consoleGuard: ConsoleGuard; pickerTrace: void }>({
  // Prerendered pages paint before the app starts: act only once it is interactive.
  page: async ({ page }, use) => {
    const hydrated = () => page.waitForSelector('html[data-hydrated]', { state: 'attached' });
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (...args) => {
      const response = await goto(...args);
      // `waitUntil: 'commit'` asks for no waiting at all: the test acts while the page starts.
      if (args[1]?.waitUntil !== 'commit') await hydrated();
      return response;
    };
    page.reload = async (...args) => {
      const response = await reload(...args);
      await hydrated();
      return response;
    };
    await use(page);
  },
  consoleGuard: [
    async ({ page }, use) => {
      const allowed: RegExp[] = [];
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(`console.error: ${message.text()} (${message.location().url})`);
      });
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      await use({ allow: (pattern) => allowed.push(pattern) });
      const unexpected = problems.filter((problem) => !allowed.some((pattern) => pattern.test(problem)));
      expect(unexpected, 'console errors and page errors').toEqual([]);
    },
    { auto: true },
  ],
  pickerTrace: [
    async ({ page }, use, testInfo) => {
      await page.addInitScript(recordPickerEvents);
      await use();
      if (testInfo.status === testInfo.expectedStatus || page.isClosed()) return;
      const trace = await page
        .evaluate(() => (window as unknown as { __pickerTrace?: string[] }).__pickerTrace ?? [])
        .catch(() => []);
      if (trace.length === 0) return;
      const text = trace.join('\n');
      await testInfo.attach('picker events', { body: text, contentType: 'text/plain' });
      process.stderr.write(
        `\nPicker events before "${testInfo.title}" failed:\n${text.split('\n').slice(-80).join('\n')}\n`,
      );
    },
    { auto: true },
  ],
});

/**
 * @axe-core/playwright types its page with the hoisted playwright-core (a newer release than
 * @playwright/test's own); the page it drives is the same at runtime.
 */
type AxePage = ConstructorParameters<typeof AxeBuilder>[0]['page'];

/**
 * No serious or critical WCAG 2.1 A/AA violation on the page as it is now, or in the part of it
 * that `include` selects (a journey that audits one part of a long page many times: the whole page
 * has its own audit).
 */
export async function expectAccessible(page: Page, include?: string): Promise<void> {
  const builder = new AxeBuilder({ page: page as unknown as AxePage })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21aa'])
    // Only violations are read. axe runs in the page itself: the default opens a blank page for each
    // audit to merge the frames' results, which made an audit about 2.5x slower (1.3 s against 0.5 s
    // for the home page on a 2-core machine) and the suite's long pages its longest journeys.
    .options({ resultTypes: ['violations'] })
    .setLegacyMode(true);
  const results = await (include ? builder.include(include) : builder).analyze();
  const violations = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) =>
      [
        `${violation.id} (${violation.impact}): ${violation.help}`,
        ...violation.nodes.map((node) => `  at ${node.target.join(' ')}: ${node.failureSummary ?? ''}`),
      ].join('\n'),
    );
  expect(violations, `accessibility violations on ${page.url()}`).toEqual([]);
}

/** Lets opening dialogs, pickers and toasts finish fading in, so colours are checked as shown. */
export async function settled(page: Page): Promise<void> {
  // A toast starts its fade-in only once mounted, and in steps: wait until each one is fully
  // shown (or fully hidden), whatever transition is or is not running yet.
  await page.waitForFunction(() =>
    [...document.querySelectorAll('[data-sonner-toast]')].every((toast) => {
      const opacity = getComputedStyle(toast).opacity;
      return toast.getAttribute('data-mounted') === 'true' && (opacity === '1' || opacity === '0');
    }),
  );
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getComputedTiming().endTime === Number.POSITIVE_INFINITY,
      ),
  );
}

/** No serious or critical violation once opening dialogs and lists have finished fading in. */
export async function expectSettledAccessible(page: Page, include?: string): Promise<void> {
  await settled(page);
  await expectAccessible(page, include);
}

export function uniqueEmail(): string {
  return `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 10)}@example.com`;
}

export const STRONG_PASSWORD = 'unlock-my-phone-42';
