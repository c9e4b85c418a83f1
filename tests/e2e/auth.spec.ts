import {
  INVALID_CREDENTIALS_MESSAGE,
  INVALID_RESET_TOKEN_MESSAGE,
  MISSING_CREDENTIALS_MESSAGE,
  RESET_LINK_SENT_MESSAGE,
  passwordWeaknesses,
  weakPasswordMessage,
} from '../../src/domain/auth';
import { STRONG_PASSWORD, expect, test, uniqueEmail } from './fixtures';
import { signInThroughUi, signUpThroughUi } from './journeys';

test.describe('accounts', () => {
  test('a visitor signs up, sees the dashboard, signs out and signs in again', async ({ page }) => {
    const email = uniqueEmail();
    await page.goto('/');
    const header = page.getByRole('banner');
    await header.getByRole('link', { name: 'Sign Up' }).click();
    // The home page has an Email field of its own (the unlock panel): fill only once on /auth.
    await expect(page.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
    await page.getByRole('button', { name: 'Create Account' }).click();

    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await expect(page.getByRole('main').getByText(email).first()).toBeVisible();
    await expect(page.getByText('You have no orders yet.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Start an Unlock' })).toHaveAttribute('href', '/');
    await expect(page.getByRole('link', { name: 'Browse eSIMs' })).toHaveAttribute('href', '/esim-shop');
    await expect(header.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    await expect(header.getByRole('button', { name: 'Sign Out' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Sign In' })).toHaveCount(0);
    await expect(header.getByRole('link', { name: 'Admin' })).toHaveCount(0);

    await page.getByRole('main').getByRole('button', { name: 'Sign Out', exact: true }).click();
    await expect(header.getByRole('link', { name: 'Sign In' })).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(header.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);

    await signInThroughUi(page, email);
    await expect(header.getByRole('button', { name: 'Sign Out' })).toBeVisible();
  });

  test('signing out from the header ends the session everywhere', async ({ page }) => {
    await signUpThroughUi(page, uniqueEmail());
    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: 'Sign Out' }).click();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('wrong credentials get the server message', async ({ page, consoleGuard }) => {
    consoleGuard.allow(/status of 401/);
    await page.goto('/auth');
    await page.getByLabel('Email', { exact: true }).fill(uniqueEmail());
    await page.getByLabel('Password', { exact: true }).fill('not-the-password-1');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText(INVALID_CREDENTIALS_MESSAGE);
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('an email already in use is refused with the server message', async ({ page, consoleGuard }) => {
    consoleGuard.allow(/status of 4\d\d/);
    const email = uniqueEmail();
    await signUpThroughUi(page, email);
    await page.getByRole('main').getByRole('button', { name: 'Sign Out', exact: true }).click();
    await expect(page).toHaveURL(/\/auth$/);

    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByRole('alert')).toHaveText(/already exists/i);
  });

  test('a weak password shows what it lacks, before anything is sent', async ({ page }) => {
    let signUpRequests = 0;
    page.on('request', (request) => {
      if (request.url().includes('/api/auth/sign-up')) signUpRequests += 1;
    });
    await page.goto('/auth?mode=signup');
    await page.getByLabel('Email', { exact: true }).fill(uniqueEmail());
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('short');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByRole('alert')).toHaveText(weakPasswordMessage(passwordWeaknesses('short')));
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    await expect(password).toBeFocused();
    expect(signUpRequests).toBe(0);
  });

  test('missing email or password gets the sign-in service message', async ({ page }) => {
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText(MISSING_CREDENTIALS_MESSAGE);

    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await page.getByLabel('Email', { exact: true }).fill(uniqueEmail());
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByRole('alert')).toHaveText(MISSING_CREDENTIALS_MESSAGE);
  });

  test('the dashboard sends signed-out visitors to sign in, and /auth sends signed-in ones to the dashboard', async ({
    page,
  }) => {
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');

    await signUpThroughUi(page, uniqueEmail());
    await page.goto('/auth');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('a forgotten password can be requested without revealing whether the account exists', async ({ page }) => {
    await page.goto('/auth');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/auth\/forgot-password$/);
    await page.getByLabel('Email', { exact: true }).fill(uniqueEmail());
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByText(RESET_LINK_SENT_MESSAGE)).toBeVisible();
  });

  test('a bad reset link says so and offers a new one', async ({ page, consoleGuard }) => {
    consoleGuard.allow(/status of 400/);
    await page.goto('/auth/reset-password?token=not-a-real-token');
    await page.getByLabel('New password', { exact: true }).fill('a-new-password-7');
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await expect(page.getByRole('alert')).toHaveText(INVALID_RESET_TOKEN_MESSAGE);

    await page.goto('/auth/reset-password?error=INVALID_TOKEN');
    await expect(page.getByRole('alert')).toHaveText(INVALID_RESET_TOKEN_MESSAGE);
    await page.getByRole('link', { name: 'Request a New Link' }).click();
    await expect(page).toHaveURL(/\/auth\/forgot-password$/);
  });
});
