import { Clock } from 'lucide-react';

/** A product page's delivery promise, said before any form (issue 44: one promise). */
export function DeliveryLine({ text }: { readonly text: string }) {
  return (
    <p className="mx-auto max-w-xl text-sm text-balance text-foreground">
      <Clock aria-hidden className="mr-1.5 inline size-4 -translate-y-px align-middle text-primary" />
      <span className="font-medium">Delivery:</span> {text}
    </p>
  );
}
