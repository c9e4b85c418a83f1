import { describe, expect, it } from 'vitest';
import { shortId } from './short-id.ts';

describe('shortId', () => {
  it.each([
    ['a1b2c3d4-e5f6-4789-8abc-def012345678', 'a1b2c3d4'],
    ['A1B2C3D4-E5F6-4789-8ABC-DEF012345678', 'a1b2c3d4'],
    ['0f9e8d7c-0000-4000-8000-000000000000', '0f9e8d7c'],
    // What id.slice(0, 8) gave the service-request mails: the same for every UUID.
    ['12345678-9abc-4def-8123-456789abcdef', '12345678'],
  ])('shortId(%j) → %j', (uuid, expected) => {
    expect(shortId(uuid)).toBe(expected);
  });
});
