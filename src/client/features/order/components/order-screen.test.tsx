// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ORDER_NOT_FOUND_TITLE } from '../../../../domain/esim-receipt';
import type { OrderAnswer, OrderAnswerOf } from '../../../../domain/order-answer';
import { OrderScreen } from './order-screen';

const unlockOrder: OrderAnswerOf<'unlock'> = {
  id: 'order-1',
  short_id: 'ab12cd34',
  kind: 'unlock',
  status: 'in_progress',
  checkout_orders: [],
  email: 'jane@example.com',
  currency: 'USD',
  subtotal_cents: 4999,
  discount_cents: 1000,
  total_cents: 3999,
  coupon_code: 'SAVE10',
  refunded: false,
  created_at: '2026-11-24T10:00:00.000Z',
  items: [
    {
      id: 'item-1',
      product_ref: 'quote-1',
      name: 'Carrier unlock: Apple iPhone 15 (AT&T)',
      quantity: 1,
      unit_price_cents: 4999,
      line_total_cents: 4999,
      details: {},
    },
  ],
  events: [
    { id: 1, status: 'pending_payment', message: 'Order placed.', created_at: '2026-11-24T10:00:00.000Z' },
    { id: 2, status: 'paid', message: 'Payment received.', created_at: '2026-11-24T10:01:00.000Z' },
    { id: 3, status: 'in_progress', message: 'The supplier is working on it.', created_at: '2026-11-24T10:05:00.000Z' },
  ],
  unlock: {
    imei_masked: '35693803***3809',
    device: 'Apple iPhone 15',
    carrier: 'AT&T',
    country: 'United States',
    average_hours: 20,
    guaranteed_hours: 72,
    guaranteed_by: '2026-11-27T10:01:00.000Z',
    result: null,
  },
};

let answer: () => Response;
const requested: string[] = [];

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

beforeEach(() => {
  requested.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => {
      requested.push(path);
      return path.includes('/shares') ? json(200, { links: [] }) : answer();
    }),
  );
  // Two hours after payment: the countdown reads the clock.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-24T12:01:00.000Z'));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  FakeEventSource.opened.length = 0;
});

/** The browser's EventSource, driven by the test. */
class FakeEventSource extends EventTarget {
  static readonly CLOSED = 2;
  static readonly opened: FakeEventSource[] = [];
  readyState = 0;
  constructor(readonly url: string) {
    super();
    FakeEventSource.opened.push(this);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  emit(type: string, init?: MessageEventInit<string>) {
    this.dispatchEvent(init ? new MessageEvent(type, init) : new Event(type));
  }
}

function renderOrder(token: string | null = 'secret') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MemoryRouter initialEntries={['/order/order-1?token=secret']}>
      <QueryClientProvider client={client}>
        <OrderScreen access={{ orderId: 'order-1', token }} />
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

describe('OrderScreen', () => {
  it('shows a running unlock: state, device, the promise with its date, newest history first, and the payment', async () => {
    answer = () => json(200, unlockOrder);
    renderOrder();
    expect(await screen.findByRole('heading', { level: 1, name: 'Your unlock is in progress' })).toBeTruthy();
    expect(requested).toContain('/api/orders/order-1?token=secret');
    const details = screen.getByRole('region', { name: 'Your unlock' });
    expect(details.textContent).toContain('35693803***3809');
    expect(details.textContent).toContain('Usually done in 18 h');
    expect(details.textContent).toMatch(/Guaranteed by.*Nov 27, 2026/);
    expect(within(details).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('3');
    const current = screen.getByRole('list', { name: 'Order progress' }).querySelector('[aria-current="step"]');
    expect(current?.textContent).toContain('In progress');
    const history = within(screen.getByRole('region', { name: 'History' })).getAllByRole('listitem');
    expect(history.map((item) => item.textContent)).toEqual([
      expect.stringContaining('In progress'),
      expect.stringContaining('Paid'),
      expect.stringContaining('Awaiting payment'),
    ]);
    const payment = screen.getByRole('region', { name: 'Payment' });
    expect(payment.textContent).toContain('Discount (SAVE10)');
    expect(payment.textContent).toContain('$39.99');
    // No EventSource here: the page polls and says so.
    expect(screen.getByText(/Live updates paused: checking every 10 seconds/)).toBeTruthy();
  });

  it('shows an event from the live stream at once, with its new state, and reads the whole order again', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    let current: OrderAnswer = unlockOrder;
    answer = () => json(200, current);
    renderOrder();
    await screen.findByRole('heading', { level: 1, name: 'Your unlock is in progress' });
    const [source] = FakeEventSource.opened;
    expect(source?.url).toBe('/api/orders/order-1/events?token=secret');
    act(() => source?.emit('open'));
    expect(screen.getByText('Live')).toBeTruthy();

    const event = { id: 4, status: 'fulfilled', message: 'Unlocked.', created_at: '2026-11-24T12:00:00.000Z' } as const;
    current = {
      ...unlockOrder,
      status: 'fulfilled',
      events: [...unlockOrder.events, event],
      unlock: { ...unlockOrder.unlock, result: { message: 'Unlocked.', instructions: [] } },
    };
    act(() => source?.emit('order-event', { data: JSON.stringify(event), lastEventId: '4' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Your phone is unlocked' })).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'History' })).getAllByRole('listitem')[0]?.textContent).toContain(
      'Unlocked.',
    );
    expect(await screen.findByRole('region', { name: 'Your unlock result' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the after-install checklist' }).getAttribute('href')).toBe(
      '/support/after-install?brand=apple',
    );
  });

  it('polls while the stream is broken and says when it last updated', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    answer = () => json(200, unlockOrder);
    renderOrder();
    await screen.findByRole('heading', { level: 1, name: 'Your unlock is in progress' });
    const [source] = FakeEventSource.opened;
    act(() => {
      source?.close();
      source?.emit('error');
    });
    expect(screen.getByText(/Live updates paused/).closest('p')?.textContent).toMatch(/Last updated just now\./);
  });

  it('shows the result and the steps of a completed unlock', async () => {
    answer = () =>
      json(200, {
        ...unlockOrder,
        status: 'fulfilled',
        unlock: {
          ...unlockOrder.unlock,
          result: {
            message: 'Unlocked. Insert a SIM from another carrier',
            instructions: ['Insert a SIM card from another carrier.', 'Follow the setup on screen.'],
          },
        },
      });
    renderOrder();
    const result = await screen.findByRole('region', { name: 'Your unlock result' });
    expect(result.textContent).toContain('Unlocked. Insert a SIM from another carrier');
    expect(within(result).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByRole('heading', { level: 1, name: 'Your phone is unlocked' })).toBeTruthy();
    expect(screen.queryByText(/Live updates paused|This page updates by itself/)).toBeNull();
  });

  it('says a refunded order was refunded, and how much', async () => {
    answer = () => json(200, { ...unlockOrder, status: 'refunded', refunded: true });
    renderOrder();
    expect(await screen.findByRole('heading', { level: 1, name: 'Your payment was refunded' })).toBeTruthy();
    const payment = screen.getByRole('region', { name: 'Payment' });
    expect(within(payment).getByText('Refunded')).toBeTruthy();
    expect(screen.getByText(/We refunded \$39\.99 to your original payment method/)).toBeTruthy();
  });

  it('answers a wrong link with order not found and a way to sign in', async () => {
    answer = () => json(404, { error: { code: 'NOT_FOUND', message: 'Not found.' } });
    renderOrder('wrong');
    expect(await screen.findByRole('heading', { level: 1, name: ORDER_NOT_FOUND_TITLE })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toContain('redirectTo=');
  });

  it('shows a kind added through the registries alone with its own card (the sample kind, ADR 068)', async () => {
    const { unlock: _unlock, ...common } = unlockOrder;
    const sample: OrderAnswerOf<'sample'> = {
      ...common,
      kind: 'sample',
      status: 'fulfilled',
      items: [{ ...common.items[0]!, name: 'A sample' }],
      sample: { code: 'SAMPLE-ORDER001' },
    };
    answer = () => json(200, sample);
    renderOrder();
    expect(await screen.findByRole('heading', { level: 1, name: 'Your sample is ready' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Your sample code' }).textContent).toContain('SAMPLE-ORDER001');
    expect(screen.queryByRole('region', { name: 'Your unlock' })).toBeNull();
  });

  it('shows the result of an unlock a supplier finished after its refund', async () => {
    answer = () =>
      json(200, {
        ...unlockOrder,
        status: 'refunded',
        refunded: true,
        unlock: { ...unlockOrder.unlock, result: { message: 'Unlocked late.', instructions: ['Insert a SIM.'] } },
      });
    renderOrder();
    expect(await screen.findByRole('heading', { level: 1, name: 'Your payment was refunded' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Your unlock result' }).textContent).toContain('Unlocked late.');
  });
});
