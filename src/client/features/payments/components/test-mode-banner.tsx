import { FlaskConical } from 'lucide-react';
import { TEST_PAYMENT_NOTICE } from '../../../../domain/sandbox-payment';

/** The stripe across the top of every sandbox page: nobody should mistake it for a real checkout. */
export function TestModeBanner() {
  return (
    <div className="bg-amber-400 text-amber-950">
      <p className="mx-auto flex max-w-5xl items-center justify-center gap-2 px-4 py-2 text-center text-sm font-medium">
        <FlaskConical aria-hidden className="size-4 shrink-0" />
        <span>
          <strong className="font-bold tracking-wide uppercase">Test mode</strong>
          <span aria-hidden> · </span>
          <span className="sr-only">: </span>
          {TEST_PAYMENT_NOTICE}
        </span>
      </p>
    </div>
  );
}
