import { useId, useMemo } from 'react';
import { formatPrice } from '../../../../domain/display';
import { destinationKey, type Destination } from '../../../../domain/esim-shop';
import { Combobox, type ComboboxOption } from '~/components/ui/combobox';
import { Flag } from './flag';

interface DestinationSearchProps {
  readonly destinations: readonly Destination[];
  readonly selected: Destination | null;
  readonly onSelect: (key: string) => void;
  readonly loading: boolean;
}

/** Where the traveller is going: a country (with its flag and region) or a region. */
export function DestinationSearch({ destinations, selected, onSelect, loading }: DestinationSearchProps) {
  const id = useId();
  const options = useMemo<ComboboxOption[]>(
    () =>
      destinations.map((destination) => ({
        value: destinationKey(destination),
        label: destination.name,
        group: destination.kind === 'country' ? 'Countries' : 'Regions',
        hint:
          destination.kind === 'country'
            ? `${destination.region} · from ${formatPrice(destination.fromCents)}`
            : `${destination.countryCount} countries · from ${formatPrice(destination.fromCents)}`,
        keywords: [destination.code, destination.kind === 'country' ? destination.region : ''],
        icon: <Flag iso2={destination.kind === 'country' ? destination.code : null} />,
      })),
    [destinations],
  );

  return (
    <div className="grid gap-2">
      <label id={`${id}-label`} htmlFor={`${id}-destination`} className="text-sm font-medium">
        Where are you going?
      </label>
      <Combobox
        id={`${id}-destination`}
        labelId={`${id}-label`}
        options={options}
        selected={selected ? [destinationKey(selected)] : []}
        onSelect={onSelect}
        display={selected?.name ?? null}
        placeholder="Search a country or region"
        searchPlaceholder="Search destinations"
        emptyText="No destinations found."
        loading={loading}
        className="h-12 text-base"
      />
    </div>
  );
}
