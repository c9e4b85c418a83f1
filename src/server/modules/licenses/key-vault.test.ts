import { describe, expect, it } from 'vitest';
import { createKeyVault } from './key-vault.ts';

describe('the license key vault', () => {
  const vault = createKeyVault('a-secret-of-at-least-thirty-two-characters');

  it('encrypts each key with a fresh IV and reads it back', () => {
    const one = vault.encrypt('AAAAA-BBBBB-CCCCC');
    const two = vault.encrypt('AAAAA-BBBBB-CCCCC');
    expect(one).not.toBe(two);
    expect(one).not.toContain('AAAAA');
    expect(vault.decrypt(one)).toBe('AAAAA-BBBBB-CCCCC');
  });

  it('refuses a ciphertext altered by one bit, or made under another secret', () => {
    const stored = vault.encrypt('AAAAA-BBBBB-CCCCC');
    const bytes = Buffer.from(stored.slice(3), 'base64url');
    bytes[bytes.length - 1] = (bytes.at(-1) ?? 0) ^ 1;
    expect(() => vault.decrypt(`v1:${bytes.toString('base64url')}`)).toThrow();
    expect(() => createKeyVault('another-secret-of-thirty-two-characters!').decrypt(stored)).toThrow();
    expect(() => vault.decrypt('v0:abc')).toThrow(/unknown format/);
  });

  it('hashes a key the same way every time, differently under another secret, never as a plain digest', () => {
    expect(vault.hash('AAAAA')).toBe(vault.hash('AAAAA'));
    expect(vault.hash('AAAAA')).not.toBe(vault.hash('AAAAB'));
    expect(createKeyVault('another-secret-of-thirty-two-characters!').hash('AAAAA')).not.toBe(vault.hash('AAAAA'));
  });
});
