import { LoaderCircle, Lock, Minus, Plus, Trash2 } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { MAX_PACKAGE_QUANTITY, cartSubtotalCents, type CartItem } from '../../../../domain/cart';
import { CART_EMPTY, isValidCheckoutEmail } from '../../../../domain/checkout-email';
import { cartCheckoutTotals, type CouponEffect } from '../../../../domain/coupon';
import { LICENSE_MAX_QUANTITY, licenseCartSubtotalCents, type LicenseCartLine } from '../../../../domain/license-cart';
import { formatPrice } from '../../../../domain/display';
import { ESIM_DEVICE_TYPE, checkoutItemsFromCart } from '../../../../domain/esim-checkout';
import { CheckoutEmailField } from '~/components/checkout/checkout-email-field';
import { CouponBox } from '~/components/checkout/coupon-box';
import { LockCheck } from './lock-check';
import { Button } from '~/components/ui/button';
import { notify } from '~/lib/notify';
import { useCreateCheckout } from '../api/create-checkout';
import { useCart, type CheckoutTarget } from '../cart/cart-context';

/** What a frame (the dialog, or the /esim/checkout page) puts around the checkout's fields. */
export interface CheckoutFrame {
  readonly title: string;
  readonly description: string;
  /** The browser is leaving for the payment page: nothing may close or change it now. */
  readonly processing: boolean;
  readonly body: ReactNode;
}

/**
 * The checkout itself: the cart's lines (or the one package bought now), the email, the coupon, the
 * lock check, the totals and Pay, inside whatever frame shows it.
 */
export function CheckoutBody({
  target,
  defaultEmail,
  frame: Frame,
}: {
  readonly target: CheckoutTarget;
  readonly defaultEmail: string;
  readonly frame: (parts: CheckoutFrame) => ReactNode;
}) {
  const id = useId();
  const cart = useCart();
  // 'Buy now' keeps its own line: changing it never touches the cart.
  const [single, setSingle] = useState<CartItem | null>(target.kind === 'single' ? target.item : null);
  // What was paid for stays on screen while the browser leaves, though the cart is already empty.
  const [paying, setPaying] = useState<{
    readonly items: readonly CartItem[];
    readonly licenses: readonly LicenseCartLine[];
  } | null>(null);
  const items: readonly CartItem[] =
    paying?.items ?? (target.kind === 'single' ? (single ? [single] : []) : cart.items);
  const licenses: readonly LicenseCartLine[] = paying?.licenses ?? (target.kind === 'cart' ? cart.licenses : []);
  const [email, setEmail] = useState(defaultEmail);
  const [emailTouched, setEmailTouched] = useState(false);
  const [coupon, setCoupon] = useState<CouponEffect | null>(null);
  const [processing, setProcessing] = useState(false);
  const createCheckout = useCreateCheckout();

  // The coupon is the eSIM order's (ADR 081); in a cart of licenses only, the license order's.
  const couponKind = items.length > 0 ? 'esim' : 'license';
  const [couponFor, setCouponFor] = useState(couponKind);
  if (couponFor !== couponKind) {
    // The last eSIM left the cart: its coupon was checked for eSIMs, so it is asked for again.
    setCouponFor(couponKind);
    setCoupon(null);
  }
  const licenseSubtotal = licenseCartSubtotalCents(licenses);
  const totals = cartCheckoutTotals(cartSubtotalCents(items), licenseSubtotal, coupon);
  const emailValid = isValidCheckoutEmail(email.trim());
  const empty = items.length + licenses.length === 0;
  const canPay = !processing && !empty && emailValid;

  const setQuantity = (packageId: string, quantity: number) => {
    if (target.kind === 'cart') return cart.setQuantity(packageId, quantity);
    setSingle((line) =>
      line && quantity > 0 ? { ...line, quantity: Math.min(quantity, MAX_PACKAGE_QUANTITY) } : null,
    );
  };

  const pay = () => {
    if (!canPay) return;
    setProcessing(true);
    createCheckout.mutate(
      {
        email: email.trim(),
        items: checkoutItemsFromCart(items),
        ...(licenses.length > 0
          ? { licenses: licenses.map((line) => ({ slug: line.slug, quantity: line.quantity })) }
          : {}),
        device_type: ESIM_DEVICE_TYPE,
        coupon_code: coupon?.code,
      },
      {
        onSuccess: (outcome) => {
          if (outcome.kind === 'error') {
            setProcessing(false);
            void notify((toast) => toast.error(outcome.message));
            return;
          }
          // Spec section 4: the cart empties once the session exists, unless this was a single item.
          setPaying({ items, licenses });
          if (target.kind === 'cart') cart.holdCartForPayment();
          else cart.dropHeldCart();
          // Inputs stay disabled until the browser has left for the payment page.
          window.location.assign(outcome.url);
        },
      },
    );
  };

  const title = target.kind === 'single' ? 'Buy your eSIM' : 'Your cart';
  const description =
    licenses.length === 0
      ? 'Pay securely; your eSIM arrives by email and on the receipt page in minutes.'
      : items.length === 0
        ? 'Pay securely; your license keys are ready to reveal on your order page once the payment clears.'
        : 'Pay securely, once for everything: your eSIM arrives by email and on the receipt page in minutes, and your license keys are ready to reveal on their order page.';

  const body = (
    <>
      {empty ? (
        <p className="rounded-md border border-dashed border-border px-4 py-8 text-center text-muted-foreground">
          {CART_EMPTY}
        </p>
      ) : (
        <ul aria-label="Items" className="grid max-h-[280px] gap-2 overflow-y-auto pr-1">
          {items.map((item) => (
            <CartLine
              key={item.package_id}
              name={item.package_name}
              unitCents={Math.round(item.price * 100)}
              quantity={item.quantity}
              most={MAX_PACKAGE_QUANTITY}
              disabled={processing}
              onQuantity={(quantity) => setQuantity(item.package_id, quantity)}
              onRemove={() => (target.kind === 'cart' ? cart.removeItem(item.package_id) : setSingle(null))}
            />
          ))}
          {licenses.map((line) => (
            <CartLine
              key={`license:${line.slug}`}
              name={line.name}
              note="License key"
              unitCents={line.price_cents}
              quantity={line.quantity}
              most={LICENSE_MAX_QUANTITY}
              disabled={processing}
              onQuantity={(quantity) => cart.setLicenseQuantity(line.slug, quantity)}
              onRemove={() => cart.removeLicense(line.slug)}
            />
          ))}
        </ul>
      )}

      <CheckoutEmailField
        id={`${id}-email`}
        value={email}
        onChange={setEmail}
        touched={emailTouched}
        onBlur={() => setEmailTouched(true)}
        disabled={processing}
        label={licenses.length === 0 ? 'Email for your eSIM and receipt' : 'Email for your order and receipt'}
      />
      <CouponBox
        key={couponKind}
        kind={couponKind}
        applied={coupon}
        onApply={setCoupon}
        disabled={processing || empty}
      />
      {coupon && licenses.length > 0 && items.length > 0 ? (
        <p className="text-sm text-muted-foreground">The coupon applies to the eSIMs in your cart.</p>
      ) : null}
      {items.length > 0 ? <LockCheck disabled={processing} /> : null}

      <dl aria-label="Order total" className="grid gap-1.5 text-sm">
        <TotalRow label="Subtotal" value={formatPrice(totals.subtotalCents)} />
        <TotalRow
          label={coupon ? `Discount (${coupon.code})` : 'Discount'}
          value={totals.discountCents > 0 ? `-${formatPrice(totals.discountCents)}` : formatPrice(0)}
        />
        <TotalRow label="Processing fee" value={formatPrice(totals.processingFeeCents)} />
        <TotalRow label="Total" value={formatPrice(totals.totalCents)} strong />
      </dl>

      <Button size="lg" disabled={!canPay} onClick={pay} aria-busy={processing || undefined}>
        {processing ? <LoaderCircle aria-hidden className="animate-spin" /> : <Lock aria-hidden />}
        {processing ? 'Taking you to payment...' : `Pay ${formatPrice(totals.totalCents)}`}
      </Button>
    </>
  );
  return <Frame title={title} description={description} processing={processing} body={body} />;
}

/** One line of the cart: its name and price each, its quantity (- and +) and its removal. */
function CartLine({
  name,
  note,
  unitCents,
  quantity,
  most,
  disabled,
  onQuantity,
  onRemove,
}: {
  readonly name: string;
  readonly note?: string;
  readonly unitCents: number;
  readonly quantity: number;
  readonly most: number;
  readonly disabled: boolean;
  readonly onQuantity: (quantity: number) => void;
  readonly onRemove: () => void;
}) {
  return (
    <li className="flex min-w-0 items-center gap-2 rounded-md border border-border px-3 py-2">
      <div className="min-w-0 flex-1">
        <p className="text-sm font-medium break-words">{name}</p>
        <p className="text-xs text-muted-foreground">
          {note ? `${note} · ` : ''}
          {formatPrice(unitCents)} each
        </p>
      </div>
      <div className="flex items-center gap-1" role="group" aria-label={`Quantity of ${name}`}>
        <Button
          variant="outline"
          size="icon"
          className="size-8"
          disabled={disabled}
          aria-label={`One fewer ${name}`}
          onClick={() => onQuantity(quantity - 1)}
        >
          <Minus aria-hidden />
        </Button>
        <span className="w-6 text-center text-sm tabular-nums" aria-live="polite">
          {quantity}
        </span>
        <Button
          variant="outline"
          size="icon"
          className="size-8"
          disabled={disabled || quantity >= most}
          aria-label={`One more ${name}`}
          onClick={() => onQuantity(quantity + 1)}
        >
          <Plus aria-hidden />
        </Button>
      </div>
      <Button
        variant="ghost"
        size="icon"
        className="size-8 text-muted-foreground"
        disabled={disabled}
        aria-label={`Remove ${name}`}
        onClick={onRemove}
      >
        <Trash2 aria-hidden />
      </Button>
    </li>
  );
}

function TotalRow({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div
      className={strong ? 'flex justify-between text-base font-semibold' : 'flex justify-between text-muted-foreground'}
    >
      <dt>{label}</dt>
      <dd className={strong ? 'tabular-nums' : 'text-foreground tabular-nums'}>{value}</dd>
    </div>
  );
}
