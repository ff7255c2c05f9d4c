import { DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, HeadObjectCommand, paginateListObjectsV2, S3Client, } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { assertStorageKey, bodyStream, DocumentStorage, isStorageKey, StorageUnavailable, StoredObjectMismatch, StoredObjectMissing, verifying } from './document-storage.js';
/** How long the readiness check waits for HeadBucket. */
const CHECK_TIMEOUT_MS = 1500;
/** Parts of one upload in flight at once: an upload holds at most this many parts in memory. */
const PARTS_IN_FLIGHT = 2;
/**
 * The `s3` driver: each object at `<S3_PREFIX>/<key>` in S3_BUCKET of an S3-compatible store, through
 * the AWS SDK v3 with credentials from its default chain (environment, shared files, web identity,
 * container and instance roles). Bodies stream both ways: a write goes up as one PutObject, or as a
 * multipart upload in S3_PART_SIZE_BYTES parts once larger (lib-storage's Upload, which aborts the
 * multipart upload when the body or the store fails, so a failed write leaves no object); S3 makes an
 * object visible only once its write completed. Every write asks for S3_SSE. Checksums are computed and
 * validated only where an operation requires them (`WHEN_REQUIRED`), as many S3-compatible stores do
 * not accept the SDK's default CRC32 trailers. What the store answers with an error (unreachable,
 * throttling, 5xx, a missing bucket, refused credentials) rejects with StorageUnavailable.
 */
export class S3Storage extends DocumentStorage {
    constructor(settings, 
    /** Overrides of the client's configuration (tests add credentials of a local store). */
    overrides = {}) {
        super();
        this.settings = settings;
        this.driver = 's3';
        this.bucket = settings.bucket;
        this.prefix = settings.prefix ? `${settings.prefix}/` : '';
        this.encryption = settings.sse ? { ServerSideEncryption: settings.sse, ...(settings.kmsKeyId ? { SSEKMSKeyId: settings.kmsKeyId } : {}) } : {};
        this.client = new S3Client({
            region: settings.region,
            ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
            forcePathStyle: settings.forcePathStyle,
            requestChecksumCalculation: 'WHEN_REQUIRED',
            responseChecksumValidation: 'WHEN_REQUIRED',
            // A connection not made, or a socket silent, this long fails the attempt (the SDK tries 3 times).
            requestHandler: { connectionTimeout: settings.timeoutMs, socketTimeout: settings.timeoutMs },
            ...overrides,
        });
    }
    objectKey(key) {
        return this.prefix + assertStorageKey(key);
    }
    async put(key, body, expected) {
        const source = bodyStream(body);
        const checked = source.pipe(verifying(key, expected));
        // The source's own failure (a read error, a client gone) fails the body too, so the upload aborts.
        source.once('error', (error) => checked.destroy(error));
        let bodyFailure = null;
        checked.once('error', (error) => (bodyFailure = error));
        const upload = new Upload({
            client: this.client,
            params: {
                Bucket: this.bucket,
                Key: this.objectKey(key),
                Body: checked,
                ContentType: contentTypeOf(key),
                ...(expected.sha256 ? { Metadata: { sha256: expected.sha256 } } : {}),
                ...this.encryption,
            },
            partSize: this.settings.partSizeBytes,
            queueSize: PARTS_IN_FLIGHT,
            leavePartsOnError: false,
        });
        try {
            await upload.done();
        }
        catch (error) {
            source.destroy();
            if (bodyFailure instanceof StoredObjectMismatch)
                throw bodyFailure;
            if (error instanceof StoredObjectMismatch)
                throw error;
            throw unavailable(error, `storing ${key}`);
        }
    }
    async get(key) {
        try {
            const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
            return answer.Body;
        }
        catch (error) {
            if (isMissing(error))
                throw new StoredObjectMissing(key);
            throw unavailable(error, `reading ${key}`);
        }
    }
    async stat(key) {
        try {
            const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
            return { key, size: head.ContentLength ?? 0, modifiedAt: head.LastModified ?? new Date(0) };
        }
        catch (error) {
            if (isMissing(error))
                return null;
            throw unavailable(error, `looking up ${key}`);
        }
    }
    async delete(key) {
        try {
            await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
        }
        catch (error) {
            if (isMissing(error))
                return;
            throw unavailable(error, `removing ${key}`);
        }
    }
    async *list(prefix) {
        const pages = paginateListObjectsV2({ client: this.client, pageSize: 1000 }, { Bucket: this.bucket, Prefix: this.prefix + prefix });
        try {
            for await (const page of pages) {
                for (const object of page.Contents ?? []) {
                    const key = object.Key?.slice(this.prefix.length);
                    // Objects this service does not make (another application's, under the same prefix) are not listed.
                    if (!key || !object.Key?.startsWith(this.prefix) || !isStorageKey(key))
                        continue;
                    yield { key, size: object.Size ?? 0, modifiedAt: object.LastModified ?? new Date(0) };
                }
            }
        }
        catch (error) {
            throw unavailable(error, `listing ${prefix || 'the store'}`);
        }
    }
    async check() {
        try {
            await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }), { abortSignal: AbortSignal.timeout(CHECK_TIMEOUT_MS) });
        }
        catch (error) {
            throw unavailable(error, `HeadBucket ${this.bucket}`);
        }
    }
}
function isMissing(error) {
    const e = error;
    return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || (e?.$metadata?.httpStatusCode === 404 && e?.name !== 'NoSuchBucket');
}
/** An error of the store as StorageUnavailable, keeping it as the cause (logged, never answered). */
function unavailable(error, what) {
    if (error instanceof StorageUnavailable)
        return error;
    const e = error;
    const status = e?.$metadata?.httpStatusCode;
    return new StorageUnavailable(`The document store failed ${what}: ${e?.name ?? 'Error'}${status ? ` (HTTP ${status})` : ''}: ${e?.message ?? String(error)}`, { cause: error });
}
function contentTypeOf(key) {
    if (key.endsWith('.pdf'))
        return 'application/pdf';
    if (key.endsWith('.zip'))
        return 'application/zip';
    if (key.endsWith('.csv'))
        return 'text/csv';
    if (key.endsWith('.json'))
        return 'application/json';
    if (key.endsWith('.xlsx'))
        return 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    return 'application/octet-stream';
}
//# sourceMappingURL=s3-storage.js.map