// The PDF engine's controls, each proven against real child processes: an empty environment, the
// memory and time limits (measured on the child), a bounded queue served fairly across tenants, and
// failures that are not the document's never reported as a bad file.
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from '@jest/globals';
import { PdfEngine, type PdfEngineOptions } from '../../../src/modules/pdf/pdf-engine.js';
import { PdfEngineBusy, PdfEngineUnavailable, PdfReadError } from '../../../src/modules/pdf/pdf-errors.js';
import { MAX_PAGE_PIXELS } from '../../../src/modules/pdf/reader/layout.js';
import { unzipSync } from 'fflate';
import { simplePdf } from '../../support/pdf.js';
import { hugeUserUnitPage } from '../../support/hostile/malicious-pdfs.js';

const MiB = 1024 * 1024;
const DEFAULTS: PdfEngineOptions = { poolSize: 1, queueLimit: 16, queuePerTenant: 8, memoryLimitBytes: 256 * MiB, timeoutMs: 20_000, testHooks: true };
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
    const [pid] = e.stats().children;
    const started = Date.now();
    const error = await e.run('ten_a', { kind: 'test:grow' }).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(PdfReadError);
    expect((error as PdfReadError).message).toMatch(/needed more than 200 MB/);
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(await alive(pid)).toBe(false);
  });

  it("does not charge its parent's memory to the document (the parent grows by 400 MB during a read)", async () => {
    const e = engine({ memoryLimitBytes: 200 * MiB });
    const pdf = new Uint8Array(await simplePdf(Array.from({ length: 30 }, (_, i) => `Page ${i + 1} of a valid statement`)));
    const reading = e.text('ten_a', pdf);
    const ballast = Array.from({ length: 25 }, () => Buffer.alloc(16 * MiB, 1));
    expect(await reading).toHaveLength(30);
    expect(ballast).toHaveLength(25);
  });

  it('kills a child whose job outlives its time limit', async () => {
    const e = engine();
    await e.run('ten_a', { kind: 'test:env' });
    const [pid] = e.stats().children;
    const started = Date.now();
    await expect(e.run('ten_a', { kind: 'test:hang' }, { timeoutMs: 500 })).rejects.toMatchObject({ code: 'PDF_UNREADABLE', message: expect.stringMatching(/took more than/) });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await alive(pid)).toBe(false);
  });

  it('retries a read whose child was killed from outside, and never calls that a bad file', async () => {
    const e = engine();
    const pdf = new Uint8Array(await simplePdf(['Consolidated Account Statement']));
    await e.inspect('ten_a', pdf);
    const hang = e.run('ten_a', { kind: 'test:hang' }, { timeoutMs: 10_000 });
    const killChild = async () => {
      for (let i = 0; i < 100 && e.stats().running === 0; i++) await new Promise((r) => setTimeout(r, 20));
      await new Promise((r) => setTimeout(r, 300));
      for (const pid of e.stats().children) process.kill(pid, 'SIGKILL');
    };
    await killChild(); // the first child, killed: the job is tried again on a fresh one
    await killChild(); // and that one too: not the document's fault, so not PDF_UNREADABLE
    const error = await hang.catch((err: unknown) => err);
    expect(error).toBeInstanceOf(PdfEngineUnavailable);
    expect(await e.inspect('ten_a', pdf)).toEqual({ pages: 1 });
  });

  it('refuses work at once when the queue is full, in total or for one tenant', async () => {
    const e = engine({ queueLimit: 3, queuePerTenant: 2 });
    const signal = new AbortController();
    const hold = (tenant: string) => e.run(tenant, { kind: 'test:hang' }, { signal: signal.signal }).catch(() => undefined);
    const held = [hold('ten_a')]; // running
    await new Promise((r) => setTimeout(r, 50));
    held.push(hold('ten_a'), hold('ten_a')); // waiting: the tenant's two places
    await expect(e.run('ten_a', { kind: 'test:env' })).rejects.toBeInstanceOf(PdfEngineBusy);
    held.push(hold('ten_b')); // the third and last place
    const busy = await e.run('ten_c', { kind: 'test:env' }).catch((err: unknown) => err);
    expect(busy).toBeInstanceOf(PdfEngineBusy);
    expect((busy as PdfEngineBusy).retryAfterSeconds).toBeGreaterThanOrEqual(1);
    signal.abort();
    await Promise.all(held);
    expect(await e.run('ten_c', { kind: 'test:env' })).toEqual({});
  });

  it('serves tenants in turn: one flooding the queue does not starve another', async () => {
    const e = engine({ queueLimit: 32, queuePerTenant: 16 });
    const pdf = new Uint8Array(await simplePdf(['Consolidated Account Statement']));
    const order: string[] = [];
    const read = (tenant: string, n: number) => e.inspect(tenant, pdf).then(() => order.push(`${tenant}${n}`));
    const flood = Array.from({ length: 10 }, (_, n) => read('A', n));
    const other = read('B', 0);
    await Promise.all([...flood, other]);
    // B's one read waited for at most one of A's after the first: A0, A1, B0 (not behind all ten).
    expect(order.indexOf('B0')).toBeLessThanOrEqual(2);
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
});
