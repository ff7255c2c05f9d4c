import { createCipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { SEALED_COLUMNS, type SealPurpose } from '../../../src/common/crypto/sealed-columns.js';
import { keyId, SecretBox, SecretUnreadable } from '../../../src/common/crypto/secret-box.js';
import { legacySeal } from '../../support/sealed.js';

const OLD_KEY = 'an-old-encryption-key-0123456789abcdef-old';
const NEW_KEY = 'the-new-encryption-key-0123456789abcdef-new';
const ROW = { id: 'whk_0123456789abcdef01234567', tenantId: 'tnt_acme0123456789abcdef0123' };
const SECRET = 'whsec_the-signing-secret-0123';

const box = (current: string, ...previous: string[]) => new SecretBox({ encryptionKey: current, previousEncryptionKeys: previous });

/** A v2 value written by hand from the documented derivation, with a chosen key and associated data. */
function handSealed(key: Buffer, kid: string, aad: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(aad));
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v2', kid, iv.toString('base64url'), data.toString('base64url'), cipher.getAuthTag().toString('base64url')].join(':');
}
const purposeKey = (secret: string, purpose: SealPurpose) => Buffer.from(hkdfSync('sha256', secret, 'foliodesk-secret-box-v2', `foliodesk/${purpose}`, 32));
const unreadable = (open: () => unknown) => {
  try {
    open();
  } catch (error) {
    return error;
  }
  throw new Error('it opened');
};

describe('SecretBox', () => {
  describe('the stored form', () => {
    it('is v2:<kid>:<iv>:<ciphertext>:<tag>, base64url, with a fresh IV each time, and opens back', () => {
      const b = box(NEW_KEY);
      const sealed = b.seal('webhook-secret', ROW, SECRET);
      expect(sealed).toMatch(/^v2:[A-Za-z0-9_-]{8}:[A-Za-z0-9_-]{16}:[A-Za-z0-9_-]+:[A-Za-z0-9_-]{22}$/);
      expect(sealed.split(':')[1]).toBe(keyId(NEW_KEY));
      expect(b.currentKeyId).toBe(keyId(NEW_KEY));
      expect(sealed).not.toContain(SECRET);
      expect(b.seal('webhook-secret', ROW, SECRET)).not.toBe(sealed);
      expect(b.open('webhook-secret', ROW, sealed)).toBe(SECRET);
      expect(b.open('pdf-password', ROW, b.seal('pdf-password', ROW, 'pässwörd ₹ 0'))).toBe('pässwörd ₹ 0');
    });

    it('is what the documented derivation gives: HKDF-SHA256 key per purpose, associated data table:column:id:tenant', () => {
      const { table, column } = SEALED_COLUMNS['sso-client-secret'];
      const row = { id: ROW.tenantId, tenantId: ROW.tenantId };
      const sealed = handSealed(purposeKey(NEW_KEY, 'sso-client-secret'), keyId(NEW_KEY), `${table}:${column}:${row.id}:${row.tenantId}`, 'client-secret');
      expect(box(NEW_KEY).open('sso-client-secret', row, sealed)).toBe('client-secret');
    });

    it.each([
      { name: 'no prefix', value: 'garbage' },
      { name: 'unknown version', value: 'v3:abcdefgh:AAAAAAAAAAAAAAAA:AAAA:AAAAAAAAAAAAAAAAAAAAAA' },
      { name: 'a part missing', value: 'v2:abcdefgh:AAAAAAAAAAAAAAAA:AAAA' },
      { name: 'a key id of another form', value: 'v2:abc\ndef:AAAAAAAAAAAAAAAA:AAAA:AAAAAAAAAAAAAAAAAAAAAA' },
      { name: 'a short tag', value: (b: SecretBox) => b.seal('webhook-secret', ROW, SECRET).replace(/:[^:]+$/, ':AAAA') },
      { name: 'a changed ciphertext', value: (b: SecretBox) => b.seal('webhook-secret', ROW, SECRET).replace(/:([^:]+):([^:]+)$/, (_m, data: string, tag: string) => `:${flip(data)}:${tag}`) },
      { name: 'a truncated first-format value', value: 'v1.AAAA.BBBB' },
    ])('refuses $name with SecretUnreadable', ({ value }) => {
      const b = box(NEW_KEY);
      const sealed = typeof value === 'string' ? value : value(b);
      expect(unreadable(() => b.open('webhook-secret', ROW, sealed))).toBeInstanceOf(SecretUnreadable);
    });
  });

  describe('keys per purpose (HKDF)', () => {
    it('derives a different key for each purpose', () => {
      const keys = (Object.keys(SEALED_COLUMNS) as SealPurpose[]).map((p) => purposeKey(NEW_KEY, p).toString('hex'));
      expect(new Set(keys).size).toBe(keys.length);
    });

    it('a value sealed for one purpose does not open for another, even with that purpose’s associated data', () => {
      const b = box(NEW_KEY);
      expect(unreadable(() => b.open('pdf-password', ROW, b.seal('webhook-secret', ROW, SECRET)))).toBeInstanceOf(SecretUnreadable);
      // Sealed under the webhook key but claiming to be a PDF password's row: the key alone refuses it.
      const { table, column } = SEALED_COLUMNS['pdf-password'];
      const forged = handSealed(purposeKey(NEW_KEY, 'webhook-secret'), keyId(NEW_KEY), `${table}:${column}:${ROW.id}:${ROW.tenantId}`, SECRET);
      expect(unreadable(() => b.open('pdf-password', ROW, forged))).toBeInstanceOf(SecretUnreadable);
    });
  });

  describe('bound to its row (associated data)', () => {
    const b = box(NEW_KEY);
    const sealed = b.seal('webhook-secret', ROW, SECRET);
    it.each([
      { name: 'another row of the tenant', row: { ...ROW, id: 'whk_ffffffffffffffffffffffff' } },
      { name: 'the same id in another tenant', row: { ...ROW, tenantId: 'tnt_rival0123456789abcdef012' } },
    ])('does not open for $name', ({ row }) => {
      const error = unreadable(() => b.open('webhook-secret', row, sealed));
      expect(error).toBeInstanceOf(SecretUnreadable);
      expect((error as Error).message).toMatch(/another record or purpose/);
    });

    it('refuses to seal without a row, or with an id that could blur the binding', () => {
      expect(() => b.seal('webhook-secret', { id: '', tenantId: ROW.tenantId }, SECRET)).toThrow(/id and tenant/);
      expect(() => b.seal('webhook-secret', { id: 'a:b', tenantId: ROW.tenantId }, SECRET)).toThrow(/id and tenant/);
    });
  });

  describe('key ids and rotation', () => {
    it('seals under APP_ENCRYPTION_KEY and still opens what a previous key sealed, choosing it by its id', () => {
      const old = box(OLD_KEY).seal('webhook-secret', ROW, SECRET);
      const rotated = box(NEW_KEY, OLD_KEY);
      expect(rotated.open('webhook-secret', ROW, old)).toBe(SECRET);
      expect(rotated.isCurrent(old)).toBe(false);
      const resealed = rotated.seal('webhook-secret', ROW, rotated.open('webhook-secret', ROW, old));
      expect(resealed.split(':')[1]).toBe(keyId(NEW_KEY));
      expect(rotated.isCurrent(resealed)).toBe(true);
      expect(box(NEW_KEY).open('webhook-secret', ROW, resealed)).toBe(SECRET);
    });

    it('names the missing key by its id, never the value, when a key is no longer configured', () => {
      const old = box(OLD_KEY).seal('webhook-secret', ROW, SECRET);
      const error = unreadable(() => box(NEW_KEY).open('webhook-secret', ROW, old)) as Error;
      expect(error).toBeInstanceOf(SecretUnreadable);
      expect(error.message).toContain(keyId(OLD_KEY));
      expect(error.message).not.toContain(SECRET);
      expect(error.message).not.toContain(old.split(':')[3]);
    });

    it('gives different keys different ids, and a key the same id every time', () => {
      expect(keyId(OLD_KEY)).not.toBe(keyId(NEW_KEY));
      expect(keyId(NEW_KEY)).toBe(keyId(NEW_KEY));
      expect(keyId(NEW_KEY)).not.toContain(NEW_KEY.slice(0, 4));
    });
  });

  describe('values sealed in the first format', () => {
    it('open under APP_ENCRYPTION_KEY or a previous key, and are not current', () => {
      const legacy = legacySeal(OLD_KEY, SECRET);
      expect(box(OLD_KEY).open('webhook-secret', ROW, legacy)).toBe(SECRET);
      expect(box(NEW_KEY, OLD_KEY).open('webhook-secret', ROW, legacy)).toBe(SECRET);
      expect(box(OLD_KEY).isCurrent(legacy)).toBe(false);
    });

    it('do not open once their key is gone', () => {
      expect(unreadable(() => box(NEW_KEY).open('webhook-secret', ROW, legacySeal(OLD_KEY, SECRET)))).toBeInstanceOf(SecretUnreadable);
    });

    it('open in any row or tenant (they carry no binding), until SECRETS_ACCEPT_LEGACY=false: then in none', () => {
      const legacy = legacySeal(NEW_KEY, SECRET);
      const elsewhere = { id: 'whk_other', tenantId: 'tnt_rival0123456789abcdef012' };
      expect(box(NEW_KEY).open('webhook-secret', elsewhere, legacy)).toBe(SECRET);
      expect(box(NEW_KEY).open('pdf-password', elsewhere, legacy)).toBe(SECRET);
      const strict = new SecretBox({ encryptionKey: NEW_KEY, previousEncryptionKeys: [OLD_KEY], acceptLegacy: false });
      for (const row of [ROW, elsewhere]) {
        const refused = unreadable(() => strict.open('webhook-secret', row, legacy));
        expect(refused).toBeInstanceOf(SecretUnreadable);
        expect((refused as Error).message).toMatch(/first format .* SECRETS_ACCEPT_LEGACY=false/);
      }
      // Values in the current form are unaffected.
      expect(strict.open('webhook-secret', ROW, strict.seal('webhook-secret', ROW, SECRET))).toBe(SECRET);
    });
  });

  describe('openOrNull', () => {
    it('answers null and logs the row and the reason, never the secret or its sealed form', () => {
      const lines: unknown[] = [];
      const logger = { warn: (...args: unknown[]) => void lines.push(args) };
      const sealed = box(NEW_KEY).seal('webhook-secret', ROW, SECRET);
      const other = { ...ROW, tenantId: 'tnt_rival0123456789abcdef012' };
      expect(box(NEW_KEY).openOrNull('webhook-secret', other, sealed, logger as never)).toBeNull();
      expect(box(NEW_KEY).openOrNull('webhook-secret', ROW, sealed, logger as never)).toBe(SECRET);
      expect(lines).toHaveLength(1);
      const logged = JSON.stringify(lines);
      expect(logged).toContain(other.tenantId);
      expect(logged).toContain('webhook-secret');
      expect(logged).not.toContain(SECRET);
      expect(logged).not.toContain(sealed.split(':')[3]);
    });
  });
});

function flip(base64url: string): string {
  const bytes = Buffer.from(base64url, 'base64url');
  bytes[0] ^= 1;
  return bytes.toString('base64url');
}
