import { HOW_IT_WORKS_STEPS, CLAIMS } from '../../../../domain/store-config';

export function HowItWorks() {
  return (
    <section id="how-it-works" aria-labelledby="how-it-works-title" className="flex scroll-mt-32 flex-col gap-8">
      <div className="flex flex-col gap-3">
        <h2 id="how-it-works-title" className="text-3xl font-bold tracking-tight">
          How it works
        </h2>
        <p className="text-muted-foreground">
          {`Three steps, no software and no technician. Most unlocks are done within ${CLAIMS.typicalUnlockTime}.`}
        </p>
      </div>
      <ol className="grid gap-4 md:grid-cols-3 lg:grid-cols-1 xl:grid-cols-3">
        {HOW_IT_WORKS_STEPS.map((step, index) => (
          <li
            key={step.title}
            className="flex gap-4 rounded-xl border border-border bg-card p-5 shadow-sm md:flex-col lg:flex-row xl:flex-col"
          >
            <span
              aria-hidden
              className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary text-lg font-bold text-primary-foreground"
            >
              {index + 1}
            </span>
            <div>
              <h3 className="text-lg font-semibold">
                <span className="sr-only">{`Step ${index + 1}: `}</span>
                {step.title}
              </h3>
              <p className="mt-2 text-muted-foreground">{step.text}</p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
