/**
 * The one PDF engine of the product: every PDF is read (counted, its text taken, its pages drawn) in
 * a child process of its own, never in the API's or the worker's event loop. A child starts with an
 * empty environment (no keys, no database URL), is handed the file's bytes over IPC (not a path),
 * and is killed when its own resident memory passes the limit or its job its time. A small pool of
 * children serves one queue, round-robin across tenants and bounded; one tenant holds at most all
 * children but one, so another tenant's job never waits behind its slow files; a full queue refuses
 * work at once (PdfEngineBusy). Which failures are the document's (pdf-errors.ts) is decided here and in the
 * child's verdict, once for every caller.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { PdfPageText } from '../nexus/extraction/types.js';
import { FairQueue } from './fair-queue.js';
import { PdfEngineBusy, PdfEngineUnavailable, PdfReadError } from './pdf-errors.js';
import type { ReaderJob, ReaderReply } from './reader/pdf-child.js';

export interface PdfEngineOptions {
  /** Children reading at once. */
  poolSize: number;
  /** Jobs waiting for a child, in total and per tenant; past either, work is refused. */
  queueLimit: number;
  queuePerTenant: number;
  /** Resident memory of one child (its own, measured by the parent); past it the child is killed. */
  memoryLimitBytes: number;
  /** Time of one job on its child (waiting in the queue not counted). */
  timeoutMs: number;
  /** Children accept the test-only job kinds (NODE_ENV=test only). */
  testHooks?: boolean;
}

export interface PdfJobOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
}

const WATCH_INTERVAL_MS = 20;
/** A child that has served this many jobs, or kept three quarters of its memory limit, is replaced. */
const MAX_JOBS_PER_CHILD = 200;
const MiB = 1024 * 1024;

/** Running from TypeScript source (the test runner): the child runs from source too. */
const FROM_SOURCE = import.meta.url.endsWith('.ts');
const CHILD_ENTRY = fileURLToPath(new URL(`./reader/pdf-child.${FROM_SOURCE ? 'ts' : 'js'}`, import.meta.url));
const SOURCE_ARGS = FROM_SOURCE ? ['--import', new URL('./reader/source-hooks.mjs', import.meta.url).href] : [];

interface Waiting {
  tenant: string;
  job: ReaderJob;
  options: PdfJobOptions;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

type Attempt =
  | { kind: 'reply'; reply: ReaderReply }
  | { kind: 'memory'; grownBytes: number }
  | { kind: 'timeout' }
  | { kind: 'aborted'; reason: unknown }
  | { kind: 'died'; code: number | null; signal: NodeJS.Signals | null };

/** Signals that mean the reader crashed on what it was reading (V8 aborts when out of heap). */
const CRASH_SIGNALS = new Set(['SIGABRT', 'SIGSEGV', 'SIGBUS', 'SIGILL', 'SIGFPE', 'SIGTRAP']);

class Reader {
  readonly process: ChildProcess;
  jobsDone = 0;
  private killed = false;
  private readonly exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;

  constructor(options: PdfEngineOptions) {
    const heapMb = Math.max(64, Math.floor(options.memoryLimitBytes / MiB));
    this.process = fork(CHILD_ENTRY, options.testHooks ? ['--test-hooks'] : [], {
      env: {},
      execArgv: [...SOURCE_ARGS, `--max-old-space-size=${heapMb}`],
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
    });
    this.exit = new Promise((resolve) => this.process.once('exit', (code, signal) => resolve({ code, signal })));
    this.process.on('error', () => undefined);
    this.idle();
  }

  get alive(): boolean {
    return this.process.exitCode === null && this.process.signalCode === null && !this.killed;
  }

  /** Its resident memory (VmRSS), or null once it is gone. */
  rss(): number | null {
    try {
      const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${this.process.pid}/status`, 'latin1'));
      return kb ? Number(kb[1]) * 1024 : null;
    } catch {
      return null;
    }
  }

  /** An idle child keeps no parent alive. */
  idle(): void {
    this.process.unref();
    this.process.channel?.unref();
  }

  kill(): void {
    this.killed = true;
    this.process.kill('SIGKILL');
  }

  /** Runs one job; whatever happens, answers how it went (never rejects). */
  run(id: number, job: ReaderJob, limits: { memoryLimitBytes: number; timeoutMs: number; signal?: AbortSignal }): Promise<Attempt> {
    this.process.channel?.ref();
    const startRss = this.rss() ?? 0;
    return new Promise<Attempt>((resolve) => {
      let done = false;
      const finish = (attempt: Attempt) => {
        if (done) return;
        done = true;
        clearInterval(watch);
        clearTimeout(deadline);
        limits.signal?.removeEventListener('abort', onAbort);
        this.process.off('message', onMessage);
        if (attempt.kind !== 'reply') this.kill();
        else {
          this.jobsDone++;
          this.idle();
        }
        resolve(attempt);
      };
      const onMessage = (reply: ReaderReply) => reply.id === id && finish({ kind: 'reply', reply });
      const onAbort = () => finish({ kind: 'aborted', reason: limits.signal?.reason });
      const watch = setInterval(() => {
        const rss = this.rss();
        if (rss !== null && rss > limits.memoryLimitBytes) finish({ kind: 'memory', grownBytes: rss - startRss });
      }, WATCH_INTERVAL_MS);
      const deadline = setTimeout(() => finish({ kind: 'timeout' }), limits.timeoutMs);
      this.process.on('message', onMessage);
      limits.signal?.addEventListener('abort', onAbort, { once: true });
      void this.exit.then(({ code, signal }) => finish({ kind: 'died', code, signal }));
      if (limits.signal?.aborted) return onAbort();
      this.process.send({ id, job }, (error) => error && finish({ kind: 'died', code: null, signal: null }));
    });
  }
}

export class PdfEngine {
  private readonly queue: FairQueue<Waiting>;
  private readonly idle: Reader[] = [];
  private readonly busy = new Set<Reader>();
  private running = 0;
  private readonly runningByTenant = new Map<string, number>();
  /** Children one tenant may hold at once: all but one, so that another tenant's job never waits for its jobs. */
  private readonly perTenantRunning: number;
  private nextId = 1;
  private closed = false;

  constructor(readonly options: PdfEngineOptions) {
    this.queue = new FairQueue(options.queueLimit, options.queuePerTenant);
    this.perTenantRunning = Math.max(1, options.poolSize - 1);
  }

  /** The number of pages; a password problem or a damaged file rejects with PdfReadError. */
  async inspect(tenant: string, data: Uint8Array, password?: string, options: PdfJobOptions = {}): Promise<{ pages: number }> {
    return (await this.run(tenant, { kind: 'inspect', data, password }, options)) as { pages: number };
  }

  /** The positioned text of every page (or the first `maxPages`), as extractPdfText reads it. */
  async text(tenant: string, data: Uint8Array, password?: string, options: PdfJobOptions & { maxPages?: number } = {}): Promise<PdfPageText[]> {
    return (await this.run(tenant, { kind: 'text', data, password, maxPages: options.maxPages }, options)) as PdfPageText[];
  }

  /** The layout analysis zip (reader/layout.ts): pages drawn within the pixel budget. */
  async layout(tenant: string, data: Uint8Array, password?: string, options: PdfJobOptions = {}): Promise<Buffer> {
    const zip = (await this.run(tenant, { kind: 'layout', data, password }, options)) as Uint8Array;
    return Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength);
  }

  /**
   * Queues a job for `tenant`'s turn and resolves with its result. Rejects with PdfEngineBusy at
   * once when the queue is full, PdfReadError for the document's own failure, PdfEngineUnavailable
   * when its reader failed for another reason twice, or the signal's reason when it aborts.
   */
  run(tenant: string, job: ReaderJob, options: PdfJobOptions = {}): Promise<unknown> {
    return new Promise((resolve, reject) => {
      if (this.closed) return reject(new PdfEngineUnavailable('The PDF engine has stopped'));
      options.signal?.throwIfAborted();
      const waiting: Waiting = { tenant, job, options, resolve, reject };
      if (!this.queue.push(tenant, waiting)) return reject(new PdfEngineBusy(this.retryAfterSeconds()));
      options.signal?.addEventListener('abort', () => this.queue.remove(tenant, waiting) && reject(options.signal?.reason), { once: true });
      this.pump();
    });
  }

  /** Jobs waiting and running, and the process ids of the children (for health and tests). */
  stats(): { waiting: number; running: number; children: number[] } {
    return { waiting: this.queue.size, running: this.running, children: [...this.idle, ...this.busy].map((r) => r.process.pid!).filter(Boolean) };
  }

  /** Nest's shutdown hook (PdfModule). */
  onApplicationShutdown(): Promise<void> {
    return this.close();
  }

  async close(): Promise<void> {
    this.closed = true;
    for (let w = this.queue.shift(); w; w = this.queue.shift()) w.reject(new PdfEngineUnavailable('The PDF engine has stopped'));
    for (const reader of [...this.idle, ...this.busy]) reader.kill();
    this.idle.length = 0;
  }

  /** About how long the queue takes to drain a turn: a second per job waiting per child, 1–30 s. */
  private retryAfterSeconds(): number {
    return Math.min(30, Math.max(1, Math.ceil(this.queue.size / this.options.poolSize)));
  }

  private pump(): void {
    while (!this.closed && this.running < this.options.poolSize) {
      const waiting = this.queue.shift((tenant) => (this.runningByTenant.get(tenant) ?? 0) < this.perTenantRunning);
      if (!waiting) return;
      const { tenant } = waiting;
      this.running++;
      this.runningByTenant.set(tenant, (this.runningByTenant.get(tenant) ?? 0) + 1);
      void this.execute(waiting).finally(() => {
        this.running--;
        const left = this.runningByTenant.get(tenant)! - 1;
        if (left) this.runningByTenant.set(tenant, left);
        else this.runningByTenant.delete(tenant);
        this.pump();
      });
    }
  }

  private take(): Reader {
    let reader = this.idle.pop();
    while (reader && !reader.alive) reader = this.idle.pop();
    reader ??= new Reader(this.options);
    this.busy.add(reader);
    return reader;
  }

  private release(reader: Reader): void {
    this.busy.delete(reader);
    const rss = reader.rss();
    const worn = reader.jobsDone >= MAX_JOBS_PER_CHILD || rss === null || rss > this.options.memoryLimitBytes * 0.75;
    if (this.closed || !reader.alive || worn || this.idle.length >= this.options.poolSize) reader.kill();
    else this.idle.push(reader);
    // A child replaced at once, so that the next job does not wait for one to start (about 0.2 s, more on a busy machine).
    if (!this.closed && this.idle.length + this.busy.size < this.options.poolSize) this.idle.push(new Reader(this.options));
  }

  /**
   * Runs a job on a child. A failure that may not be the document's — the memory ran out on a child
   * that held much of it before the job began, or the child died of something it was not doing — is
   * tried once more on a fresh child; only what happens there is charged to the document.
   */
  private async execute({ job, options, resolve, reject }: Waiting): Promise<void> {
    const limits = { memoryLimitBytes: this.options.memoryLimitBytes, timeoutMs: options.timeoutMs ?? this.options.timeoutMs, signal: options.signal };
    for (let attempt = 1; ; attempt++) {
      if (this.closed) return reject(new PdfEngineUnavailable('The PDF engine has stopped'));
      const reader = this.take();
      const outcome = await reader.run(this.nextId++, job, limits);
      this.release(reader);
      // Memory run out while this job itself grew the child by at least half the limit: the document's doing.
      const last = attempt >= 2 || (outcome.kind === 'memory' && outcome.grownBytes >= limits.memoryLimitBytes / 2);
      switch (outcome.kind) {
        case 'reply': {
          const { reply } = outcome;
          if (reply.ok) return resolve(reply.result);
          if (reply.code !== 'ENGINE_ERROR') return reject(new PdfReadError(reply.code as PdfReadError['code'], reply.message));
          // An error the reader did not expect: tried once more, then it is this file's.
          if (last) return reject(new PdfReadError('PDF_UNREADABLE', `The PDF reader failed on this file: ${reply.message}`));
          break;
        }
        case 'aborted':
          return reject(outcome.reason ?? new Error('The PDF read was aborted'));
        case 'timeout':
          return reject(new PdfReadError('PDF_UNREADABLE', `Reading the PDF took more than ${Math.round(limits.timeoutMs / 1000)} s`));
        case 'memory':
          if (last) return reject(new PdfReadError('PDF_UNREADABLE', `Reading the PDF needed more than ${Math.round(limits.memoryLimitBytes / MiB)} MB`));
          break;
        case 'died': {
          if (!last) break;
          const crashed = (outcome.signal !== null && CRASH_SIGNALS.has(outcome.signal)) || outcome.code === 134;
          if (crashed) return reject(new PdfReadError('PDF_UNREADABLE', 'The PDF reader crashed on this file'));
          return reject(new PdfEngineUnavailable(`The PDF reader stopped (${outcome.signal ?? `exit code ${outcome.code}`})`));
        }
      }
    }
  }
}
