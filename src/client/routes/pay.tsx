import { TEST_PAYMENT_TITLE } from '../../domain/sandbox-payment';
import { STORE, pageTitle } from '../../domain/store-config';
import type { Route } from './+types/pay';
import { PaymentFrame } from '~/features/payments/components/payment-frame';
import { SandboxCheckout } from '~/features/payments/components/sandbox-checkout';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle(TEST_PAYMENT_TITLE) },
  { name: 'description', content: `Sandbox checkout for ${STORE.name}: a test payment, no real card is charged.` },
  { name: 'robots', content: 'noindex' },
];

/** The sandbox payment provider's hosted page (/pay/:session): outside the store's header and footer. */
export default function PayPage({ params }: Route.ComponentProps) {
  return (
    <PaymentFrame>
      <SandboxCheckout key={params.session} sessionId={params.session} />
    </PaymentFrame>
  );
}
