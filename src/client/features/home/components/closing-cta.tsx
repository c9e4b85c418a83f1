import { ArrowUp, Factory, Headset, ScanSearch, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { CLAIMS, SUPPORT_CLAIM } from '../../../../domain/store-config';
import { StartUnlockButton } from './start-unlock-button';
import { Button } from '~/components/ui/button';

const NOTES = [
  { icon: ShieldCheck, text: `${CLAIMS.moneyBack} money-back guarantee` },
  { icon: Factory, text: 'Factory method only' },
  { icon: Headset, text: `Support: ${SUPPORT_CLAIM.toLowerCase()}` },
] as const;

/** The closing call to action with its guarantee, factory-method-only and support-promise notes. */
export function ClosingCta() {
  return (
    <section aria-labelledby="closing-cta-title" className="mx-auto w-full max-w-7xl px-4 pb-20 sm:px-6">
      <div className="flex flex-col gap-8 rounded-2xl bg-primary px-6 py-10 text-primary-foreground shadow-lg sm:px-10 lg:flex-row lg:items-center lg:justify-between">
        <div className="max-w-2xl">
          <h2 id="closing-cta-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
            Ready to use any SIM?
          </h2>
          <p className="mt-2 opacity-90">
            {`Enter your phone's details for an exact price. If your phone cannot be unlocked, you get ${CLAIMS.moneyBack} of your money back.`}
          </p>
          <ul className="mt-6 flex flex-wrap gap-x-6 gap-y-3">
            {NOTES.map(({ icon: Icon, text }) => (
              <li key={text} className="inline-flex items-center gap-2 text-sm font-medium">
                <Icon aria-hidden className="size-4" />
                {text}
              </li>
            ))}
          </ul>
        </div>
        <div className="flex flex-col gap-3 sm:flex-row lg:flex-col xl:flex-row">
          <StartUnlockButton size="lg" variant="secondary">
            Start Your Unlock
            <ArrowUp aria-hidden />
          </StartUnlockButton>
          <Button
            asChild
            size="lg"
            variant="outline"
            className="border-primary-foreground/40 bg-transparent text-primary-foreground hover:bg-primary-foreground/10 hover:text-primary-foreground"
          >
            <Link to="/imei-check">
              <ScanSearch aria-hidden />
              Check Your IMEI
            </Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
