import type { Locator, Page } from '@playwright/test';
import {
  CLAIMS,
  EXTERNAL_LINKS,
  OTHER_MANUFACTURERS_TEXT,
  STORE,
  SUPPORT_CLAIM,
  TOP_BRANDS,
  pageTitle,
  readAllReviewsText,
} from '../../src/domain/store-config';
import { SAMPLE_REVIEWS } from '../../src/domain/reviews';
import { expect, expectAccessible, test, uniqueEmail } from './fixtures';
import { makeAdmin, signUpThroughUi, waitForSession } from './journeys';

const PHONE = { width: 390, height: 844 };

function reviewCarousel(page: Page): Locator {
  return page.locator('[aria-roledescription="carousel"]');
}

function slide(page: Page, n: number): Locator {
  return reviewCarousel(page).getByRole('group', { name: `${n} of ${SAMPLE_REVIEWS.length}`, exact: true });
}

/** The panel's section, and whether keyboard focus is now inside it. */
async function expectFocusInUnlockPanel(page: Page) {
  await expect(page.locator('#start-unlock')).toBeInViewport();
  await expect.poll(() => page.evaluate(() => document.activeElement?.closest('#start-unlock') !== null)).toBe(true);
}

test.describe('home page', () => {
  test('sets its title and meta description', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle(pageTitle());
    const description = await page.locator('meta[name="description"]').getAttribute('content');
    for (const claim of [`${CLAIMS.networks} networks`, `${CLAIMS.reviewRating}/5`, `${CLAIMS.moneyBack} money back`]) {
      expect(description).toContain(claim);
    }
  });

  test('Get Started scrolls to the unlock panel and moves focus to it', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto('/');
    await expect(page.locator('#start-unlock')).not.toBeInViewport({ ratio: 0.25 });
    await page.getByRole('button', { name: 'Get Started' }).click();
    await expectFocusInUnlockPanel(page);
  });

  test('shows no placeholder for what the store has not set: no demo button, no social profiles', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Unlock your phone from its carrier, officially' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Get Started' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Watch Demo' })).toHaveCount(0);
    await expect(page.getByRole('list', { name: 'Follow us' })).toHaveCount(0);
    await expect(page.getByText(/YouTube/)).toHaveCount(0);
    await expect(page.locator('iframe')).toHaveCount(0);
  });

  test("trust badges link to the review site in a new tab and state the catalogue's own figures", async ({ page }) => {
    await page.goto('/');
    const badges = page.getByRole('list', { name: 'Why customers trust us' });
    const links = [
      {
        name: new RegExp(`${CLAIMS.reviewRating}/5 on ${EXTERNAL_LINKS.reviewSite.label}`),
        href: EXTERNAL_LINKS.reviewSite.href,
      },
    ];
    for (const { name, href } of links) {
      const link = badges.getByRole('link', { name });
      await expect(link).toHaveAccessibleName(/\(opens in a new tab\)$/);
      await expect(link).toHaveAttribute('href', href);
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', /\bnoopener\b/);
    }
    await expect(badges.getByRole('link')).toHaveCount(1);
    for (const claim of [
      `${CLAIMS.users} users`,
      '360+ networks',
      'and 320+ models',
      `${CLAIMS.moneyBack} money back`,
      SUPPORT_CLAIM,
      'Safe and legal',
    ]) {
      await expect(badges.getByText(claim)).toBeVisible();
    }
  });

  test('the review block shows 4.6/5, 3,282+ verified unlocks and links to all reviews', async ({ page }) => {
    await page.goto('/');
    const reviews = page.getByRole('region', { name: 'What our customers say' });
    await expect(reviews.getByText(`${CLAIMS.reviewCountText} verified unlocks`)).toBeVisible();
    await expect(reviews.getByRole('img', { name: `Rated ${CLAIMS.reviewRating} out of 5` })).toBeVisible();
    const readAll = reviews.getByRole('link', { name: readAllReviewsText(), exact: false });
    await expect(readAll).toHaveText('Read All 3,282 Reviews (opens in a new tab)');
    await expect(readAll).toHaveAttribute('href', EXTERNAL_LINKS.reviewSite.href);
    await expect(readAll).toHaveAttribute('target', '_blank');
    await expect(readAll).toHaveAttribute('rel', /\bnoopener\b/);
  });

  test('the structured data states the rating and review count shown on the page', async ({ page }) => {
    // Prerendered: crawlers read it from the HTML without running the app.
    const html = await (await page.request.get('/')).text();
    expect(html).toContain('application/ld+json');

    await page.goto('/');
    const data = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
    expect(data['@type']).toBe('Organization');
    expect(data.name).toBe(STORE.name);

    const reviews = page.getByRole('region', { name: 'What our customers say' });
    const visibleRating = Number(await reviews.getByText(String(CLAIMS.reviewRating), { exact: true }).textContent());
    const visibleCount = Number(
      (await reviews.getByText(/verified unlocks$/).textContent())?.replace(/[^\d]/g, '') ?? Number.NaN,
    );
    expect(data.aggregateRating.ratingValue).toBe(visibleRating);
    expect(data.aggregateRating.reviewCount).toBe(visibleCount);
    expect(data.aggregateRating).toMatchObject({ ratingValue: 4.6, reviewCount: 3282 });
  });

  test('the brands grid lists the top brands with model counts and badges, and leads to the panel', async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    await page.goto('/');
    const brands = page.getByRole('region', { name: 'Top brands we unlock' });
    const tiles = brands.getByRole('listitem');
    await expect(tiles).toHaveCount(TOP_BRANDS.length + 1);
    for (const [index, brand] of TOP_BRANDS.entries()) {
      const tile = tiles.nth(index);
      await expect(tile.getByText(brand.name, { exact: true })).toBeVisible();
      if (brand.models) await expect(tile.getByText(brand.models, { exact: true })).toBeVisible();
      else await expect(tile.getByText(/models/)).toHaveCount(0);
      await expect(tile.getByText(brand.badge, { exact: true })).toBeVisible();
    }
    await expect(tiles.last()).toHaveText(OTHER_MANUFACTURERS_TEXT);

    await brands.getByRole('button', { name: 'View All Supported Brands' }).click();
    await expectFocusInUnlockPanel(page);
  });

  test('the closing call to action carries its three notes', async ({ page }) => {
    await page.goto('/');
    const cta = page.getByRole('region', { name: 'Ready to use any SIM?' });
    for (const note of [
      '100% money-back guarantee',
      'Factory method only',
      `Support: ${SUPPORT_CLAIM.toLowerCase()}`,
    ]) {
      await expect(cta.getByText(note, { exact: true })).toBeVisible();
    }
  });

  test('on a wide screen the panel stays beside the page, and the closing button brings back its start', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Start Your Unlock' })).toBeInViewport();
    await page.getByRole('heading', { name: 'How it works' }).scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 900);
    await expect(page.getByRole('button', { name: 'Unlock Now' })).toBeInViewport();

    await page
      .getByRole('region', { name: 'Ready to use any SIM?' })
      .getByRole('button', { name: 'Start Your Unlock' })
      .click();
    await expect(page.getByRole('heading', { name: 'Start Your Unlock' })).toBeInViewport();
    await expectFocusInUnlockPanel(page);
  });
});

/** Spec section 2: the review carousel autoplays every 5 seconds. */
const AUTOPLAY_MS = 5_000;

/**
 * Opens the home page with the page's clock under the test's control (timers run only when the
 * test advances it), scrolls to the carousel, and lets the clock run until the carousel runs.
 */
async function openWithClock(page: Page): Promise<void> {
  await page.clock.install();
  await page.goto('/', { waitUntil: 'commit' });
  await expect(async () => {
    await page.clock.runFor(100);
    await reviewCarousel(page).scrollIntoViewIfNeeded();
    await expect(reviewCarousel(page).getByRole('button', { name: 'Next review' })).toBeEnabled({ timeout: 100 });
  }).toPass();
}

test.describe('review carousel', () => {
  test.use({ viewport: PHONE });

  test('loads its code only once it comes near the screen', async ({ page }) => {
    const carouselCode: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/review-carousel-[\w-]+\.js$/.test(request.url())) carouselCode.push(request.url());
    });
    await page.goto('/');
    await waitForSession(page);
    const next = reviewCarousel(page).getByRole('button', { name: 'Next review' });
    // Prerendered, shown as not ready: its first slides are there, its buttons disabled.
    await expect(next).toBeDisabled();
    expect(carouselCode).toEqual([]);
    await reviewCarousel(page).scrollIntoViewIfNeeded();
    await expect(next).toBeEnabled();
    expect(carouselCode).toHaveLength(1);
  });

  test('has eight labelled slides and moves with Next and Previous', async ({ page }) => {
    await page.goto('/');
    const carousel = reviewCarousel(page);
    await expect(carousel).toHaveAttribute('aria-label', 'Customer reviews');
    await carousel.scrollIntoViewIfNeeded();
    await expect(carousel.getByRole('group')).toHaveCount(8);
    for (const [index, review] of SAMPLE_REVIEWS.entries()) {
      await expect(slide(page, index + 1)).toHaveAttribute('aria-roledescription', 'slide');
      await expect(slide(page, index + 1).getByRole('img', { name: `Rated ${review.rating} out of 5` })).toHaveCount(1);
    }
    await carousel.scrollIntoViewIfNeeded();
    await expect(slide(page, 1)).toBeInViewport();
    await expect(slide(page, 2)).not.toBeInViewport();

    await carousel.getByRole('button', { name: 'Next review' }).click();
    await expect(slide(page, 2)).toBeInViewport({ ratio: 0.9 });
    await expect(slide(page, 1)).not.toBeInViewport();
    await expect(carousel.getByRole('button', { name: 'Show review 2' })).toHaveAttribute('aria-current', 'true');

    await carousel.getByRole('button', { name: 'Previous review' }).click();
    await expect(slide(page, 1)).toBeInViewport({ ratio: 0.9 });
    await carousel.getByRole('button', { name: 'Previous review' }).click();
    // It loops: before the first review comes the last.
    await expect(slide(page, 8)).toBeInViewport({ ratio: 0.9 });
  });

  test('moves on by itself every 5 seconds and stops once the visitor takes over', async ({ page }) => {
    await openWithClock(page);
    const carousel = reviewCarousel(page);
    await expect(carousel.getByRole('button', { name: 'Pause slide show' })).toBeVisible();
    await expect(slide(page, 1)).toHaveAttribute('data-selected', 'true');
    await page.clock.runFor(AUTOPLAY_MS);
    await expect(slide(page, 2)).toHaveAttribute('data-selected', 'true');

    await carousel.getByRole('button', { name: 'Next review' }).click();
    await expect(slide(page, 3)).toHaveAttribute('data-selected', 'true');
    await expect(carousel.getByRole('button', { name: 'Play slide show' })).toBeVisible();
    await page.clock.runFor(AUTOPLAY_MS * 2);
    await expect(slide(page, 3)).toHaveAttribute('data-selected', 'true');
  });

  test('does not move by itself for visitors who asked for reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await openWithClock(page);
    const carousel = reviewCarousel(page);
    await expect(carousel.getByRole('button', { name: 'Play slide show' })).toBeVisible();
    await page.clock.runFor(AUTOPLAY_MS * 2);
    await expect(slide(page, 1)).toHaveAttribute('data-selected', 'true');
  });
});

test.describe('catalogue sync from the home page', () => {
  test('?sync=1 as an admin syncs and says how many services were new', async ({ page }) => {
    const email = uniqueEmail();
    await signUpThroughUi(page, email);
    await makeAdmin(page.request, email);
    await page.goto('/?sync=1');
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Catalog synced' });
    await expect(toast).toBeVisible({ timeout: 15_000 });
    await expect(toast).toContainText(/Inserted 0 items, updated \d+, deactivated 0/);
    await expect(toast).toHaveAttribute('data-type', 'success');
  });

  test('?sync=1 as a visitor does nothing: no sync is asked for and no toast shows', async ({ page }) => {
    const syncs: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/admin/catalog/sync')) syncs.push(request.url());
    });
    await page.goto('/?sync=1');
    await waitForSession(page);
    // The session is known: the hook has decided by now (it asks the same cached answer).
    await expect.poll(() => page.evaluate(() => document.querySelectorAll('[data-sonner-toast]').length)).toBe(0);
    expect(syncs).toEqual([]);
  });

  test('the home page without ?sync=1 does not sync', async ({ page }) => {
    const syncs: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/admin/catalog/sync')) syncs.push(request.url());
    });
    await page.goto('/');
    await waitForSession(page);
    expect(syncs).toEqual([]);
  });
});

for (const theme of ['light', 'dark'] as const) {
  for (const viewport of [
    { name: 'desktop', size: { width: 1280, height: 800 } },
    { name: 'phone', size: PHONE },
  ]) {
    test(`home page is accessible, ${theme} theme, ${viewport.name}`, async ({ page }) => {
      // axe audits the page once per dialog: several times the usual work.
      test.slow();
      // The player's own page is YouTube's, not ours to audit.
      await page.route('https://www.youtube-nocookie.com/**', (route) =>
        route.fulfill({
          contentType: 'text/html',
          body: '<!doctype html><html lang="en"><title>Player</title></html>',
        }),
      );
      await page.setViewportSize(viewport.size);
      await page.addInitScript((chosen) => {
        // Init scripts also run in the player's frame, which may not touch our storage.
        if (window.top === window) localStorage.setItem('theme', chosen);
      }, theme);
      await page.goto('/');
      await waitForSession(page);
      await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${theme}\\b`));
      // The carousel runs once it comes near the screen.
      await reviewCarousel(page).scrollIntoViewIfNeeded();
      await expect(reviewCarousel(page).getByRole('button', { name: 'Next review' })).toBeEnabled();
      await expectAccessible(page);
    });
  }
}
