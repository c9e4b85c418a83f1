import { describe, expect, it } from 'vitest';
import { CATALOG_SYNC_LIMIT, catalogSyncSchema } from './catalog-sync.ts';

describe('catalogSyncSchema', () => {
  it('asks for 300 services unless told otherwise', () => {
    expect(CATALOG_SYNC_LIMIT).toBe(300);
    expect(catalogSyncSchema.parse({})).toEqual({ limit: 300 });
  });
});
