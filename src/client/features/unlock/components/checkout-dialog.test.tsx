// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHECKOUT_EMAIL_INVALID } from '../../../../domain/checkout-email';
import type { Quote } from '../../../../domain/quote';
import {
  QUOTE_CHANGED_MESSAGE,
  REFUND_POLICY_MESSAGE,
  UNLOCK_IN_PROGRESS_MESSAGE,
} from '../../../../domain/unlock-order';
import type { UnlockOrder } from '../../../../domain/unlock-panel';
import { CheckoutDialog } from './checkout-dialog';

const QUOTE_ID = '6f1c0c8e-93a4-4a52-9d7c-0d7c3f6f5a11';
const NEW_QUOTE_ID = '9a9a9a9a-93a4-4a52-9d7c-0d7c3f6f5a11';
const IMEI = '356938035643809';

const quote: Quote = {
  price_cents: 4999,
  estimated_hours: '24-72',
  supported: true,
  message: null,
  error: null,
  device_info: { brand: 'Apple', model: 'iPhone 15', network: 'att', country: 'US' },
  requires_clean_check: false,
  source: 'sku_match',
  quote_id: QUOTE_ID,
  expires_at: '2030-01-01T12:30:00.000Z',
  average_hours: 20,
  guaranteed_hours: 72,
  admin: null,
};

const order: UnlockOrder = {
  imei: IMEI,
  brand: 'Apple',
  model: 'iPhone 15',
  carrier: 'att',
  country: 'US',
  email: 'jane@example.com',
  agreeToTerms: true,
};

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** The answers POST /api/orders/unlock gives, one per call, and the bodies it was sent. */
let orderAnswers: (() => Response | Promise<Response>)[] = [];
let orderBodies: Record<string, unknown>[] = [];
const assign = vi.fn();
const onLeaveForPayment = vi.fn();
let assignSpy: { mockRestore: () => void } | null = null;

beforeAll(() => {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});

beforeEach(() => {
  orderAnswers = [];
  orderBodies = [];
  assign.mockReset();
  onLeaveForPayment.mockReset();
  assignSpy = vi.spyOn(window.location, 'assign').mockImplementation(assign);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init?: RequestInit) => {
      if (path === '/api/orders/unlock') {
        orderBodies.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
        const answer = orderAnswers.shift();
        if (!answer) throw new Error('No answer prepared for this order call');
        return answer();
      }
      if (path === '/api/coupons/validate') {
        return json(200, { code: 'SAVE10', percent_off: null, amount_off_cents: 1000 });
      }
      return json(404, { error: { code: 'NOT_FOUND', message: 'Not found.' } });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  assignSpy?.mockRestore();
});

function renderDialog(overrides: Partial<UnlockOrder> = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <MemoryRouter>
      <QueryClientProvider client={client}>
        <CheckoutDialog
          open
          onOpenChange={() => {}}
          order={{ ...order, ...overrides }}
          quote={quote}
          carrierNames={['AT&T']}
          countryName="United States"
          onLeaveForPayment={onLeaveForPayment}
        />
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

const payButton = () => screen.getByRole('button', { name: /^Pay \$/ });
const refundPolicy = () => screen.getByRole('checkbox', { name: /refund policy/ });

describe('CheckoutDialog', () => {
  it('shows the device, the masked IMEI, the delivery promise and the stored price', () => {
    renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Checkout' });
    for (const text of [
      'Apple iPhone 15',
      'AT&T',
      'United States',
      '35693803***3809',
      'Usually 20 hours, guaranteed within 3 days',
    ]) {
      expect(dialog.textContent).toContain(text);
    }
    expect(dialog.textContent).not.toContain(IMEI);
    expect(payButton().textContent).toContain('Pay $49.99');
    expect((screen.getByLabelText(/^Email/) as HTMLInputElement).value).toBe('jane@example.com');
  });

  it('asks for the refund policy before anything is sent, next to its box', async () => {
    renderDialog();
    fireEvent.click(payButton());
    const error = await screen.findByText(REFUND_POLICY_MESSAGE);
    expect(error.closest('[role="alert"]')).not.toBeNull();
    expect(refundPolicy().getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(refundPolicy());
    expect(orderBodies).toHaveLength(0);
  });

  it('checks the confirmed email with the server’s rule', async () => {
    renderDialog();
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'jane@' } });
    fireEvent.click(refundPolicy());
    fireEvent.click(payButton());
    expect(await screen.findByText(CHECKOUT_EMAIL_INVALID)).toBeTruthy();
    expect(orderBodies).toHaveLength(0);
  });

  it('sends the stored quote and the form, then the browser to the payment page', async () => {
    orderAnswers.push(() => json(200, { url: '/pay/sess_1', order_id: 'order-1' }));
    renderDialog();
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: ' joe@example.com ' } });
    fireEvent.click(refundPolicy());
    fireEvent.click(payButton());
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/pay/sess_1'));
    expect(orderBodies).toEqual([
      {
        quote_id: QUOTE_ID,
        imei: IMEI,
        brand: 'Apple',
        model: 'iPhone 15',
        carrier: 'att',
        country: 'US',
        email: 'joe@example.com',
        agree_to_terms: true,
        agree_to_refund_policy: true,
      },
    ]);
    expect(onLeaveForPayment).toHaveBeenCalledWith('joe@example.com');
    expect(payButton).toThrow();
    expect(screen.getByRole('button', { name: /Taking you to payment/ }).getAttribute('aria-busy')).toBe('true');
  });

  it('applies a coupon to the total and sends its code', async () => {
    orderAnswers.push(() => json(200, { url: '/pay/sess_2', order_id: 'order-2' }));
    renderDialog();
    fireEvent.change(screen.getByLabelText('Coupon code'), { target: { value: 'save10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText(/Coupon/)).toBeTruthy();
    await waitFor(() => expect(payButton().textContent).toContain('Pay $39.99'));
    fireEvent.click(refundPolicy());
    fireEvent.click(payButton());
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/pay/sess_2'));
    expect(orderBodies[0]?.coupon_code).toBe('SAVE10');
  });

  it('shows the new price when the quote changed, and pays with the new quote', async () => {
    orderAnswers.push(() =>
      json(409, {
        error: {
          code: 'QUOTE_CHANGED',
          message: QUOTE_CHANGED_MESSAGE,
          details: {
            quote: {
              quote_id: NEW_QUOTE_ID,
              expires_at: '2030-01-01T13:00:00.000Z',
              price_cents: 5499,
              estimated_hours: '24-72',
              supported: true,
              message: null,
              device_info: quote.device_info,
              requires_clean_check: false,
              source: 'sku_match',
              average_hours: 30,
              guaranteed_hours: 96,
            },
          },
        },
      }),
    );
    orderAnswers.push(() => json(200, { url: '/pay/sess_3', order_id: 'order-3' }));
    renderDialog();
    fireEvent.click(refundPolicy());
    fireEvent.click(payButton());
    expect(
      await screen.findAllByText('The price changed from $49.99 to $54.99. Please review and pay again.'),
    ).not.toHaveLength(0);
    expect(payButton().textContent).toContain('Pay $54.99');
    expect(screen.getByRole('dialog').textContent).toContain('Usually 30 hours, guaranteed within 4 days');
    expect(assign).not.toHaveBeenCalled();

    fireEvent.click(payButton());
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/pay/sess_3'));
    expect(orderBodies.map((body) => body.quote_id)).toEqual([QUOTE_ID, NEW_QUOTE_ID]);
  });

  it('leads to the order already running for this IMEI instead of charging twice', async () => {
    orderAnswers.push(() =>
      json(409, {
        error: {
          code: 'UNLOCK_IN_PROGRESS',
          message: UNLOCK_IN_PROGRESS_MESSAGE,
          details: { order_url: '/order/abc' },
        },
      }),
    );
    renderDialog();
    fireEvent.click(refundPolicy());
    fireEvent.click(payButton());
    const link = await screen.findByRole('link', { name: 'Open that order' });
    expect(link.getAttribute('href')).toBe('/order/abc');
    await waitFor(() => expect(document.activeElement).toBe(link));
    expect(screen.getByRole('dialog').textContent).toContain(UNLOCK_IN_PROGRESS_MESSAGE);
    expect((payButton() as HTMLButtonElement).disabled).toBe(true);
  });

  it('puts the server’s field messages next to their fields', async () => {
    orderAnswers.push(() =>
      json(400, {
        error: {
          code: 'VALIDATION_FAILED',
          message: 'Some fields need your attention.',
          fieldErrors: { email: ['This address cannot receive mail'] },
        },
      }),
    );
    renderDialog();
    fireEvent.click(refundPolicy());
    fireEvent.click(payButton());
    const message = await screen.findByText('This address cannot receive mail');
    const email = screen.getByLabelText(/^Email/);
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(email.getAttribute('aria-describedby')).toContain(message.closest('[role="alert"]')?.id);
    await waitFor(() => expect(document.activeElement).toBe(email));
  });

  it('keeps everything after a network failure and pays on the next try', async () => {
    orderAnswers.push(() => Promise.reject(new TypeError('Failed to fetch')));
    orderAnswers.push(() => json(200, { url: '/pay/sess_4', order_id: 'order-4' }));
    renderDialog();
    fireEvent.click(refundPolicy());
    fireEvent.click(payButton());
    expect(await screen.findByText(/We could not reach the store.*Nothing was charged/)).toBeTruthy();
    expect((refundPolicy() as HTMLButtonElement).getAttribute('data-state')).toBe('checked');
    fireEvent.click(payButton());
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/pay/sess_4'));
    expect(orderBodies).toHaveLength(2);
  });
});
