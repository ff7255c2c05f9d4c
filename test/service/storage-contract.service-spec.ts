// The document store's contract (DocumentStorage), run against both drivers: `fs` on a temporary
// directory, and `s3` against s3rver, an S3-compatible server from npm that this test starts on
// loopback as the stand-in for cloud S3 (which lies outside this machine). s3rver does not check
// server-side encryption, so the SSE headers are checked on the requests the SDK sends (a middleware
// of the driver's own client records them on their way out).
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DocumentStorage, StorageUnavailable, StoredObjectMismatch, StoredObjectMissing } from '../../src/modules/nexus/storage/document-storage.js';
import { LocalDiskStorage } from '../../src/modules/nexus/storage/local-disk-storage.js';
import { S3Storage } from '../../src/modules/nexus/storage/s3-storage.js';
import { S3Stand } from '../support/s3-store.js';

const PART = 5 * 1024 * 1024;
const tenant = () => `ten_${randomBytes(12).toString('hex')}`;
const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function keysOf(storage: DocumentStorage, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of storage.list(prefix)) keys.push(object.key);
  return keys.sort();
}

interface Recorded {
  command: string;
  headers: Record<string, string>;
}

let scratch: string;
const stand = new S3Stand();
const sent: Recorded[] = [];

/** An s3 driver on the stand whose client records every request's command and headers. */
function recordingS3(overrides: Parameters<S3Stand['settings']>[0] = {}): S3Storage {
  const storage = new S3Storage(stand.settings(overrides), { credentials: S3Stand.credentials, maxAttempts: 1 });
  storage.client.middlewareStack.add(
    (next, context) => async (args) => {
      sent.push({ command: String(context.commandName), headers: { ...(args.request as { headers: Record<string, string> }).headers } });
      return next(args);
    },
    { step: 'finalizeRequest', name: 'recordRequests' },
  );
  return storage;
}

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'foliodesk-contract-'));
  await stand.start();
});
afterAll(async () => {
  await stand.destroy();
  await rm(scratch, { recursive: true, force: true });
});

const drivers: Array<[string, () => Promise<DocumentStorage>]> = [
  ['fs', async () => new LocalDiskStorage(await mkdtemp(join(scratch, 'store-')))],
  ['s3', async () => recordingS3()],
];

describe.each(drivers)('the document store contract on the %s driver', (driver, create) => {
  let storage: DocumentStorage;
  let large: { path: string; data: Buffer };

  beforeAll(async () => {
    storage = await create();
    // Larger than two multipart parts, so the s3 driver uploads it in three.
    const data = randomBytes(2 * PART + 123_457);
    const path = join(scratch, `${randomUUID()}.bin`);
    await writeFile(path, data);
    large = { path, data };
  });

  it('answers the driver it is, and that the store is ready', async () => {
    expect(storage.driver).toBe(driver);
    await expect(storage.check()).resolves.toBeUndefined();
  });

  it('puts, gets, stats and deletes an object; deleting it again succeeds', async () => {
    const key = `${tenant()}/${randomUUID()}.pdf`;
    const body = Buffer.from('%PDF-1.7 a small original');
    const before = Date.now();
    await storage.put(key, { bytes: body }, { size: body.length, sha256: sha256(body) });
    expect(Buffer.compare(await bytesOf(await storage.get(key)), body)).toBe(0);
    const info = await storage.stat(key);
    expect(info).toMatchObject({ key, size: body.length });
    expect(info!.modifiedAt.getTime()).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 - 1000);
    expect(await storage.getAll(key)).toEqual(body);

    await storage.delete(key);
    expect(await storage.stat(key)).toBeNull();
    await expect(storage.delete(key)).resolves.toBeUndefined();
  });

  it('replaces an object put again under the same key', async () => {
    const key = `${tenant()}/${randomUUID()}.layout.zip`;
    await storage.put(key, { bytes: Buffer.from('first') }, { size: 5 });
    await storage.put(key, { bytes: Buffer.from('second') }, { size: 6 });
    expect((await storage.getBytes(key)).toString()).toBe('second');
  });

  it('streams a file larger than the multipart part size both ways, byte for byte, from a file and from a stream', async () => {
    const fromFile = `${tenant()}/${randomUUID()}.pdf`;
    const fromStream = `${tenant()}/${randomUUID()}.pdf`;
    const copy = join(scratch, `${randomUUID()}.bin`);
    await writeFile(copy, large.data); // the fs driver moves a file body into place
    const parts = sent.filter((r) => r.command === 'UploadPartCommand').length;
    await storage.put(fromFile, { file: copy }, { size: large.data.length, sha256: sha256(large.data) });
    await storage.put(fromStream, { stream: createReadStream(large.path) }, { size: large.data.length, sha256: sha256(large.data) });
    for (const key of [fromFile, fromStream]) {
      const hash = createHash('sha256');
      let size = 0;
      for await (const chunk of await storage.get(key)) {
        hash.update(chunk as Buffer);
        size += (chunk as Buffer).length;
      }
      expect({ size, sha256: hash.digest('hex') }).toEqual({ size: large.data.length, sha256: sha256(large.data) });
      expect((await storage.stat(key))?.size).toBe(large.data.length);
    }
    if (driver === 's3') expect(sent.filter((r) => r.command === 'UploadPartCommand').length - parts).toBe(6); // three parts each
  });

  it('stores nothing from a body that is not the size or the SHA-256 it was said to be, small or multipart', async () => {
    const small = `${tenant()}/${randomUUID()}.pdf`;
    await expect(storage.put(small, { bytes: Buffer.from('four') }, { size: 5 })).rejects.toBeInstanceOf(StoredObjectMismatch);
    await expect(storage.put(small, { bytes: Buffer.from('four') }, { size: 4, sha256: sha256(Buffer.from('five')) })).rejects.toBeInstanceOf(StoredObjectMismatch);
    const big = `${tenant()}/${randomUUID()}.pdf`;
    await expect(storage.put(big, { stream: createReadStream(large.path) }, { size: large.data.length, sha256: '0'.repeat(64) })).rejects.toBeInstanceOf(StoredObjectMismatch);
    expect({ small: await storage.stat(small), big: await storage.stat(big) }).toEqual({ small: null, big: null });
  });

  it('answers a missing key as missing: get and getBytes reject with StoredObjectMissing (code ENOENT, the key), stat and getAll answer null', async () => {
    const key = `${tenant()}/${randomUUID()}.pdf`;
    const missing = await storage.get(key).catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(StoredObjectMissing);
    expect(missing).toMatchObject({ code: 'ENOENT', key });
    await expect(storage.getBytes(key)).rejects.toMatchObject({ name: 'StoredObjectMissing', key });
    expect(await storage.stat(key)).toBeNull();
    expect(await storage.getAll(key)).toBeNull();
  });

  it("lists by prefix: a tenant's prefix holds its own originals, layouts and reports and none of another tenant's, even one whose id it starts with", async () => {
    const a = tenant();
    const longer = `${a.slice(0, -1)}${a.endsWith('0') ? '1' : '0'}`; // same length, differs last
    const doc = randomUUID();
    const report = randomUUID();
    const mine = [`${a}/${doc}.pdf`, `${a}/${doc}.layout.zip`, `${a}/reports/${report}.csv`];
    const theirs = [`${longer}/${doc}.pdf`, `${longer}/reports/${report}.json`];
    for (const key of [...mine, ...theirs]) await storage.put(key, { bytes: Buffer.from(key) }, { size: Buffer.byteLength(key) });

    expect(await keysOf(storage, `${a}/`)).toEqual([...mine].sort());
    expect(await keysOf(storage, `${a}/reports/`)).toEqual([`${a}/reports/${report}.csv`]);
    expect(await keysOf(storage, `${longer}/`)).toEqual([...theirs].sort());
    const all = await keysOf(storage, '');
    for (const key of [...mine, ...theirs]) expect(all).toContain(key);
    const listed = [];
    for await (const object of storage.list(`${a}/`)) listed.push(object);
    const first = listed.find((o) => o.key === mine[0]);
    expect(first?.size).toBe(Buffer.byteLength(mine[0]!));
    expect(Math.abs(first!.modifiedAt.getTime() - Date.now())).toBeLessThan(60_000);
    // Every key is the tenant's own: one tenant's key never reads another's object.
    expect((await storage.getBytes(`${a}/${doc}.pdf`)).toString()).toBe(`${a}/${doc}.pdf`);
    expect((await storage.getBytes(`${longer}/${doc}.pdf`)).toString()).toBe(`${longer}/${doc}.pdf`);
  });

  it('refuses keys it does not make (path escapes, no tenant, other shapes) before touching the store', async () => {
    for (const key of ['../escape.pdf', `${tenant()}/../../escape.pdf`, 'no-tenant.pdf', `${tenant()}/x.exe`, `${tenant()}/a/b/c.pdf`, `/${tenant()}/x.pdf`]) {
      await expect(storage.put(key, { bytes: Buffer.from('x') }, { size: 1 })).rejects.toThrow(/unsafe storage key/);
      await expect(storage.get(key)).rejects.toThrow(/unsafe storage key/);
      await expect(storage.delete(key)).rejects.toThrow(/unsafe storage key/);
    }
  });
});

describe('the fs driver', () => {
  it('moves a received upload into place instead of copying it, and lists no file it did not make', async () => {
    const root = await mkdtemp(join(scratch, 'store-'));
    const storage = new LocalDiskStorage(root);
    await mkdir(join(root, '.incoming'), { recursive: true });
    const received = join(root, '.incoming', `${randomUUID()}.part`);
    await writeFile(received, 'received');
    const key = `${tenant()}/${randomUUID()}.pdf`;
    await storage.put(key, { file: received }, { size: 8 });
    await expect(stat(received)).rejects.toMatchObject({ code: 'ENOENT' });
    await writeFile(join(root, key.split('/')[0]!, 'notes.txt'), 'an operator’s');
    expect(await keysOf(storage, '')).toEqual([key]);
  });
});

describe('the s3 driver', () => {
  it('keeps every object under S3_PREFIX and lists none of the objects beside them', async () => {
    const storage = recordingS3({ prefix: 'instance-a' });
    const other = recordingS3({ prefix: 'instance-b' });
    const key = `${tenant()}/${randomUUID()}.pdf`;
    await storage.put(key, { bytes: Buffer.from('a') }, { size: 1 });
    expect(sent.at(-1)).toMatchObject({ command: 'PutObjectCommand' });
    expect(await other.stat(key)).toBeNull();
    expect(await keysOf(other, '')).not.toContain(key);
    // An object another application put under the prefix, in a shape this service does not make.
    await storage.client.send(new PutObjectCommand({ Bucket: S3Stand.bucket, Key: 'instance-a/README.txt', Body: 'not ours' }));
    expect(await keysOf(storage, '')).toContain(key);
    expect(await keysOf(storage, '')).not.toContain('README.txt');
  });

  it('asks for SSE-S3 or SSE-KMS (with its key id) on every write, one part or many, and sends no checksum the store did not ask for', async () => {
    const aes = recordingS3({ sse: 'AES256' });
    const kms = recordingS3({ sse: 'aws:kms', kmsKeyId: 'alias/foliodesk-documents' });
    const plain = recordingS3();
    const data = randomBytes(PART + 10);
    for (const [storage, expected] of [
      [aes, { 'x-amz-server-side-encryption': 'AES256' }],
      [kms, { 'x-amz-server-side-encryption': 'aws:kms', 'x-amz-server-side-encryption-aws-kms-key-id': 'alias/foliodesk-documents' }],
    ] as const) {
      const from = sent.length;
      await storage.put(`${tenant()}/${randomUUID()}.pdf`, { bytes: Buffer.from('small') }, { size: 5 });
      await storage.put(`${tenant()}/${randomUUID()}.pdf`, { bytes: data }, { size: data.length });
      const writes = sent.slice(from).filter((r) => r.command === 'PutObjectCommand' || r.command === 'CreateMultipartUploadCommand');
      expect(writes.map((r) => r.command)).toEqual(['PutObjectCommand', 'CreateMultipartUploadCommand']);
      for (const write of writes) expect(write.headers).toMatchObject(expected);
    }
    const from = sent.length;
    await plain.put(`${tenant()}/${randomUUID()}.pdf`, { bytes: Buffer.from('small') }, { size: 5 });
    expect(Object.keys(sent[from]!.headers).filter((h) => h.startsWith('x-amz-server-side-encryption'))).toEqual([]);
    // requestChecksumCalculation WHEN_REQUIRED: no flexible checksum on writes that do not need one.
    for (const request of sent) expect(Object.keys(request.headers).filter((h) => /^x-amz-(checksum-|sdk-checksum-algorithm)/.test(h))).toEqual([]);
  });

  it('answers StorageUnavailable at once while the store is down (check, put, get, stat, list) and works again once it is back', async () => {
    const storage = recordingS3();
    const key = `${tenant()}/${randomUUID()}.pdf`;
    await storage.put(key, { bytes: Buffer.from('kept') }, { size: 4 });
    await stand.stop();
    try {
      const started = Date.now();
      await expect(storage.check()).rejects.toBeInstanceOf(StorageUnavailable);
      await expect(storage.put(`${tenant()}/${randomUUID()}.pdf`, { bytes: Buffer.from('x') }, { size: 1 })).rejects.toBeInstanceOf(StorageUnavailable);
      await expect(storage.get(key)).rejects.toBeInstanceOf(StorageUnavailable);
      await expect(storage.stat(key)).rejects.toBeInstanceOf(StorageUnavailable);
      await expect(keysOf(storage, '')).rejects.toBeInstanceOf(StorageUnavailable);
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      await stand.start();
    }
    await expect(storage.check()).resolves.toBeUndefined();
    expect((await storage.getBytes(key)).toString()).toBe('kept');
  });

  it('answers StorageUnavailable for a bucket that does not exist (readiness says so)', async () => {
    const storage = new S3Storage(stand.settings({ bucket: 'no-such-bucket' }), { credentials: S3Stand.credentials });
    await expect(storage.check()).rejects.toBeInstanceOf(StorageUnavailable);
    await expect(storage.put(`${tenant()}/${randomUUID()}.pdf`, { bytes: Buffer.from('x') }, { size: 1 })).rejects.toBeInstanceOf(StorageUnavailable);
  });

  it('answers StorageUnavailable for an access key the store does not know', async () => {
    const storage = new S3Storage(stand.settings(), { credentials: { accessKeyId: 'NOT-A-KEY-OF-THIS-STORE', secretAccessKey: 'wrong' } });
    await expect(storage.put(`${tenant()}/${randomUUID()}.pdf`, { bytes: Buffer.from('x') }, { size: 1 })).rejects.toBeInstanceOf(StorageUnavailable);
    await expect(storage.get(`${tenant()}/${randomUUID()}.pdf`)).rejects.toBeInstanceOf(StorageUnavailable);
  });
});
