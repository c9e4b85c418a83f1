import { AxeBuilder } from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

export { expect };

/** The browser's own console note on a 404 answer: a page that is not one, or an API 404 a journey provokes. */
export const NOT_FOUND_NOISE = /Failed to load resource: the server responded with a status of 404/;

interface ConsoleGuard {
  /** Lets through console errors the journey provokes on purpose (e.g. the browser's note on a 401). */
  allow(pattern: RegExp): void;
}

/** Every test fails on a console.error or an uncaught page error, unless it allowed that one. */
export const test = base.extend<{ consoleGuard: ConsoleGuard }>({
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
