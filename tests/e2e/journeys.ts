import { type APIRequestContext, type Cookie, expect, type Page } from '@playwright/test';
import { readLiveLock } from '../../src/server/store-lock';
import { STRONG_PASSWORD, uniqueEmail } from './fixtures';

/**
 * A one-package eSIM order of `email` placed through the API as the checkout does, waiting for
 * payment: answers its payment page's address. Set-up, not a journey.
 */
export async function placeEsimThroughApi(request: APIRequestContext, email: string): Promise<string> {
  const packages = (await (await request.get('/api/esim/packages?country=JP')).json()) as { package_id: string }[];
  const placed = await request.post('/api/esim/checkout', {
    data: { email, device_type: 'ios', items: [{ package_id: packages[0]?.package_id, quantity: 1 }] },
  });
  expect(placed.ok()).toBe(true);
  return ((await placed.json()) as { url: string }).url;
}

/** Signs up through the Sign Up tab of /auth and waits for the dashboard. */
export async function signUpThroughUi(page: Page, email: string, password = STRONG_PASSWORD): Promise<void> {
  await page.goto('/auth?mode=signup');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** A new customer signed up in this browser context through the API: set-up, not the journey. */
export async function signUpThroughApi(
  page: Page,
  email: string,
  password = STRONG_PASSWORD,
  name = 'customer',
): Promise<void> {
  const response = await page.request.post('/api/auth/sign-up/email', { data: { email, password, name } });
  expect(response.ok()).toBe(true);
}

export async function signInThroughUi(page: Page, email: string, password = STRONG_PASSWORD): Promise<void> {
  await page.goto('/auth');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** The header's account entries have loaded (they show a placeholder while the session is checked). */
export async function waitForSession(page: Page): Promise<void> {
  await expect(page.getByRole('status', { name: 'Checking your session' })).toHaveCount(0);
}

/**
 * Promotes an account to admin the way `npm run admin:create` does while the store runs: it asks
 * the store's internal grant with the token the store wrote in its data directory's lock file.
 * Set-up, not a journey: the CLI has its own tests, and starting it cost seconds on a busy machine.
 */
export async function makeAdmin(request: APIRequestContext, email: string): Promise<void> {
  const running = readLiveLock(process.env.E2E_DATA_DIR ?? '');
  expect(running, 'the e2e store holds its data directory').not.toBeNull();
  const response = await request.post('/api/internal/admin-grant', {
    headers: { 'x-internal-token': running!.token },
    data: { email },
  });
  expect(response.ok()).toBe(true);
}

let workerAdmin: { readonly email: string; readonly cookies: Cookie[] } | null = null;

/**
 * Signs the page in as this worker's admin: the account is made once per worker (the CLI that
 * grants the role starts a Node process, seconds on a busy machine) and its session cookie is
 * shared by the worker's tests. Answers the admin's email.
 */
export async function signInAsAdmin(page: Page): Promise<string> {
  if (workerAdmin) {
    await page.context().addCookies(workerAdmin.cookies);
    return workerAdmin.email;
  }
  const email = uniqueEmail();
  await signUpThroughApi(page, email, STRONG_PASSWORD, 'admin');
  await makeAdmin(page.request, email);
  workerAdmin = { email, cookies: (await page.context().storageState()).cookies };
  return email;
}
