import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { publicEsimPackageSchema, type PublicEsimPackage } from '../../../../domain/esim-catalog';
import { apiRequest } from '~/lib/api-client';

// Visitors never get net_cost_cents; an admin's answer carries it and is read the same way.
const packageListSchema = z.array(publicEsimPackageSchema);

/** A destination to list packages for: a country (ISO2) or a region; null lists every destination. */
export type PackageFilter = { readonly country: string } | { readonly region: string } | null;

function packagesPath(filter: PackageFilter): string {
  if (!filter) return '/api/esim/packages';
  const params = new URLSearchParams('country' in filter ? { country: filter.country } : { region: filter.region });
  return `/api/esim/packages?${params.toString()}`;
}

export function getPackages(filter: PackageFilter, signal?: AbortSignal): Promise<PublicEsimPackage[]> {
  return apiRequest(packagesPath(filter), { schema: packageListSchema, signal });
}

export function packagesQueryOptions(filter: PackageFilter) {
  return queryOptions({
    queryKey: ['esim', 'packages', filter],
    queryFn: ({ signal }) => getPackages(filter, signal),
    // The server revalidates by ETag; prices change with a catalogue sync, not by the minute.
    staleTime: 60_000,
  });
}

/** Packages for one destination, or (null) each destination with its cheapest package. */
export function usePackages(filter: PackageFilter) {
  return useQuery(packagesQueryOptions(filter));
}
