import { FOOTER_COLUMNS, HEADER_LINKS } from '../../src/domain/site-map';
import { FOOTER_TRUST_BADGES, SOCIAL_LINKS, STORE, copyrightLine } from '../../src/domain/store-config';
import { NOT_FOUND_NOISE, expect, test } from './fixtures';

test.describe('header', () => {
  test('shows the store name linking home and the eight links to their pages', async ({ page }) => {
    await page.goto('/auth');
    const header = page.getByRole('banner');
    await header.getByRole('link', { name: STORE.name }).click();
    await expect(page).toHaveURL(/\/$/);

    const nav = header.getByRole('navigation', { name: 'Main' });
    for (const link of HEADER_LINKS) {
      await expect(nav.getByRole('link', { name: link.label, exact: true })).toHaveAttribute('href', link.href);
    }
    await expect(nav.getByRole('link')).toHaveCount(HEADER_LINKS.length);
  });

  test('marks the current page: home only on an exact match, other links by path prefix', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('banner').getByRole('navigation', { name: 'Main' });
    const carrierUnlocks = nav.getByRole('link', { name: 'Carrier Unlocks' });
    const travelEsim = nav.getByRole('link', { name: 'Travel eSIM' });
    const support = nav.getByRole('link', { name: 'Support' });

    await expect(carrierUnlocks).toHaveAttribute('aria-current', 'page');
    await expect(travelEsim).not.toHaveAttribute('aria-current', /.*/);

    await travelEsim.click();
    await expect(page).toHaveURL(/\/esim-shop$/);
    await expect(travelEsim).toHaveAttribute('aria-current', 'page');
    await expect(carrierUnlocks).not.toHaveAttribute('aria-current', /.*/);

    // A page inside a section marks the section's link.
    await page.goto('/support/carrier-unlock');
    await expect(support).toHaveAttribute('aria-current', 'page');
    await expect(carrierUnlocks).not.toHaveAttribute('aria-current', /.*/);
    await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
  });

  test('offers Sign In and Sign Up to visitors, Sign Up opening its tab', async ({ page }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth');
    await header.getByRole('link', { name: 'Sign Up' }).click();
    await expect(page).toHaveURL(/\/auth\?mode=signup$/);
    await expect(page.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true');
    await expect(header.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
    await expect(header.getByRole('button', { name: 'Sign Out' })).toHaveCount(0);
  });

  test('scrolls to the top when the page changes', async ({ page }) => {
    // Short enough that the next page can be scrolled too, so a kept position would show.
    await page.setViewportSize({ width: 1280, height: 400 });
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service' }).scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service' }).click();
    await expect(page).toHaveURL(/\/terms$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('lets keyboard users skip to the content', async ({ page }) => {
    await page.goto('/');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('main')).toBeFocused();
  });
});

test.describe('mobile menu', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('opens with the same links and entries, navigates, and closes on the route change', async ({ page }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    // Below lg the links live in the menu only.
    await expect(header.getByRole('link', { name: 'Travel eSIM' })).toBeHidden();

    await header.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog');
    await expect(menu).toBeVisible();
    for (const link of HEADER_LINKS) {
      await expect(menu.getByRole('link', { name: link.label, exact: true })).toHaveAttribute('href', link.href);
    }
    await expect(menu.getByRole('link', { name: 'Carrier Unlocks' })).toHaveAttribute('aria-current', 'page');
    await expect(menu.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth');
    await expect(menu.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/auth?mode=signup');

    await menu.getByRole('link', { name: 'Travel eSIM' }).click();
    await expect(page).toHaveURL(/\/esim-shop$/);
    await expect(menu).toBeHidden();

    await header.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog').getByRole('link', { name: 'Travel eSIM' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await page.getByRole('dialog').getByRole('button', { name: 'Close menu' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
  });

  test('closes when the visitor follows a link to the page already shown', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Carrier Unlocks' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
  });
});

test.describe('footer', () => {
  test('lists the Services, Support and Legal links, support, social links, claim, badges and copyright', async ({
    page,
  }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    for (const column of FOOTER_COLUMNS) {
      await expect(footer.getByRole('heading', { name: column.title })).toBeVisible();
      for (const link of column.links) {
        await expect(footer.getByRole('link', { name: link.label, exact: true }).first()).toHaveAttribute(
          'href',
          link.href,
        );
      }
    }
    await expect(footer.getByRole('link', { name: 'Contact Support' })).toHaveAttribute('href', '/help');
    // No profile is set yet, so none is shown (issue 44: no placeholder).
    expect(SOCIAL_LINKS).toEqual([]);
    await expect(footer.getByRole('list', { name: 'Follow us' })).toHaveCount(0);
    await expect(footer.getByText(/YouTube/)).toHaveCount(0);
    for (const badge of FOOTER_TRUST_BADGES) await expect(footer.getByText(badge, { exact: true })).toBeVisible();
    await expect(footer.getByText(copyrightLine(new Date().getFullYear()))).toBeVisible();
  });
});

test.describe('links', () => {
  test('no header or footer link leads to the 404 screen', async ({ page, request }) => {
    await page.goto('/');
    const hrefs = new Set<string>();
    for (const region of [page.getByRole('banner'), page.getByRole('contentinfo')]) {
      for (const href of await region
        .getByRole('link')
        .evaluateAll((links) => links.map((a) => a.getAttribute('href'))))
        if (href?.startsWith('/')) hrefs.add(href);
    }
    const shown = [...HEADER_LINKS, ...FOOTER_COLUMNS.flatMap((column) => column.links)].map((link) => link.href);
    expect([...hrefs]).toEqual(expect.arrayContaining(shown));
    for (const href of hrefs) expect((await request.get(href)).status(), href).toBe(200);
  });
});

test.describe('not found', () => {
  test('shows the 404 screen with status 404, logs the path, and leads home', async ({ page, consoleGuard }) => {
    consoleGuard.allow(NOT_FOUND_NOISE);
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 Oops! Page not found');
    await expect(page).toHaveTitle(/Page Not Found/);
    await expect.poll(() => warnings).toContain('404: no route for /no/such/page');
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Unlock your phone from its carrier');
  });

  test('keeps the header and footer off the admin area', async ({ page, consoleGuard }) => {
    // A visitor's admin page answers 401 (ADR 072); the page drawn is the 404 screen for a path the app has not.
    consoleGuard.allow(/Failed to load resource: the server responded with a status of 401/);
    await page.goto('/admin/anything');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 Oops! Page not found');
    await expect(page.getByRole('banner')).toHaveCount(0);
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
  });
});
