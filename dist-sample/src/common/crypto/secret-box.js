import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import { SEALED_COLUMNS } from './sealed-columns.js';
/** A stored secret that does not open here (the message says why, never what it holds). */
export class SecretUnreadable extends Error {
    constructor() {
        super(...arguments);
        this.name = 'SecretUnreadable';
    }
}
const FORMAT = 'v2';
const HKDF_SALT = 'foliodesk-secret-box-v2';
const IV_BYTES = 12;
const TAG_BYTES = 16;
/**
 * AES-256-GCM for secrets at rest. Each purpose (SEALED_COLUMNS) has a key of its own, derived with
 * HKDF-SHA256 from APP_ENCRYPTION_KEY, and each value is bound to its row: the associated data is
 * `table:column:id:tenant`, so a value copied to another row, tenant or column does not open.
 *
 * Stored form: `v2:<kid>:<iv>:<ciphertext>:<tag>`, the last three in base64url. `kid` names the master
 * key it was sealed under, so values sealed under a key listed in APP_ENCRYPTION_KEYS_PREVIOUS still
 * open until `npm run keys:rotate` re-seals them under the current key.
 *
 * Values sealed before (`v1.<iv>.<tag>.<ciphertext>`: one key for every purpose, no row binding) still
 * open, under any configured key, and are re-sealed by the rotation, until SECRETS_ACCEPT_LEGACY=false:
 * then they open nowhere, so a first-format value from an old backup cannot be planted in any row.
 */
export class SecretBox {
    constructor(keys) {
        this.derived = new Map();
        this.acceptLegacy = keys.acceptLegacy ?? true;
        this.keys = [keys.encryptionKey, ...keys.previousEncryptionKeys].map((secret) => ({ secret, kid: keyId(secret) }));
        this.current = this.keys[0];
    }
    /** The id of APP_ENCRYPTION_KEY, as carried in the values it seals. */
    get currentKeyId() {
        return this.current.kid;
    }
    seal(purpose, row, plain) {
        const iv = randomBytes(IV_BYTES);
        const cipher = createCipheriv('aes-256-gcm', this.keyFor(this.current, purpose), iv, { authTagLength: TAG_BYTES });
        cipher.setAAD(associatedData(purpose, row));
        const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
        return [FORMAT, this.current.kid, iv.toString('base64url'), data.toString('base64url'), cipher.getAuthTag().toString('base64url')].join(':');
    }
    /** The secret sealed for this purpose and row; SecretUnreadable when it was sealed for another, altered, or under an unknown key. */
    open(purpose, row, sealed) {
        if (isLegacy(sealed)) {
            if (!this.acceptLegacy)
                throw new SecretUnreadable('sealed in the first format (not bound to its row), which SECRETS_ACCEPT_LEGACY=false no longer opens');
            return this.openLegacy(sealed);
        }
        const parts = sealed.split(':');
        const [, kid, iv, data, tag] = parts;
        // The key id is echoed in messages, so only the form a key id has is taken from the database.
        if (parts.length !== 5 || parts[0] !== FORMAT || !/^[A-Za-z0-9_-]{8}$/.test(kid))
            throw new SecretUnreadable('not a sealed value');
        const master = this.keys.find((k) => k.kid === kid);
        if (!master)
            throw new SecretUnreadable(`sealed under key ${kid}, which is neither APP_ENCRYPTION_KEY nor in APP_ENCRYPTION_KEYS_PREVIOUS`);
        return decrypt(this.keyFor(master, purpose), iv, tag, data, associatedData(purpose, row), 'sealed for another record or purpose, or altered');
    }
    /**
     * The secret, or null when it does not open for this row: logged (purpose, row and why; never the
     * value) so an operator sees it, while the caller answers what its feature answers without it.
     */
    openOrNull(purpose, row, sealed, logger) {
        try {
            return this.open(purpose, row, sealed);
        }
        catch (error) {
            if (!(error instanceof SecretUnreadable))
                throw error;
            logger.warn({ purpose, tenantId: row.tenantId, rowId: row.id, reason: error.message }, 'a sealed secret does not open');
            return null;
        }
    }
    /** Whether a stored value is sealed in the current format under APP_ENCRYPTION_KEY (the rotation skips those). */
    isCurrent(sealed) {
        return sealed.startsWith(`${FORMAT}:${this.current.kid}:`);
    }
    /** The first format: one SHA-256-derived key for all purposes, no associated data. */
    openLegacy(sealed) {
        const [, iv, tag, data, extra] = sealed.split('.');
        if (!iv || !tag || data === undefined || extra !== undefined)
            throw new SecretUnreadable('not a sealed value');
        for (const { secret } of this.keys) {
            const key = createHash('sha256').update(`foliodesk-secret-box:${secret}`).digest();
            try {
                return decrypt(key, iv, tag, data, null, '');
            }
            catch {
                // Sealed under another of the configured keys, or under none of them.
            }
        }
        throw new SecretUnreadable('sealed in the first format under a key that is not configured, or altered');
    }
    keyFor(master, purpose) {
        const name = `${master.kid}:${purpose}`;
        let key = this.derived.get(name);
        if (!key) {
            key = Buffer.from(hkdfSync('sha256', master.secret, HKDF_SALT, `foliodesk/${purpose}`, 32));
            this.derived.set(name, key);
        }
        return key;
    }
}
/** The first format's prefix (`v1.`: one key for everything, not bound to its row). */
export const LEGACY_PREFIX = 'v1.';
/** Whether a stored value is in the first format. */
export const isLegacy = (sealed) => sealed.startsWith(LEGACY_PREFIX);
/** The id a key is named by in sealed values: 6 bytes of HKDF output, base64url. */
export function keyId(secret) {
    return Buffer.from(hkdfSync('sha256', secret, HKDF_SALT, 'foliodesk/key-id', 6)).toString('base64url');
}
/** `table:column:id:tenant` of the row a value belongs to. */
function associatedData(purpose, row) {
    const { table, column } = SEALED_COLUMNS[purpose];
    if (!row.id || !row.tenantId || row.id.includes(':') || row.tenantId.includes(':')) {
        throw new Error(`a sealed ${purpose} needs the id and tenant of its row (without ':')`);
    }
    return Buffer.from(`${table}:${column}:${row.id}:${row.tenantId}`, 'utf8');
}
function decrypt(key, iv, tag, data, aad, refusal) {
    const ivBytes = Buffer.from(iv, 'base64url');
    const tagBytes = Buffer.from(tag, 'base64url');
    if (ivBytes.length !== IV_BYTES || tagBytes.length !== TAG_BYTES)
        throw new SecretUnreadable('not a sealed value');
    try {
        const decipher = createDecipheriv('aes-256-gcm', key, ivBytes, { authTagLength: TAG_BYTES });
        if (aad)
            decipher.setAAD(aad);
        decipher.setAuthTag(tagBytes);
        return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    }
    catch {
        throw new SecretUnreadable(refusal);
    }
}
//# sourceMappingURL=secret-box.js.map