import type { UnlockDetails } from '../../../domain/unlock-order';

/** The device an unlock is for: model, carrier, country and the IMEI, masked. */
export function DeviceFacts({
  unlock,
}: {
  unlock: Pick<UnlockDetails, 'device' | 'carrier' | 'country' | 'imei_masked'>;
}) {
  const rows: [string, string, boolean][] = [
    ['Device', unlock.device, false],
    ['Carrier', unlock.carrier, false],
    ['Country', unlock.country, false],
    ['IMEI', unlock.imei_masked, true],
  ];
  return (
    <dl className="grid gap-2 text-sm">
      {rows.map(([term, detail, code]) => (
        <div key={term} className="grid grid-cols-[6rem_minmax(0,1fr)] gap-3 sm:grid-cols-[8rem_minmax(0,1fr)]">
          <dt className="text-muted-foreground">{term}</dt>
          <dd className={code ? 'font-mono font-medium' : 'font-medium break-words'}>{detail}</dd>
        </div>
      ))}
    </dl>
  );
}
