import type { ReactNode } from 'react';
import { STORE } from '../../../../domain/store-config';
import { TestModeBanner } from './test-mode-banner';

/** The hosted payment page's own frame: a payment provider's page, not the store's header and footer. */
export function PaymentFrame({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-muted/40 dark:bg-background">
      <TestModeBanner />
      <main className="flex flex-1 flex-col px-4 py-8 sm:px-6 sm:py-12">{children}</main>
      <footer className="px-4 pb-6 text-center text-xs text-muted-foreground">
        {`Sandbox payments for ${STORE.name}. No card data is asked for or stored.`}
      </footer>
    </div>
  );
}
