// The PDF engine's controls, each proven against real child processes: an empty environment and
// Node's permission model (no reading the parent's environment or the store, no writing, no
// processes), the memory and processor-time limits (measured on the child), a bounded queue served
// fairly across tenants, failures that are not the document's never reported as a bad file, and
// nothing of a finished job kept in the parent.
import { getEventListeners } from 'node:events';
import { mkdirSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterEach, describe, expect, it } from '@jest/globals';
import { childReadablePaths, PdfEngine, type PdfEngineOptions } from '../../../src/modules/pdf/pdf-engine.js';
import { PdfEngineBusy, PdfEngineUnavailable, PdfReadError } from '../../../src/modules/pdf/pdf-errors.js';
import { MAX_PAGE_PIXELS } from '../../../src/modules/pdf/reader/layout.js';
import { unzipSync } from 'fflate';
import { simplePdf } from '../../support/pdf.js';
import { hugeUserUnitPage } from '../../support/hostile/malicious-pdfs.js';

const MiB = 1024 * 1024;
const DEFAULTS: PdfEngineOptions = { poolSize: 2, queueLimit: 16, queuePerTenant: 8, memoryLimitBytes: 256 * MiB, timeoutMs: 20_000, testHooks: true };
const engines: PdfEngine[] = [];
const engine = (options: Partial<PdfEngineOptions> = {}) => {
  const e = new PdfEngine({ ...DEFAULTS, ...options });
  engines.push(e);
  return e;
};
/** Whether a process still runs (a killed child is gone once reaped: a moment after its kill). */
const alive = async (pid: number) => {
  for (let i = 0; i < 50; i++) {
    let status = '';
    try {
      status = readFileSync(`/proc/${pid}/status`, 'latin1');
    } catch {
      return false;
    }
    const state = /^State:\s+(\w)/m.exec(status);
    if (!state || state[1] === 'Z') return false;
    await new Promise((r) => setTimeout(r, 20));
  }
  return true;
};
/** The pid of the child reading a job, once there is one other than `not` (a child killed before). */
const readingChild = async (e: PdfEngine, not?: number) => {
  for (let i = 0; i < 500; i++) {
    const pid = e.stats().reading.find((p) => p !== not);
    if (pid) return pid;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('no child started reading');
};
/** PNG width and height from its IHDR chunk. */
const pngSize = (png: Uint8Array) => {
  const b = Buffer.from(png);
  return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
};

afterEach(async () => {
  await Promise.all(engines.splice(0).map((e) => e.close()));
});

describe('the PDF engine', () => {
  it('reads in a child process whose environment is empty (no keys, no database URL)', async () => {
    process.env.PDF_ENGINE_SPEC_SECRET = 'must-not-reach-the-child';
    const e = engine();
    expect(await e.run('ten_a', { kind: 'test:env' })).toEqual({});
    const [pid] = e.stats().children;
    expect(pid).not.toBe(process.pid);
    // Nothing but the IPC channel's own two variables, which node sets for fork and removes at start.
    const environ = readFileSync(`/proc/${pid}/environ`, 'latin1').split('\0').filter(Boolean);
    expect(environ.map((v) => v.split('=')[0]).sort()).toEqual(['NODE_CHANNEL_FD', 'NODE_CHANNEL_SERIALIZATION_MODE']);
    delete process.env.PDF_ENGINE_SPEC_SECRET;
  });

  it('counts pages, reads text and tells a missing from a wrong password (the codes written once)', async () => {
    const e = engine();
    const plain = new Uint8Array(await simplePdf(['Consolidated Account Statement', 'second page']));
    expect(await e.inspect('ten_a', plain)).toEqual({ pages: 2 });
    const [first] = await e.text('ten_a', plain);
    expect(first.items.map((i) => i.str).join(' ')).toContain('Consolidated Account Statement');
    const locked = new Uint8Array(await simplePdf(['secret'], 'ABCDE1234F'));
    await expect(e.inspect('ten_a', locked)).rejects.toMatchObject({ name: 'PdfReadError', code: 'PDF_PASSWORD_REQUIRED' });
    await expect(e.text('ten_a', locked, 'WRONG1234X')).rejects.toMatchObject({ name: 'PdfReadError', code: 'PDF_PASSWORD_INVALID' });
    expect(await e.inspect('ten_a', locked, 'ABCDE1234F')).toEqual({ pages: 1 });
    await expect(e.inspect('ten_a', new Uint8Array(Buffer.from('%PDF-1.7\nnothing else')))).rejects.toMatchObject({ code: 'PDF_UNREADABLE' });
  });

  it('kills a child whose own resident memory passes the limit; the document is unreadable', async () => {
    const e = engine({ memoryLimitBytes: 200 * MiB });
    await e.run('ten_a', { kind: 'test:env' }); // a child that has read before: the engine tries once more on a fresh one
    const started = Date.now();
    const growing = e.run('ten_a', { kind: 'test:grow' });
    const pid = await readingChild(e);
    const error = await growing.catch((err: unknown) => err);
    expect(error).toBeInstanceOf(PdfReadError);
    expect((error as PdfReadError).message).toMatch(/needed more than 200 MB/);
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(await alive(pid)).toBe(false);
    // Counted for /metrics (the job itself grew the child past half its limit: not tried again).
    expect(e.stats().killed).toEqual({ memory: 1, cpu: 0, wall: 0 });
  });

  it("does not charge its parent's memory to the document (the parent grows by 400 MB during a read)", async () => {
    const e = engine({ memoryLimitBytes: 200 * MiB });
    const pdf = new Uint8Array(await simplePdf(Array.from({ length: 30 }, (_, i) => `Page ${i + 1} of a valid statement`)));
    const reading = e.text('ten_a', pdf);
    const ballast = Array.from({ length: 25 }, () => Buffer.alloc(16 * MiB, 1));
    expect(await reading).toHaveLength(30);
    expect(ballast).toHaveLength(25);
  });

  it('kills a child whose job uses up its processor time; the document is unreadable', async () => {
    // A wall-clock backstop far away: on a loaded machine the child may get a small share of a processor.
    const e = engine({ wallTimeFactor: 100 });
    await e.run('ten_a', { kind: 'test:env' });
    const spinning = e.run('ten_a', { kind: 'test:spin' }, { timeoutMs: 300 });
    const pid = await readingChild(e);
    await expect(spinning).rejects.toMatchObject({ name: 'PdfReadError', code: 'PDF_UNREADABLE', message: expect.stringMatching(/processor time/) });
    expect(await alive(pid)).toBe(false);
    expect(e.stats().killed).toEqual({ memory: 0, cpu: 1, wall: 0 });
  });

  it('does not blame the document when its child got no processor time: tried again, then the engine is unavailable (retryable)', async () => {
    const e = engine();
    await e.run('ten_a', { kind: 'test:env' });
    // test:hang uses no processor time, as a child starved of a processor on a loaded machine: only the wall-clock backstop (3 × 300 ms) ends it.
    const started = Date.now();
    const hanging = e.run('ten_a', { kind: 'test:hang' }, { timeoutMs: 300 });
    const first = await readingChild(e);
    const second = await readingChild(e, first); // the second attempt, on a fresh child
    const error = await hanging.catch((err: unknown) => err);
    expect(error).toBeInstanceOf(PdfEngineUnavailable);
    expect((error as Error).message).toMatch(/too little processor time/);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2 * 900);
    expect(await alive(first)).toBe(false);
    expect(await alive(second)).toBe(false);
    expect(e.stats().killed).toEqual({ memory: 0, cpu: 0, wall: 2 });
  });

  it('retries a read whose child was killed from outside, and never calls that a bad file', async () => {
    const e = engine();
    const pdf = new Uint8Array(await simplePdf(['Consolidated Account Statement']));
    await e.inspect('ten_a', pdf);
    const hang = e.run('ten_a', { kind: 'test:hang' }, { timeoutMs: 10_000 });
    // The job's own child, once it reads (never the spare, which may not have started yet): killed, the job is tried again on a fresh one…
    const first = await readingChild(e);
    process.kill(first, 'SIGKILL');
    // …and that one too: not the document's fault, so not PDF_UNREADABLE.
    process.kill(await readingChild(e, first), 'SIGKILL');
    const error = await hang.catch((err: unknown) => err);
    expect(error).toBeInstanceOf(PdfEngineUnavailable);
    expect(await e.inspect('ten_a', pdf)).toEqual({ pages: 1 });
  });

  it("refuses work at once when the queue is full, in total or for one tenant, but always lets in a tenant's first job", async () => {
    const e = engine({ queueLimit: 2, queuePerTenant: 2 });
    expect(e.stats()).toMatchObject({ poolSize: 2, rejected: 0 });
    const signal = new AbortController();
    const hold = (tenant: string) => e.run(tenant, { kind: 'test:hang' }, { signal: signal.signal }).catch(() => undefined);
    const held = [hold('ten_a')]; // running on one child (a tenant holds at most all children but one)
    await readingChild(e);
    held.push(hold('ten_a'), hold('ten_a')); // waiting: the queue's two places, and the tenant's
    await expect(e.run('ten_a', { kind: 'test:env' })).rejects.toBeInstanceOf(PdfEngineBusy);
    // The queue is full, but a tenant with nothing queued or running is let in: ten_b runs on the other child…
    held.push(hold('ten_b'));
    await new Promise((r) => setTimeout(r, 50));
    expect(e.stats()).toMatchObject({ running: 2, waiting: 2 });
    // …its second job is refused (the queue is full and ten_b is at work)…
    const busy = await e.run('ten_b', { kind: 'test:env' }).catch((err: unknown) => err);
    expect(busy).toBeInstanceOf(PdfEngineBusy);
    expect((busy as PdfEngineBusy).retryAfterSeconds).toBeGreaterThanOrEqual(1);
    // …and ten_c's first job waits beside ten_a's: the queue holds its limit plus one job per other tenant at most.
    const third = e.run('ten_c', { kind: 'test:env' });
    expect(e.stats().waiting).toBe(3);
    await expect(e.run('ten_c', { kind: 'test:env' })).rejects.toBeInstanceOf(PdfEngineBusy);
    // Every refusal counted; none of these children was killed for a limit.
    expect(e.stats()).toMatchObject({ rejected: 3, killed: { memory: 0, cpu: 0, wall: 0 } });
    signal.abort();
    await Promise.all(held);
    expect(await third).toEqual({});
    expect(await e.run('ten_c', { kind: 'test:env' })).toEqual({});
  });

  it("never lets one tenant hold every child: another tenant's read starts while the first one's slow files run", async () => {
    const e = engine({ poolSize: 2 });
    const pdf = new Uint8Array(await simplePdf(['Consolidated Account Statement']));
    await e.inspect('B', pdf); // a warm child, as in service
    const stop = new AbortController();
    const flood = Array.from({ length: 6 }, () => e.run('A', { kind: 'test:hang' }, { signal: stop.signal, timeoutMs: 60_000 }).catch(() => undefined));
    await new Promise((r) => setTimeout(r, 200));
    expect(e.stats()).toMatchObject({ running: 1, waiting: 5 }); // A holds one child of two
    const started = Date.now();
    expect(await e.inspect('B', pdf)).toEqual({ pages: 1 });
    // A child's start (a few seconds at most on a loaded machine), not the minute A's files may take.
    expect(Date.now() - started).toBeLessThan(20_000);
    stop.abort();
    await Promise.all(flood);
  });

  it('draws a page with /UserUnit 20, on a letter-size and on the largest MediaBox, within the pixel budget', async () => {
    const e = engine({ memoryLimitBytes: 256 * MiB });
    for (const [side, pdf] of [[792, hugeUserUnitPage()], [14_400, hugeUserUnitPage(14_400, 14_400)]] as const) {
      const zip = await e.layout('ten_a', new Uint8Array(pdf));
      const files = unzipSync(new Uint8Array(zip));
      const { width, height } = pngSize(files['page-001.png']);
      expect(width * height).toBeLessThanOrEqual(MAX_PAGE_PIXELS);
      expect(width * height).toBeGreaterThan(0.95 * MAX_PAGE_PIXELS);
      const layout = JSON.parse(new TextDecoder().decode(files['layout.json']));
      expect(layout.pages[0]).toMatchObject({ page: 1, width, height, scale: expect.closeTo(Math.sqrt(MAX_PAGE_PIXELS / (side * 20 * (side === 792 ? 612 : side) * 20)), 3) });
    }
  });

  it('keeps nothing of a finished job: 40 reads of 4 MiB leave the parent\'s buffers where they were, and no listener on the caller\'s signal', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const e = engine({ queueLimit: 64, queuePerTenant: 32 });
    const signal = new AbortController().signal;
    expect(await e.run('ten_a', { kind: 'test:size', data: new Uint8Array(16) }, { signal })).toBe(16);
    gc();
    const before = process.memoryUsage().arrayBuffers;
    // Two tenants, so that some jobs wait in the queue before they run.
    const reads = Array.from({ length: 40 }, (_, n) =>
      e.run(n % 2 ? 'ten_a' : 'ten_b', { kind: 'test:size', data: new Uint8Array(4 * MiB).fill(n) }, { signal }),
    );
    expect(await Promise.all(reads)).toEqual(Array(40).fill(4 * MiB));
    expect(e.stats().children).toHaveLength(2); // the same children served every read
    await new Promise((r) => setTimeout(r, 50));
    gc();
    const grown = process.memoryUsage().arrayBuffers - before;
    expect(grown).toBeLessThan(16 * MiB); // 160 MiB when every job's bytes stayed reachable until its child exits
    expect(getEventListeners(signal, 'abort')).toHaveLength(0);
  });

  it("confines its children: the parent's environment, the store and the application's other files cannot be read, nothing written, no process or thread started", async () => {
    // A store under the application's directory, as with the default STORAGE_DIR (./var/storage).
    const root = join(childReadablePaths().find((p) => p.endsWith('package.json'))!, '..');
    const store = join(root, 'var', `pdf-engine-spec-${process.pid}`);
    mkdirSync(join(store, 'ten_other'), { recursive: true });
    writeFileSync(join(store, 'ten_other', 'statement.pdf'), '%PDF-1.7 another tenant\'s statement');
    try {
      const e = engine({ privateDirs: [store] });
      const written = join(store, 'written-by-child');
      const outcome = (await e.run('ten_a', {
        kind: 'test:escape',
        paths: [`/proc/${process.pid}/environ`, join(store, 'ten_other', 'statement.pdf'), join(root, 'src', 'config', 'app-config.ts'), '/etc/passwd'],
        writePath: written,
      })) as { read: Record<string, string>; write: string; spawn: string; thread: string };
      expect(Object.values(outcome.read)).toEqual(['denied', 'denied', 'denied', 'denied']);
      expect(outcome).toMatchObject({ write: 'denied', spawn: 'denied', thread: 'denied' });
      expect(existsSync(written)).toBe(false);
      // The children read their own code and packages only: a store inside those would be readable, so the engine refuses to start.
      expect(() => engine({ privateDirs: [join(root, 'node_modules', '.cache')] })).toThrow(/could read/);
      expect(() => engine({ poolSize: 1 })).toThrow(/at least 2/);
    } finally {
      rmSync(store, { recursive: true, force: true });
    }
  });
});
