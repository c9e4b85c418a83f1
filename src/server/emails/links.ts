import { CONTACT_SUPPORT_HREF, createAccountHref, orderHref } from '../../domain/site-map.ts';
import type { OrderEmailLinks } from './order-email.tsx';

interface LinkedOrder {
  readonly id: string;
  readonly accessToken: string;
}

/** The order's page on the public URL; with its access token, the guest link (the checkout's success URL too). */
export function orderPageUrl(publicUrl: string, order: { readonly id: string; readonly accessToken?: string }): string {
  return new URL(orderHref(order.id, order.accessToken), publicUrl).toString();
}

/** The links every order email carries, absolute on the store's public URL. */
export function orderEmailLinks(publicUrl: string, order: LinkedOrder): OrderEmailLinks {
  return {
    tracking: orderPageUrl(publicUrl, order),
    createAccount: new URL(createAccountHref(order.id, order.accessToken), publicUrl).toString(),
    help: new URL(CONTACT_SUPPORT_HREF, publicUrl).toString(),
  };
}
