import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Bound into every ciphertext: a value copied from another column or table does not decrypt. */
const AAD = Buffer.from('openline:license-key:v1');

/**
 * License keys at rest (ADR 079): AES-256-GCM, authenticated, a fresh IV per key, under a key
 * derived from LICENSE_KEY_SECRET; the duplicate check uses an HMAC under a second derived key, so
 * the stored hash says nothing without the secret and the plaintext is never compared or indexed.
 */
export function createKeyVault(secret: string) {
  const master = Buffer.from(secret, 'utf8');
  const derive = (info: string) => Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), info, 32));
  const encryptionKey = derive('openline license keys: encryption');
  const hashKey = derive('openline license keys: duplicate hash');

  return {
    encrypt(plain: string): string {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', encryptionKey, iv);
      cipher.setAAD(AAD);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
    },
    /** The key, or a throw when the stored value was altered or encrypted under another secret. */
    decrypt(stored: string): string {
      const [version, data] = stored.split(':');
      if (version !== VERSION || !data) throw new Error('license key: unknown format');
      const bytes = Buffer.from(data, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', encryptionKey, bytes.subarray(0, IV_BYTES));
      decipher.setAAD(AAD);
      decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    },
    hash(plain: string): string {
      return createHmac('sha256', hashKey).update(plain, 'utf8').digest('hex');
    },
  };
}

export type KeyVault = ReturnType<typeof createKeyVault>;
