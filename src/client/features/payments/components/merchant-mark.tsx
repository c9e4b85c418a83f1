import { LockOpen } from 'lucide-react';
import { STORE } from '../../../../domain/store-config';

/** Who is being paid, as a payment page names its merchant. */
export function MerchantMark() {
  return (
    <p className="flex items-center gap-2.5 text-base font-semibold">
      <span
        aria-hidden
        className="flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground shadow-sm"
      >
        <LockOpen className="size-4.5" strokeWidth={2.5} />
      </span>
      {STORE.name}
    </p>
  );
}
