import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

/** The panel's usual test device: a valid IMEI the sandbox supplier unlocks at once. */
export const VALID_IMEI = '356938035643809';
export const MASKED_IMEI = '35693803***3809';
export const PHONE = { width: 390, height: 844 };

/** Opens the home page once the panel's code runs (its first act is loading the countries). */
export async function openPanel(page: Page): Promise<Locator> {
  const countriesLoaded = page.waitForResponse((response) => response.url().includes('/api/catalog/countries'));
  await page.goto('/');
  await countriesLoaded;
  return page.getByRole('region', { name: 'Start Your Unlock' });
}

export type PickerLabel = 'Country' | 'Carrier' | 'Brand' | 'Model';

export const SEARCH_BOX: Record<PickerLabel, string> = {
  Country: 'Search countries',
  Carrier: 'Search carriers',
  Brand: 'Search brands',
  Model: 'Search models',
};

export const picker = (panel: Locator, label: PickerLabel) => panel.getByRole('combobox', { name: label, exact: true });

/** The open picker's search box (a list that just closed may still be fading out). */
export const searchBox = (page: Page, label: PickerLabel) => page.getByRole('combobox', { name: SEARCH_BOX[label] });

/** The open picker's list of options. */
export const optionList = (page: Page, label: PickerLabel) =>
  page.getByRole('dialog', { name: SEARCH_BOX[label] }).getByRole('listbox');

/** Opens a picker, searches and clicks the option. */
export async function pick(
  page: Page,
  panel: Locator,
  label: PickerLabel,
  search: string,
  option = search,
): Promise<void> {
  await picker(panel, label).click();
  await searchBox(page, label).fill(search);
  await page.getByRole('option', { name: option, exact: true }).click();
}

export async function closePicker(page: Page, panel: Locator, label: PickerLabel): Promise<void> {
  await page.keyboard.press('Escape');
  await expect(picker(panel, label)).toHaveAttribute('aria-expanded', 'false');
}

export async function fillSupportedDevice(page: Page, panel: Locator, imei = VALID_IMEI): Promise<void> {
  await pick(page, panel, 'Country', 'United States');
  await pick(page, panel, 'Carrier', 'AT&T');
  await closePicker(page, panel, 'Carrier');
  await pick(page, panel, 'Brand', 'Apple');
  await pick(page, panel, 'Model', 'iPhone 15');
  await panel.getByLabel('IMEI', { exact: true }).fill(imei);
}

export async function fillSupportedOrder(
  page: Page,
  panel: Locator,
  email = 'jane@example.com',
  imei = VALID_IMEI,
): Promise<void> {
  await fillSupportedDevice(page, panel, imei);
  await panel.getByLabel('Email').fill(email);
  // The price arriving moves the form below it: a person ticks the box once it stands still.
  await expectPrice(panel);
  await panel.getByRole('checkbox', { name: 'I agree to the Terms of Service' }).check();
}

export async function expectPrice(panel: Locator): Promise<void> {
  await expect(panel.getByText('$49.99', { exact: true })).toBeVisible();
  // AT&T's iPhone 13-17 service (24-72 h; the express one would leave too little at $49.99, ADR 103):
  // its window's middle (48 hours) until it has 5 completed orders, then their average: other
  // journeys complete unlocks on the same store, so either may show.
  await expect(panel.getByText(/^Usually \d+ hours?$/)).toBeVisible();
  await expect(panel.getByText('guaranteed within 3 days', { exact: true })).toBeVisible();
}

export interface PaidOrder {
  readonly orderId: string;
  readonly token: string;
}

/** Pays a sandbox session through its API, as its page's Pay button does; answers the order link it returns to. */
export async function payThroughApi(request: APIRequestContext, payUrl: string): Promise<PaidOrder> {
  const session = new URL(payUrl).pathname.split('/').at(-1) ?? '';
  const paid = await request.post(`/api/sandbox-payments/${session}/pay`);
  expect(paid.ok()).toBe(true);
  const back = new URL(((await paid.json()) as { url: string }).url);
  const orderId = back.searchParams.get('order') ?? back.pathname.split('/').at(-1) ?? '';
  return { orderId, token: back.searchParams.get('token') ?? '' };
}

/** A paid iPhone 15 unlock on AT&T, quoted, placed and paid through the API as the checkout does. */
/** AT&T's iPhone 15: its SKU keeps the minimum margin on one supplier service only (ADR 103). */
export const IPHONE_15_ATT = { brand: 'Apple', model: 'iPhone 15', network: 'AT&T', country: 'US' };
/** EE's iPhone 15: priced by the rule, with a second supplier service to fall back on. */
export const IPHONE_15_EE = { brand: 'Apple', model: 'iPhone 15', network: 'EE', country: 'GB' };

export async function paidUnlock(
  request: APIRequestContext,
  email: string,
  imei: string,
  device: typeof IPHONE_15_ATT = IPHONE_15_ATT,
): Promise<PaidOrder> {
  const quote = (await (await request.post('/api/quotes', { data: { imei, ...device } })).json()) as {
    quote_id: string;
    device_info: { brand: string; model: string; network: string; country: string };
  };
  const placed = await request.post('/api/orders/unlock', {
    data: {
      quote_id: quote.quote_id,
      imei,
      brand: quote.device_info.brand,
      model: quote.device_info.model,
      carrier: quote.device_info.network,
      country: quote.device_info.country,
      email,
      agree_to_terms: true,
      agree_to_refund_policy: true,
    },
  });
  expect(placed.ok(), await placed.text()).toBe(true);
  return payThroughApi(request, ((await placed.json()) as { url: string }).url);
}
