import { INFO_PAGE_PATHS, LEGAL_PAGES, TESTIMONIALS_PAGE } from '../../src/domain/info-pages';
import { SAMPLE_REVIEWS } from '../../src/domain/reviews';
import { FOOTER_COLUMNS } from '../../src/domain/site-map';
import { CLAIMS, EXTERNAL_LINKS, pageTitle, readAllReviewsText } from '../../src/domain/store-config';
import { expect, expectAccessible, test } from './fixtures';

const INFO_PAGES = [TESTIMONIALS_PAGE, ...LEGAL_PAGES];
const FOOTER_INFO_LINKS = FOOTER_COLUMNS.flatMap((column) => column.links).filter((link) =>
  INFO_PAGE_PATHS.includes(link.href),
);

test.describe('information and legal pages', () => {
  test('each arrives prerendered with its own heading, title and description', async ({ page }) => {
    for (const info of INFO_PAGES) {
      const response = await page.goto(info.path);
      expect(response?.status(), info.path).toBe(200);
      // The heading is in the HTML the server sent, before any script ran.
      expect(await response?.text()).toContain(`>${info.heading}</h1>`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(info.heading);
      await expect(page).toHaveTitle(pageTitle(info.heading));
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', info.description);
    }
  });

  test('the footer leads to every one of them inside the app', async ({ page }) => {
    await page.goto('/');
    // Set on the first page: a full page load would lose it, moving inside the app keeps it.
    await page.evaluate(() => Object.assign(window, { stayedInApp: true }));
    for (const link of FOOTER_INFO_LINKS) {
      const info = INFO_PAGES.find((candidate) => candidate.path === link.href);
      await page.getByRole('contentinfo').getByRole('link', { name: link.label, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${link.href}$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(info?.heading ?? '');
      await expect(page).toHaveTitle(pageTitle(info?.heading));
    }
    expect(await page.evaluate(() => 'stayedInApp' in window)).toBe(true);
  });

  test('a legal text can be read and followed with the keyboard alone', async ({ page }) => {
    await page.goto('/terms');
    const contents = page.getByRole('navigation', { name: 'On this page' });
    await expect(contents.getByRole('link')).toHaveCount(13);
    const firstSection = contents.getByRole('link', { name: '1. What we sell' });
    for (
      let presses = 0;
      presses < 40 && !(await firstSection.evaluate((link) => link === document.activeElement));
      presses++
    ) {
      await page.keyboard.press('Tab');
    }
    await expect(firstSection).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/terms#1-what-we-sell$/);
    await expect(page.getByRole('heading', { level: 2, name: '1. What we sell' })).toBeInViewport();

    // The first link of the text itself: the refund policy, opened inside the app.
    await page.evaluate(() => Object.assign(window, { stayedInApp: true }));
    const refundLink = page.getByRole('article').getByRole('link', { name: 'refund policy' }).first();
    await refundLink.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/refund-policy$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Refund Policy');
    await expect(page.getByText('we move it there once, at no extra cost to you')).toBeVisible();
    expect(await page.evaluate(() => 'stayedInApp' in window)).toBe(true);
  });

  test('testimonials show the rating claims and every sample review of the store config', async ({ page }) => {
    await page.goto('/testimonials');
    const rating = page.getByRole('region', { name: /Rating on/ });
    await expect(rating.getByText(String(CLAIMS.reviewRating), { exact: true })).toBeVisible();
    await expect(rating.getByRole('img', { name: `Rated ${CLAIMS.reviewRating} out of 5` })).toBeVisible();
    await expect(rating.getByText(`${CLAIMS.reviewCountText} verified unlocks`)).toBeVisible();
    await expect(rating.getByRole('link', { name: readAllReviewsText() })).toHaveAttribute(
      'href',
      EXTERNAL_LINKS.reviewSite.href,
    );
    for (const claim of [CLAIMS.users, CLAIMS.networks, CLAIMS.models]) {
      await expect(rating.getByText(claim, { exact: true })).toBeVisible();
    }
    const stories = page.getByRole('region', { name: 'What customers tell us' });
    await expect(stories.getByRole('listitem')).toHaveCount(SAMPLE_REVIEWS.length);
    for (const review of SAMPLE_REVIEWS) {
      await expect(stories.getByRole('heading', { name: review.title })).toBeVisible();
    }
    await page.getByRole('link', { name: 'Start your unlock' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('crawlers', () => {
  test('robots.txt names the sitemap, which lists the public pages on this address', async ({ page, baseURL }) => {
    const robots = await page.request.get('/robots.txt');
    expect(robots.status()).toBe(200);
    expect(await robots.text()).toContain(`Sitemap: ${baseURL}/sitemap.xml`);

    const sitemap = await page.request.get('/sitemap.xml');
    expect(sitemap.headers()['content-type']).toContain('application/xml');
    const locations = [...(await sitemap.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locations).toEqual(
      expect.arrayContaining([`${baseURL}/`, ...INFO_PAGE_PATHS.map((path) => `${baseURL}${path}`)]),
    );
    // Every listed page is a real one.
    for (const location of locations) {
      expect((await page.request.get(location ?? '')).status(), location).toBe(200);
    }
  });
});

for (const theme of ['dark', 'light'] as const) {
  for (const viewport of [
    { name: 'desktop', size: { width: 1280, height: 800 } },
    { name: 'phone', size: { width: 390, height: 844 } },
  ]) {
    test.describe(`information pages, ${theme} theme, ${viewport.name}`, () => {
      test.use({ viewport: viewport.size });
      test.beforeEach(async ({ page }) => {
        await page.addInitScript((chosen) => localStorage.setItem('theme', chosen), theme);
      });

      for (const path of ['/privacy', '/testimonials']) {
        test(`${path} is accessible and fits the screen`, async ({ page }) => {
          await page.goto(path);
          await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${theme}\\b`));
          await expectAccessible(page);
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          expect(overflow).toBeLessThanOrEqual(0);
        });
      }
    });
  }
}
