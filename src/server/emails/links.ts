import { orderKind } from '../../domain/kinds/index.ts';
import type { OrderKind } from '../../domain/order.ts';
import { CONTACT_SUPPORT_HREF, createAccountHref, orderHref } from '../../domain/site-map.ts';
import type { OrderEmailLinks } from './order-email.tsx';

interface LinkedOrder {
  readonly id: string;
  readonly accessToken: string;
}

/**
 * The order's page on the public URL (its kind's page, e.g. a check's result page); with its access
 * token, the guest link (the checkout's success URL too).
 */
export function orderPageUrl(
  publicUrl: string,
  order: { readonly id: string; readonly accessToken?: string; readonly kind?: OrderKind },
): string {
  const href = order.kind ? orderKind(order.kind).pageHref(order.id, order.accessToken) : orderHref(order.id, order.accessToken);
  return new URL(href, publicUrl).toString();
}

/** The links every order email carries, absolute on the store's public URL. */
export function orderEmailLinks(publicUrl: string, order: LinkedOrder): OrderEmailLinks {
  return {
    tracking: orderPageUrl(publicUrl, { id: order.id, accessToken: order.accessToken }),
    createAccount: new URL(createAccountHref(order.id, order.accessToken), publicUrl).toString(),
    help: new URL(CONTACT_SUPPORT_HREF, publicUrl).toString(),
  };
}
