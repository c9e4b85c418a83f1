import { ArrowDown, BadgeCheck } from 'lucide-react';
import { CLAIMS } from '../../../../domain/store-config';
import { StartUnlockButton } from './start-unlock-button';
import { TrustBadges } from './trust-badges';
import { WatchDemoButton } from './watch-demo-button';

export function HomeHero() {
  return (
    <section aria-labelledby="hero-title" className="flex flex-col items-start gap-6">
      <p className="inline-flex items-center gap-2 rounded-full border border-primary/25 bg-background/70 px-3 py-1 text-sm font-medium text-foreground">
        <BadgeCheck aria-hidden className="size-4 text-success-foreground" />
        {`Official factory unlocks · ${CLAIMS.moneyBack} money-back guarantee`}
      </p>
      <h1 id="hero-title" className="text-4xl font-bold tracking-tight text-balance sm:text-5xl">
        Unlock your phone from its carrier, <span className="text-primary">officially</span>
      </h1>
      <p className="max-w-2xl text-lg text-pretty text-muted-foreground">
        {`Factory unlocks by IMEI for ${CLAIMS.networks} networks and ${CLAIMS.models} models. Safe and legal, your warranty stays intact, and you get a ${CLAIMS.moneyBack} refund if your phone cannot be unlocked.`}
      </p>
      <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
        <StartUnlockButton size="lg">
          Get Started
          <ArrowDown aria-hidden className="lg:hidden" />
        </StartUnlockButton>
        <WatchDemoButton />
      </div>
      <TrustBadges />
    </section>
  );
}
