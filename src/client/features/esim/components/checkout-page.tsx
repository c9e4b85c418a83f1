import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { type CheckoutTarget, useCartRead } from '../cart/cart-context';
import { CheckoutBody, type CheckoutFrame } from './checkout-body';

const CART: CheckoutTarget = { kind: 'cart' };

function PageFrame({ title, description, body }: CheckoutFrame) {
  return (
    <>
      <header className="grid gap-2">
        <h1 className="text-3xl font-bold tracking-tight">Checkout</h1>
        <p className="text-muted-foreground">{description}</p>
      </header>
      <section
        aria-label={title}
        className="grid grid-cols-1 gap-4 rounded-xl border border-border bg-card p-5 text-card-foreground shadow-sm"
      >
        {body}
      </section>
    </>
  );
}

/**
 * /esim/checkout (spec route table): the cart's checkout as a page, for a shared or reloaded link;
 * the same checkout as the header cart's dialog. It waits for the stored cart to be read before it
 * shows anything of the cart, so a full cart never shows as an empty one first.
 */
export function EsimCheckoutScreen({ defaultEmail }: { readonly defaultEmail: string }) {
  const ready = useCartRead();
  return (
    <div className="mx-auto grid w-full max-w-xl grid-cols-1 gap-6 px-4 py-10 sm:px-6 sm:py-14">
      {ready ? (
        <CheckoutBody target={CART} defaultEmail={defaultEmail} frame={PageFrame} />
      ) : (
        <header className="grid gap-2">
          <h1 className="text-3xl font-bold tracking-tight">Checkout</h1>
          <p role="status" className="text-muted-foreground">
            Reading your cart…
          </p>
        </header>
      )}
      <Link
        to="/esim-shop"
        className="inline-flex items-center gap-1.5 justify-self-start text-sm font-medium text-primary underline-offset-4 hover:underline"
      >
        <ArrowLeft aria-hidden className="size-4" />
        Continue shopping
      </Link>
    </div>
  );
}
