// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CALCULATING, FILL_ALL_FIELDS, GETTING_QUOTE } from '../../../../domain/quote';
import { UnlockPanel } from './unlock-panel';

const CATALOG: Record<string, unknown> = {
  '/api/catalog/countries': [
    {
      country_code: 'US',
      country_name: 'United States',
      iso2: 'US',
      iso3: 'USA',
      region: 'North America',
      active: true,
    },
  ],
  '/api/catalog/carriers': [
    { carrier_slug: 'att', carrier_name: 'AT&T', country_code: 'US', carrier_type: 'mno', active: true },
  ],
  '/api/catalog/region-countries': [],
  '/api/catalog/brands': [
    { brand_slug: 'apple', brand_name: 'Apple', brand_family: 'Apple', manufacturer: 'Apple', active: true },
    { brand_slug: 'samsung', brand_name: 'Samsung', brand_family: 'Samsung', manufacturer: 'Samsung', active: true },
    { brand_slug: 'google', brand_name: 'Google', brand_family: 'Google', manufacturer: 'Google', active: true },
  ],
  '/api/catalog/models?brand=Apple': [{ model_name: 'iPhone 15', series_number: 15, release_year: 2023 }],
  '/api/catalog/models?brand=Samsung': [{ model_name: 'Galaxy S24', model_series: 'Galaxy S', release_year: 2024 }],
};

/** Quote requests, each waiting until the test answers it with a price. */
const quoteRequests: { body: unknown; answer: (priceCents: number) => void }[] = [];

function json(body: unknown): Response {
  return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
}

beforeAll(() => {
  // The picker brings its chosen row into view; happy-dom cannot scroll.
  Element.prototype.scrollIntoView ??= () => {};
});

beforeEach(() => {
  quoteRequests.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init?: RequestInit) => {
      if (path === '/api/quotes') {
        const price = await new Promise<number>((answer) => {
          quoteRequests.push({ body: JSON.parse(String(init?.body)), answer });
        });
        return json({ success: true, price_cents: price, estimated_hours: '24-72' });
      }
      if (path in CATALOG) return json(CATALOG[path]);
      return new Response('{}', { status: 404 });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPanel() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MemoryRouter>
      <QueryClientProvider client={client}>
        <UnlockPanel userEmail={null} isAdmin={false} />
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

/** Opens the picker labelled `label` and chooses `option` (a multiple choice picker stays open: Escape closes it). */
async function choose(label: string, option: string) {
  fireEvent.click(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: new RegExp(`^${option}`) }));
  if (screen.queryByRole('option')) fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
  await waitFor(() => expect(screen.queryByRole('option')).toBeNull());
}

describe('UnlockPanel', () => {
  it('shows the model only for Apple and Samsung, and a new brand clears the chosen model', async () => {
    renderPanel();
    await choose('Brand', 'Google');
    expect(screen.queryByRole('combobox', { name: 'Model' })).toBeNull();

    await choose('Brand', 'Apple');
    await choose('Model', 'iPhone 15');
    expect(screen.getByRole('combobox', { name: 'Model' }).textContent).toContain('iPhone 15');

    await choose('Brand', 'Samsung');
    const model = screen.getByRole('combobox', { name: 'Model' });
    expect(model.textContent).not.toContain('iPhone 15');
    expect(model.textContent).toContain('Select model');
  });

  it('walks the price box from Fill all fields through Calculating... and Getting Quote... to the price', async () => {
    renderPanel();
    expect(await screen.findByText(FILL_ALL_FIELDS)).toBeTruthy();

    await choose('Country', 'United States');
    await choose('Carrier', 'AT&T');
    await choose('Brand', 'Google');
    fireEvent.change(screen.getByLabelText('IMEI'), { target: { value: '353325101234569' } });

    expect(await screen.findByText(CALCULATING)).toBeTruthy();
    expect(await screen.findByText(GETTING_QUOTE, {}, { timeout: 2000 })).toBeTruthy();
    expect(quoteRequests.map((request) => request.body)).toEqual([
      { imei: '353325101234569', brand: 'Google', model: '', network: 'att', country: 'US' },
    ]);
    quoteRequests[0]?.answer(4999);
    expect(await screen.findByText('$49.99')).toBeTruthy();

    // The same inputs again: the answered quote is kept, nothing is asked twice.
    fireEvent.change(screen.getByLabelText('IMEI'), { target: { value: '35332' } });
    expect(await screen.findByText(FILL_ALL_FIELDS)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('IMEI'), { target: { value: '353325101234569' } });
    expect(await screen.findByText('$49.99')).toBeTruthy();
    expect(quoteRequests).toHaveLength(1);
  });

  it('never shows a reply for inputs that have since changed', async () => {
    renderPanel();
    await choose('Country', 'United States');
    await choose('Carrier', 'AT&T');
    await choose('Brand', 'Google');
    const imei = screen.getByLabelText('IMEI');
    fireEvent.change(imei, { target: { value: '353325101234569' } });
    await waitFor(() => expect(quoteRequests).toHaveLength(1), { timeout: 2000 });

    fireEvent.change(imei, { target: { value: '490154203237518' } });
    await waitFor(() => expect(quoteRequests).toHaveLength(2), { timeout: 2000 });
    quoteRequests[0]?.answer(1111);
    quoteRequests[1]?.answer(4999);
    expect(await screen.findByText('$49.99')).toBeTruthy();
    expect(screen.queryByText('$11.11')).toBeNull();
  });
});
