import { createCipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * A secret sealed in the first stored form, as the service wrote it before keys per purpose and row
 * binding: `v1.<iv>.<tag>.<ciphertext>` (base64url), AES-256-GCM under SHA-256("foliodesk-secret-box:" + key).
 */
export function legacySeal(encryptionKey: string, plain: string): string {
  const key = createHash('sha256').update(`foliodesk-secret-box:${encryptionKey}`).digest();
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), data].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
}
