import { Clock } from 'lucide-react';

/** A product page's delivery promise, said before any form (issue 44: one promise). */
export function DeliveryLine({ text }: { readonly text: string }) {
  return (
    <p className="mx-auto flex max-w-xl items-start justify-center gap-2 text-sm text-balance text-foreground">
      <Clock aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
      <span>
        <span className="font-medium">Delivery: </span>
        {text}
      </span>
    </p>
  );
}
