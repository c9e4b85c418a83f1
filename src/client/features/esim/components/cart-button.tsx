import { ShoppingCart } from 'lucide-react';
import { Button } from '~/components/ui/button';
import { useCart } from '../cart/cart-context';

/** Spec section 2 "Header": on /esim paths, the cart with its item count; hidden while empty. */
export function CartButton() {
  const { itemCount, openCheckout } = useCart();
  if (itemCount === 0) return null;
  return (
    <Button
      variant="ghost"
      size="icon"
      className="relative"
      aria-label={`Cart, ${itemCount} ${itemCount === 1 ? 'item' : 'items'}`}
      onClick={() => openCheckout({ kind: 'cart' })}
    >
      <ShoppingCart aria-hidden className="size-5" />
      <span
        aria-hidden
        data-testid="cart-count"
        className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-primary px-1 text-[11px] leading-none font-semibold text-primary-foreground"
      >
        {itemCount}
      </span>
    </Button>
  );
}
