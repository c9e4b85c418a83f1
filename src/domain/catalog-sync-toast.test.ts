import { describe, expect, it } from 'vitest';
import { catalogSyncToast, type CatalogSyncOutcome } from './catalog-sync-toast.ts';

describe('catalogSyncToast', () => {
  it.each<{ outcome: CatalogSyncOutcome; tone: string; title: string; description: string }>([
    {
      outcome: { kind: 'synced', inserted: 0, updated: 180, deactivated: 0 },
      tone: 'success',
      title: 'Catalog synced',
      description: 'Inserted 0 items, updated 180, deactivated 0',
    },
    {
      outcome: { kind: 'synced', inserted: 42, updated: 3, deactivated: 2 },
      tone: 'success',
      title: 'Catalog synced',
      description: 'Inserted 42 items, updated 3, deactivated 2',
    },
    {
      outcome: { kind: 'failed', message: 'Please sign in to continue.' },
      tone: 'destructive',
      title: 'Catalog sync failed',
      description: 'Please sign in to continue.',
    },
    {
      outcome: { kind: 'error', message: 'Network down' },
      tone: 'destructive',
      title: 'Catalog sync error',
      description: 'Network down',
    },
    { outcome: { kind: 'error' }, tone: 'destructive', title: 'Catalog sync error', description: 'Unexpected error' },
    {
      outcome: { kind: 'error', message: '  ' },
      tone: 'destructive',
      title: 'Catalog sync error',
      description: 'Unexpected error',
    },
  ])('$outcome.kind → $title / $description', ({ outcome, tone, title, description }) => {
    expect(catalogSyncToast(outcome)).toEqual({ tone, title, description });
  });
});
