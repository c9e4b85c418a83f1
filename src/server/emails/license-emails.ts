import { formatPrice } from '../../domain/display.ts';
import { licenseHref, type PublicLicense } from '../../domain/licenses.ts';
import { STORE } from '../../domain/store-config.ts';
import type { OutgoingMail } from '../integrations/mail/transport.ts';

/** 'It is back': the one email a back-in-stock request sends (plain text: one line and a link). */
export function backInStockEmail(to: string, product: PublicLicense, publicUrl: string): OutgoingMail {
  const link = new URL(licenseHref(product.slug), publicUrl).toString();
  return {
    to,
    subject: `${product.name} is back in stock`,
    text: [
      `${product.name} is back in stock at ${STORE.name}, at ${formatPrice(product.price_cents)}.`,
      '',
      `Buy it here: ${link}`,
      '',
      'You asked us to tell you once; we will not email you about it again.',
    ].join('\n'),
  };
}
