import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { Readable, Transform } from 'node:stream';
/**
 * The document store: an object store holding originals (`<tenant id>/<document id>.pdf`), the
 * layouts drawn from them (`….layout.zip`) and produced reports (`<tenant id>/reports/<report id>.<ext>`).
 * Keys are made by Foliodesk (see the helpers below), never from a client's file name, and always start
 * with the tenant's id. Two drivers (STORAGE_DRIVER): `fs`, files under STORAGE_DIR (LocalDiskStorage),
 * and `s3`, an S3-compatible bucket (S3Storage). Both answer the same contract (test/service/storage-contract).
 *
 * What a caller may rely on with either driver:
 * - `put` stores an object whole or not at all: a reader never sees half of it, and a failed put leaves
 *   nothing under the key (it may leave the previous object there).
 * - A row that names an object is committed only after `put` succeeded; an object whose row never
 *   committed (the process died in between) is removed by the store sweep (StoreSweeper) once older than
 *   STORE_SWEEP_GRACE_MS. Deleting is the other way round: the row first, then the object.
 * - A store that cannot be reached rejects with StorageUnavailable (503 STORAGE_UNAVAILABLE); an object
 *   that is not there rejects with StoredObjectMissing (410 FILE_NOT_STORED when a row names it): the two
 *   are never confused.
 */
export class DocumentStorage {
    /**
     * The whole object in memory, for what needs all of it at once: the PDF engine (which hands the bytes
     * to its reader process), a layout zip, a report. Rejects with StoredObjectMissing when there is none.
     */
    async getBytes(key) {
        const chunks = [];
        for await (const chunk of await this.get(key))
            chunks.push(chunk);
        return Buffer.concat(chunks);
    }
    /** `getBytes`, or null when there is no such object. */
    async getAll(key) {
        try {
            return await this.getBytes(key);
        }
        catch (error) {
            if (error instanceof StoredObjectMissing)
                return null;
            throw error;
        }
    }
}
/** A body as a stream (bytes in memory are not copied). */
export function bodyStream(body) {
    if ('file' in body)
        return createReadStream(body.file);
    if ('stream' in body)
        return body.stream;
    return Readable.from([Buffer.from(body.bytes.buffer, body.bytes.byteOffset, body.bytes.byteLength)]);
}
/**
 * No object under the key (code ENOENT, as the local disk says it), from either driver alike. Where a
 * row still names the object (it was removed behind the service's back), requests answer 410
 * FILE_NOT_STORED and the server logs a warning with the key.
 */
export class StoredObjectMissing extends Error {
    constructor(key) {
        super(`no stored object ${key}`);
        this.key = key;
        this.name = 'StoredObjectMissing';
        this.code = 'ENOENT';
    }
}
/** The body given to `put` is not the size or the SHA-256 it was said to be; nothing was stored. */
export class StoredObjectMismatch extends Error {
    constructor() {
        super(...arguments);
        this.name = 'StoredObjectMismatch';
    }
}
/**
 * The store cannot be reached or does not answer (network, timeouts, 5xx, throttling): requests answer
 * 503 STORAGE_UNAVAILABLE, pipeline stages retry later.
 */
export class StorageUnavailable extends Error {
    constructor() {
        super(...arguments);
        this.name = 'StorageUnavailable';
    }
}
/** Every key the store holds: `<tenant>/<name>.pdf`, `<tenant>/<name>.layout.zip`, `<tenant>/reports/<name>.(csv|xlsx|json|pdf)`. */
const SAFE_KEY = /^[A-Za-z0-9_-]+\/(?:[A-Za-z0-9_-]+\.(?:pdf|layout\.zip)|reports\/[A-Za-z0-9_-]+\.(?:csv|xlsx|json|pdf))$/;
/** Refuses a key Foliodesk does not make (a path escape, another shape) before any driver uses it. */
export function assertStorageKey(key) {
    if (!SAFE_KEY.test(key))
        throw new Error(`unsafe storage key: ${key}`);
    return key;
}
/** Whether the store may hold `key` (objects of other shapes are not listed). */
export function isStorageKey(key) {
    return SAFE_KEY.test(key);
}
/** The key of a document's original. */
export const originalKeyOf = (tenantId, documentId) => `${tenantId}/${documentId}.pdf`;
/** Where a document's rendered layout is kept: beside its original, removed with it. */
export const layoutKeyOf = (storageKey) => storageKey.replace(/\.pdf$/, '.layout.zip');
/** The key of a produced report. */
export const reportStorageKey = (tenantId, reportId, extension) => `${tenantId}/reports/${reportId}.${extension}`;
/**
 * A pass-through that counts and hashes what flows through it and fails the stream at its end when
 * the body is not `expected` (so a driver never completes a write of the wrong bytes).
 */
export function verifying(key, expected) {
    const hash = expected.sha256 ? createHash('sha256') : null;
    let size = 0;
    return new Transform({
        transform(chunk, _encoding, done) {
            size += chunk.length;
            hash?.update(chunk);
            if (size > expected.size)
                return done(new StoredObjectMismatch(`${key}: more than the ${expected.size} bytes expected`));
            done(null, chunk);
        },
        flush(done) {
            if (size !== expected.size)
                return done(new StoredObjectMismatch(`${key}: ${size} bytes, ${expected.size} expected`));
            const sha256 = hash?.digest('hex');
            if (sha256 && sha256 !== expected.sha256)
                return done(new StoredObjectMismatch(`${key}: SHA-256 ${sha256}, ${expected.sha256} expected`));
            done();
        },
    });
}
//# sourceMappingURL=document-storage.js.map