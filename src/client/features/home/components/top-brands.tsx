import { ArrowRight, Plus } from 'lucide-react';
import { OTHER_MANUFACTURERS_TEXT, TOP_BRANDS } from '../../../../domain/store-config';
import { StartUnlockButton } from './start-unlock-button';

/** Spec section 1 "Top brands grid": name, model-count text and badge, plus the long tail. */
export function TopBrands() {
  return (
    <section aria-labelledby="top-brands-title" className="flex flex-col gap-8">
      <div className="flex flex-col gap-3">
        <h2 id="top-brands-title" className="text-3xl font-bold tracking-tight">
          Top brands we unlock
        </h2>
        <p className="text-muted-foreground">From the newest flagships to phones that are years old.</p>
      </div>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-2 xl:grid-cols-3">
        {TOP_BRANDS.map((brand) => (
          <li
            key={brand.slug}
            className="flex flex-col gap-3 rounded-xl border border-border bg-card p-3 shadow-sm sm:p-4"
          >
            <div className="flex items-center gap-3">
              <span
                aria-hidden
                className="flex size-9 shrink-0 items-center justify-center rounded-full bg-accent text-base font-bold text-accent-foreground sm:size-10"
              >
                {brand.name.charAt(0)}
              </span>
              <div className="flex min-w-0 flex-col">
                <p className="font-semibold text-foreground">{brand.name}</p>
                {brand.models ? <p className="text-sm text-muted-foreground">{brand.models}</p> : null}
              </div>
            </div>
            <p className="w-fit rounded-md bg-secondary px-2 py-0.5 text-xs font-medium text-secondary-foreground">
              {brand.badge}
            </p>
          </li>
        ))}
        <li className="col-span-2 flex items-center gap-3 rounded-xl border border-dashed border-border p-4">
          <span
            aria-hidden
            className="flex size-10 shrink-0 items-center justify-center rounded-full bg-secondary text-secondary-foreground"
          >
            <Plus className="size-5" />
          </span>
          <p className="font-semibold text-foreground">{OTHER_MANUFACTURERS_TEXT}</p>
        </li>
      </ul>
      <StartUnlockButton variant="outline" size="lg" className="w-full sm:w-auto sm:self-start">
        View All Supported Brands
        <ArrowRight aria-hidden />
      </StartUnlockButton>
    </section>
  );
}
