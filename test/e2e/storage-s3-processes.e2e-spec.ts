import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { generateStatement, type GeneratedStatement } from '../fixtures/generator/index.js';
import { sql } from '../support/db.js';
import { AppProcess } from '../support/faults/app-process.js';
import { until } from '../support/faults/util.js';
import { S3Stand } from '../support/s3-store.js';

/**
 * Foliodesk across hosts, on one machine: an API process and two worker processes started from
 * dist/ (`npm run build` first) as separate programs, each with a STORAGE_DIR of its own that starts
 * empty, sharing only PostgreSQL, Redis and an S3 bucket. The bucket is served by s3rver, the
 * S3-compatible server on npm, started by the test on loopback (test/support/s3-store.ts): it stands
 * in for the cloud object store (AWS S3, R2, …), which lies outside this machine.
 */

const MAIN = new URL('../../dist/src/main.js', import.meta.url).pathname;
const BUCKET = S3Stand.bucket;
const PREFIX = `e2e/run-${Date.now()}`;

/** A ROLE=worker process (no HTTP): started, and known to be up once it logs that it started. */
class WorkerProcess {
  private output = '';
  private exit: number | string | null = null;

  private constructor(private readonly child: ChildProcess) {
    child.stdout!.on('data', (c: Buffer) => (this.output = (this.output + c.toString()).slice(-100_000)));
    child.stderr!.on('data', (c: Buffer) => (this.output = (this.output + c.toString()).slice(-100_000)));
    child.once('exit', (code, signal) => (this.exit = code ?? signal));
  }

  static async start(env: Record<string, string>): Promise<WorkerProcess> {
    const child = spawn(process.execPath, [MAIN], { env: { ...process.env, ...env, ROLE: 'worker', LOG_LEVEL: 'info' }, stdio: ['ignore', 'pipe', 'pipe'] });
    const worker = new WorkerProcess(child);
    await until(() => worker.exit !== null || worker.output.includes('Foliodesk worker started'), 60_000, 'worker started').catch((e) => {
      throw new Error(`${(e as Error).message}\n${worker.output.slice(-4000)}`);
    });
    if (worker.exit !== null) throw new Error(`worker exited at start (${worker.exit}):\n${worker.output.slice(-4000)}`);
    return worker;
  }

  get exited() {
    return this.exit;
  }

  get pid() {
    return this.child.pid!;
  }

  async stop() {
    if (this.exit !== null) return;
    const gone = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 10_000);
    await gone;
    clearTimeout(timer);
  }
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Every file under `dir`, with its size and digest. */
async function filesIn(dir: string): Promise<Array<{ path: string; sha256: string }>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
  return Promise.all(files.map(async (path) => ({ path: path.slice(dir.length + 1), sha256: sha256(await readFile(path)) })));
}

describe('the s3 driver across processes: an API and two workers sharing no disk', () => {
  let s3: S3Stand;
  let client: S3Client;
  let api: AppProcess;
  const workers: WorkerProcess[] = [];
  /** Each process's own STORAGE_DIR: the API's, then the two workers'. */
  const dirs: string[] = [];
  let token: string;
  let tenantId: string;
  let two: GeneratedStatement;
  let one: GeneratedStatement;
  /** The documents by name: the one deleted at the end (`two`) and the one kept (`one`). */
  const docs: Record<'two' | 'one', { job_id: string; doc_id: string; storage_key: string }> = {} as never;
  let reportId: string;
  let reportBody: Buffer;

  /** Every object under the run's prefix: key (without the prefix) → digest. */
  async function bucket(): Promise<Record<string, string>> {
    const listed = await client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: `${PREFIX}/` }));
    const out: Record<string, string> = {};
    for (const { Key } of listed.Contents ?? []) {
      const object = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: Key! }));
      out[Key!.slice(PREFIX.length + 1)] = sha256(await object.Body!.transformToByteArray());
    }
    return out;
  }

  const call = (method: string, path: string, options: Parameters<AppProcess['request']>[2] = {}) => api.request(method, path, { token, timeoutMs: 60_000, ...options });

  async function download(path: string): Promise<{ status: number; body: Buffer; headers: Headers }> {
    const res = await fetch(api.baseUrl + path, { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(60_000) });
    return { status: res.status, body: Buffer.from(await res.arrayBuffer()), headers: res.headers };
  }

  async function processDocument(statement: GeneratedStatement, filename: string) {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(statement.pdf)], { type: 'application/pdf' }), filename);
    const upload = await call('POST', '/api/v1/nexus/upload/', { form });
    expect(upload.status).toBe(201);
    const { job_id, doc_id } = upload.body.result as { job_id: string; doc_id: string };
    const start = await call('POST', '/api/v2/nexus/pipeline/process', { json: { job_id } });
    expect(start.status).toBe(200);
    let progress: Record<string, any> = {};
    await until(
      async () => {
        progress = (await call('GET', `/api/v2/nexus/status/process/${start.body.process_id}/progress`)).body;
        return progress.status !== 'processing';
      },
      120_000,
      `the pipeline of ${filename}`,
      100,
    );
    expect(progress).toMatchObject({ status: 'completed', progress_pct: 100 });
    const [{ storage_key }] = await sql(`SELECT storage_key FROM documents WHERE id = $1`, [doc_id]);
    return { job_id, doc_id, storage_key: storage_key as string };
  }

  beforeAll(async () => {
    [two, one] = await Promise.all([generateStatement('cams_detailed', { seed: 2101, investors: 2 }), generateStatement('kfintech_detailed', { seed: 2102 })]);
    s3 = await new S3Stand().start();
    client = new S3Client({ endpoint: s3.endpoint, region: 'us-east-1', forcePathStyle: true, credentials: S3Stand.credentials });
    for (let i = 0; i < 3; i++) dirs.push(await mkdtemp(join(tmpdir(), `foliodesk-s3-e2e-${['api', 'worker1', 'worker2'][i]}-`)));
    // The credentials reach the processes through the environment, where the AWS SDK's chain finds them.
    const env = { ...s3.env({ S3_PREFIX: PREFIX, S3_TIMEOUT_MS: '30000' }), QUEUE_PREFIX: `s3e2e${Date.now()}` };
    for (const dir of dirs) expect(await readdir(dir)).toEqual([]);
    api = await AppProcess.start({ ...env, ROLE: 'api', STORAGE_DIR: dirs[0] });
    for (const dir of dirs.slice(1)) workers.push(await WorkerProcess.start({ ...env, STORAGE_DIR: dir }));
    const registered = await api.request('POST', '/api/v1/auth/register', { json: { email: `s3-${Date.now()}@example.in`, password: 'Str0ng-Passw0rd!', full_name: 'Asha Admin' } });
    expect(registered.status).toBe(201);
    token = registered.body.result.access_token;
    tenantId = registered.body.result.user.tenant_id;
  }, 180_000);

  afterAll(async () => {
    for (const w of workers) await w.stop();
    await api?.stop();
    await s3?.destroy();
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('takes statements from upload through extraction on the workers, the originals only in the bucket', async () => {
    const health = await api.request('GET', '/api/v1/health');
    expect({ status: health.status, checks: health.body.result.checks }).toEqual({ status: 200, checks: { database: 'up', redis: 'up', storage: 'up' } });
    [docs.two, docs.one] = await Promise.all([processDocument(two, 'CAS_two_investors.pdf'), processDocument(one, 'KFin_statement.pdf')]);
    for (const [name, statement] of [['two', two], ['one', one]] as const) {
      const extraction = await call('GET', `/api/v1/nexus/documents/${docs[name].doc_id}/extraction`);
      expect(extraction.status).toBe(200);
      const isins = (extraction.body.result.entities as Array<{ holdings: Array<{ isin: string }> }>).flatMap((e) => e.holdings.map((h) => h.isin)).sort();
      expect(isins).toEqual(statement.model.holdings.map((h) => h.isin).sort());
      expect(docs[name].storage_key).toBe(`${tenantId}/${docs[name].doc_id}.pdf`);
    }
    expect(await bucket()).toEqual({ [docs.two.storage_key]: sha256(two.pdf), [docs.one.storage_key]: sha256(one.pdf) });
    // The workers read the originals from the bucket: none of the three processes keeps one on its disk.
    for (const dir of dirs) {
      const files = await filesIn(dir);
      expect(files.filter((f) => f.sha256 === sha256(two.pdf) || f.sha256 === sha256(one.pdf) || f.path.endsWith('.pdf'))).toEqual([]);
    }
    expect(workers.map((w) => w.exited)).toEqual([null, null]);
  });

  it('serves the original and the LAYOUT from the store, keeping the layout in the bucket beside the original', async () => {
    const original = await download(`/api/v1/nexus/doc-fetch/${docs.two.job_id}?type=ORIGINAL`);
    expect(original.status).toBe(200);
    expect(sha256(original.body)).toBe(sha256(two.pdf));
    const layout = await download(`/api/v1/nexus/doc-fetch/${docs.two.job_id}?type=LAYOUT`);
    expect(layout.status).toBe(200);
    expect(layout.body.subarray(0, 2).toString('latin1')).toBe('PK');
    const layoutKey = docs.two.storage_key.replace(/\.pdf$/, '.layout.zip');
    expect((await bucket())[layoutKey]).toBe(sha256(layout.body));
    // Served again from the bucket: the same bytes.
    const again = await download(`/api/v1/nexus/doc-fetch/${docs.two.job_id}?type=LAYOUT`);
    expect(sha256(again.body)).toBe(sha256(layout.body));
  });

  it('writes exports into the bucket and serves them again from it', async () => {
    const csv = await download(`/api/v1/nexus/export/${docs.two.job_id}?export_type=holdings&format=csv`);
    expect(csv.status).toBe(200);
    reportId = csv.headers.get('x-report-id')!;
    reportBody = csv.body;
    expect(csv.body.toString('utf8').split('\n').length).toBeGreaterThan(two.model.holdings.length);
    expect((await bucket())[`${tenantId}/reports/${reportId}.csv`]).toBe(sha256(csv.body));
    const again = await download(`/api/v1/nexus/reports/${reportId}`);
    expect(again.status).toBe(200);
    expect(again.body.equals(reportBody)).toBe(true);
  });

  it('deletes a document: its original, layout and report leave the bucket, the other document stays, no process keeps a copy', async () => {
    const before = await bucket();
    expect(Object.keys(before).sort()).toEqual(
      [docs.one.storage_key, docs.two.storage_key, docs.two.storage_key.replace(/\.pdf$/, '.layout.zip'), `${tenantId}/reports/${reportId}.csv`].sort(),
    );
    const deleted = await call('DELETE', `/api/v1/nexus/documents/${docs.two.doc_id}`);
    expect(deleted.status).toBe(204);
    expect(await bucket()).toEqual({ [docs.one.storage_key]: sha256(one.pdf) });
    expect((await call('GET', `/api/v1/nexus/doc-fetch/${docs.two.job_id}?type=ORIGINAL`)).status).toBe(404);
    expect((await call('GET', `/api/v1/nexus/reports/${reportId}`)).status).toBe(404);
    for (const dir of dirs) {
      const files = await filesIn(dir);
      expect(files.filter((f) => [sha256(two.pdf), sha256(one.pdf), sha256(reportBody)].includes(f.sha256) || /\.(pdf|zip|csv)$/.test(f.path))).toEqual([]);
    }
    // The kept document is still whole: read back through the API from the bucket.
    const kept = await download(`/api/v1/nexus/doc-fetch/${docs.one.job_id}?type=ORIGINAL`);
    expect(sha256(kept.body)).toBe(sha256(one.pdf));
  });

  it('answers from the bucket, not from any disk: an object removed behind its back is gone for the API too', async () => {
    await client.send(new DeleteObjectCommand({ Bucket: BUCKET, Key: `${PREFIX}/${docs.one.storage_key}` }));
    const gone = await call('GET', `/api/v1/nexus/doc-fetch/${docs.one.job_id}?type=ORIGINAL`);
    expect(gone.status).not.toBe(200);
    expect(workers.map((w) => w.exited)).toEqual([null, null]);
    expect(api.exited).toBeNull();
  });

  it('moves a one-machine store into the bucket: STORAGE_DIR copied under S3_PREFIX (all but .incoming) is served by the s3 processes', async () => {
    const fsDir = await mkdtemp(join(tmpdir(), 'foliodesk-fs-e2e-'));
    dirs.push(fsDir);
    // One process on the fs driver, on the same database, with queues of its own.
    const single = await AppProcess.start({ STORAGE_DRIVER: 'fs', STORAGE_DIR: fsDir, QUEUE_PREFIX: `fse2e${Date.now()}` });
    let stored: { job_id: string; doc_id: string };
    let layout: Buffer;
    let report: { id: string; body: Buffer };
    try {
      const at = (path: string) => fetch(single.baseUrl + path, { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(60_000) });
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(two.pdf)], { type: 'application/pdf' }), 'CAS_on_one_machine.pdf');
      stored = (await single.request('POST', '/api/v1/nexus/upload/', { token, form, timeoutMs: 60_000 })).body.result;
      const start = await single.request('POST', '/api/v2/nexus/pipeline/process', { token, json: { job_id: stored.job_id } });
      await until(async () => (await single.request('GET', `/api/v2/nexus/status/process/${start.body.process_id}/progress`, { token })).body.status === 'completed', 120_000, 'the fs pipeline', 100);
      layout = Buffer.from(await (await at(`/api/v1/nexus/doc-fetch/${stored.job_id}?type=LAYOUT`)).arrayBuffer());
      const csv = await at(`/api/v1/nexus/export/${stored.job_id}?export_type=holdings&format=csv`);
      report = { id: csv.headers.get('x-report-id')!, body: Buffer.from(await csv.arrayBuffer()) };
    } finally {
      await single.stop();
    }
    const copied: string[] = [];
    for (const file of await filesIn(fsDir)) {
      if (file.path.startsWith('.incoming')) continue;
      await client.send(new PutObjectCommand({ Bucket: BUCKET, Key: `${PREFIX}/${file.path}`, Body: await readFile(join(fsDir, file.path)) }));
      copied.push(file.path);
    }
    const original = `${tenantId}/${stored.doc_id}.pdf`;
    expect(copied.sort()).toEqual([original, original.replace(/\.pdf$/, '.layout.zip'), `${tenantId}/reports/${report.id}.csv`].sort());

    const served = await download(`/api/v1/nexus/doc-fetch/${stored.job_id}?type=ORIGINAL`);
    expect(sha256(served.body)).toBe(sha256(two.pdf));
    expect(sha256((await download(`/api/v1/nexus/doc-fetch/${stored.job_id}?type=LAYOUT`)).body)).toBe(sha256(layout));
    expect((await download(`/api/v1/nexus/reports/${report.id}`)).body.equals(report.body)).toBe(true);
    expect((await call('DELETE', `/api/v1/nexus/documents/${stored.doc_id}`)).status).toBe(204);
    expect(Object.keys(await bucket()).filter((key) => copied.includes(key))).toEqual([]);
  });

  it('is not ready while the store is away, stays live (no restart), and is ready again once it answers; the workers ride it out', async () => {
    await s3.stop();
    let down = await api.request('GET', '/api/v1/health');
    await until(async () => (down = await api.request('GET', '/api/v1/health')).status === 503, 30_000, 'readiness 503 with the store away');
    expect(down.code).toBe('STORAGE_UNAVAILABLE');
    expect(down.body.checks).toEqual({ database: 'up', redis: 'up', storage: 'down' });
    expect((await api.request('GET', '/api/v1/health/live')).status).toBe(200);
    await s3.start();
    await until(async () => (await api.request('GET', '/api/v1/health')).status === 200, 30_000, 'readiness 200 with the store back');
    expect(workers.map((w) => w.exited)).toEqual([null, null]);
  });
});
