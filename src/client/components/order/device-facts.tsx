/** One fact of what an order is for; `code` shows it in a fixed-width face (an IMEI). */
export type DeviceFact = readonly [term: string, detail: string, code?: boolean];

/** The facts of the device an order is for: model, carrier, country, the identifier masked… */
export function DeviceFacts({ facts }: { facts: readonly DeviceFact[] }) {
  return (
    <dl className="grid gap-2 text-sm">
      {facts.map(([term, detail, code]) => (
        <div key={term} className="grid grid-cols-[6rem_minmax(0,1fr)] gap-3 sm:grid-cols-[8rem_minmax(0,1fr)]">
          <dt className="text-muted-foreground">{term}</dt>
          <dd className={code ? 'font-mono font-medium' : 'font-medium break-words'}>{detail}</dd>
        </div>
      ))}
    </dl>
  );
}
