/**
 * The one PDF engine of the product: every PDF is read (counted, its text taken, its pages drawn) in
 * a child process of its own, never in the API's or the worker's event loop. A child starts with an
 * empty environment (no keys, no database URL) under Node's permission model: it may read only its
 * own code and the packages it loads (never the document store, nor /proc of other processes), and
 * may not write files or start processes or threads. It is handed the file's bytes over IPC (not a
 * path), and is killed when its own resident memory passes the limit, or its own processor time the
 * job's. A small pool of children (at least two) serves one queue, round-robin across tenants and
 * bounded; one tenant holds at most all children but one, so another tenant's job never waits behind
 * its slow files; a full queue refuses work at once (PdfEngineBusy), except a tenant's first job.
 * Which failures are the document's (pdf-errors.ts) is decided here and in the child's verdict, once
 * for every caller.
 */
import { execFileSync, fork } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve as resolvePath, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FairQueue } from '../../common/scheduling/fair-queue.js';
import { PdfEngineBusy, PdfEngineUnavailable, PdfReadError } from './pdf-errors.js';
const WATCH_INTERVAL_MS = 20;
/** A child that has served this many jobs, or kept three quarters of its memory limit, is replaced. */
const MAX_JOBS_PER_CHILD = 200;
const WALL_TIME_FACTOR = 3;
const MiB = 1024 * 1024;
/** Clock ticks per second, the unit of /proc/<pid>/stat's times (100 on Linux). */
const CLOCK_TICKS = (() => {
    try {
        return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'latin1' }).trim()) || 100;
    }
    catch {
        return 100;
    }
})();
/** The application's node_modules (where it is found from this module's directory) and its real path. */
const MODULE_DIR = fileURLToPath(new URL('.', import.meta.url));
const NODE_MODULES = (() => {
    let root = MODULE_DIR;
    while (!existsSync(join(root, 'node_modules')) && dirname(root) !== root)
        root = dirname(root);
    return join(root, 'node_modules');
})();
/**
 * Running from TypeScript source (the test runner), the child's code is compiled (by swc, as the test
 * runner does) into node_modules/.cache once per version of its sources, so that the child runs
 * plain JavaScript under exactly the permissions it has in production: no loader thread, no compiler.
 */
function childCodeFromSource() {
    const readerDir = join(MODULE_DIR, 'reader');
    const files = readdirSync(readerDir).filter((name) => name.endsWith('.ts'));
    const sources = files.map((name) => [name, readFileSync(join(readerDir, name), 'utf8')]);
    const version = createHash('sha256').update(JSON.stringify(sources)).digest('hex').slice(0, 16);
    const outDir = join(realpathSync(NODE_MODULES), '.cache', 'foliodesk-pdf-child', version, 'reader');
    if (existsSync(join(outDir, 'pdf-child.js')))
        return dirname(outDir);
    const { transformSync } = createRequire(import.meta.url)('@swc/core');
    mkdirSync(outDir, { recursive: true });
    for (const [name, source] of sources) {
        const { code } = transformSync(source, { filename: name, swcrc: false, jsc: { parser: { syntax: 'typescript' }, target: 'es2022', keepClassNames: true }, module: { type: 'es6' } });
        // Written aside and renamed: another process compiling the same version never reads half a file.
        const out = join(outDir, name.replace(/\.ts$/, '.js'));
        writeFileSync(`${out}.${process.pid}`, code);
        renameSync(`${out}.${process.pid}`, out);
    }
    return dirname(outDir);
}
/** The directory holding the child's code (reader/pdf-child.js): this module's, or its compiled copy from source. */
let childCodeDir;
function childCode() {
    childCodeDir ??= import.meta.url.endsWith('.ts') ? childCodeFromSource() : MODULE_DIR;
    return childCodeDir;
}
/**
 * What a child may read: the directory of its own code (the rest of the application, its
 * configuration and the document store stay out), the application's node_modules (pdfjs-dist and its
 * fonts, @hyzyla/pdfium's WebAssembly, @napi-rs/canvas, fflate) under both its own and its real path,
 * and the package.json that says the code is ES modules.
 */
export function childReadablePaths() {
    const paths = new Set([childCode(), NODE_MODULES, realpathSync(NODE_MODULES)]);
    for (let dir = MODULE_DIR; dirname(dir) !== dir; dir = dirname(dir)) {
        if (existsSync(join(dir, 'package.json'))) {
            paths.add(join(dir, 'package.json'));
            break;
        }
    }
    return [...paths];
}
const within = (dir, parent) => {
    const rel = relative(parent, dir);
    return rel === '' || (!rel.startsWith('..') && !rel.startsWith(sep) && rel !== '..');
};
/** Node's permission model for a child: read its code and packages, nothing else; no writes, processes or threads. */
function permissionArgs(privateDirs) {
    const readable = childReadablePaths();
    for (const dir of privateDirs) {
        const real = existsSync(dir) ? realpathSync(dir) : resolvePath(dir);
        for (const path of readable) {
            if (within(resolvePath(dir), path) || within(real, path))
                throw new Error(`The PDF engine's children could read ${dir} (it lies in ${path}); keep it out of the application's code and node_modules`);
        }
    }
    // The one native addon is @napi-rs/canvas (drawing pages); its file is in node_modules like the rest.
    return ['--experimental-permission', '--allow-addons', ...readable.map((path) => `--allow-fs-read=${path}`), '--no-warnings'];
}
/** Signals that mean the reader crashed on what it was reading (V8 aborts when out of heap). */
const CRASH_SIGNALS = new Set(['SIGABRT', 'SIGSEGV', 'SIGBUS', 'SIGILL', 'SIGFPE', 'SIGTRAP']);
class Reader {
    constructor(options, permissions) {
        this.jobsDone = 0;
        this.killed = false;
        /** The running job's end, called by whatever ends it first (one listener per child, not per job). */
        this.finishJob = null;
        const heapMb = Math.max(64, Math.floor(options.memoryLimitBytes / MiB));
        this.process = fork(join(childCode(), 'reader', 'pdf-child.js'), options.testHooks ? ['--test-hooks'] : [], {
            env: {},
            execArgv: [...permissions, `--max-old-space-size=${heapMb}`],
            serialization: 'advanced',
            stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
        });
        this.process.once('exit', (code, signal) => this.finishJob?.({ kind: 'died', code, signal }));
        this.process.on('message', (reply) => this.finishJob?.({ kind: 'reply', reply }));
        this.process.on('error', () => undefined);
        this.idle();
    }
    get alive() {
        return this.process.exitCode === null && this.process.signalCode === null && !this.killed;
    }
    /** Its resident memory (VmRSS), or null once it is gone. */
    rss() {
        try {
            const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${this.process.pid}/status`, 'latin1'));
            return kb ? Number(kb[1]) * 1024 : null;
        }
        catch {
            return null;
        }
    }
    /** The processor time it has used (user and system, ms), or null once it is gone. */
    cpuMs() {
        try {
            const stat = readFileSync(`/proc/${this.process.pid}/stat`, 'latin1');
            // The fields after the command name (which may hold spaces and parentheses): utime and stime are the 12th and 13th.
            const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
            return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
        }
        catch {
            return null;
        }
    }
    /** An idle child keeps no parent alive. */
    idle() {
        this.process.unref();
        this.process.channel?.unref();
    }
    kill() {
        this.killed = true;
        this.process.kill('SIGKILL');
    }
    /** Runs one job; whatever happens, answers how it went (never rejects). */
    run(id, job, limits) {
        this.process.channel?.ref();
        const startRss = this.rss() ?? 0;
        const startCpu = this.cpuMs() ?? 0;
        return new Promise((resolve) => {
            const finish = (attempt) => {
                if (attempt.kind === 'reply' && attempt.reply.id !== id)
                    return;
                this.finishJob = null;
                clearInterval(watch);
                clearTimeout(backstop);
                limits.signal?.removeEventListener('abort', onAbort);
                if (attempt.kind !== 'reply')
                    this.kill();
                else {
                    this.jobsDone++;
                    this.idle();
                }
                resolve(attempt);
            };
            const onAbort = () => finish({ kind: 'aborted', reason: limits.signal?.reason });
            const watch = setInterval(() => {
                const rss = this.rss();
                if (rss !== null && rss > limits.memoryLimitBytes)
                    return finish({ kind: 'memory', grownBytes: rss - startRss });
                const cpu = this.cpuMs();
                if (cpu !== null && cpu - startCpu > limits.cpuLimitMs)
                    finish({ kind: 'cpu' });
            }, WATCH_INTERVAL_MS);
            const backstop = setTimeout(() => {
                const cpu = this.cpuMs();
                finish(cpu !== null && cpu - startCpu > limits.cpuLimitMs ? { kind: 'cpu' } : { kind: 'stalled' });
            }, limits.wallLimitMs);
            this.finishJob = finish;
            limits.signal?.addEventListener('abort', onAbort, { once: true });
            if (limits.signal?.aborted)
                return onAbort();
            this.process.send({ id, job }, (error) => error && this.finishJob?.({ kind: 'died', code: null, signal: null }));
        });
    }
}
export class PdfEngine {
    constructor(options) {
        this.options = options;
        this.rejected = 0;
        this.killed = { memory: 0, cpu: 0, wall: 0 };
        this.idle = [];
        this.busy = new Set();
        this.running = 0;
        this.runningByTenant = new Map();
        this.nextId = 1;
        this.closed = false;
        if (!(options.poolSize >= 2))
            throw new RangeError('The PDF engine needs at least 2 children (PDF_ENGINE_POOL_SIZE), so that one tenant never holds them all');
        this.queue = new FairQueue(options.queueLimit, options.queuePerTenant);
        this.perTenantRunning = options.poolSize - 1;
        this.permissions = permissionArgs(options.privateDirs ?? []);
    }
    /** The number of pages; a password problem or a damaged file rejects with PdfReadError. */
    async inspect(tenant, data, password, options = {}) {
        return (await this.run(tenant, { kind: 'inspect', data, password }, options));
    }
    /** The positioned text of every page (or the first `maxPages`), as extractPdfText reads it. */
    async text(tenant, data, password, options = {}) {
        return (await this.run(tenant, { kind: 'text', data, password, maxPages: options.maxPages }, options));
    }
    /**
     * Which of `candidates` opens the document, tried in order in one job (one open of the file): the
     * index of the first that does, null when none does, `encrypted` false when it needs none. The
     * answer names an index, never a password; a damaged file rejects with PdfReadError (PDF_UNREADABLE).
     */
    async unlock(tenant, data, candidates, options = {}) {
        return (await this.run(tenant, { kind: 'unlock', data, candidates: [...candidates] }, options));
    }
    /** The layout analysis zip (reader/layout.ts): pages drawn within the pixel budget. */
    async layout(tenant, data, password, options = {}) {
        const zip = (await this.run(tenant, { kind: 'layout', data, password }, options));
        return Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength);
    }
    /**
     * Queues a job for `tenant`'s turn and resolves with its result. Rejects with PdfEngineBusy at
     * once when the queue is full (a tenant with nothing queued or running is always let in),
     * PdfReadError for the document's own failure, PdfEngineUnavailable when its reader failed for
     * another reason twice, or the signal's reason when it aborts.
     */
    run(tenant, job, options = {}) {
        return new Promise((resolve, reject) => {
            if (this.closed)
                return reject(new PdfEngineUnavailable('The PDF engine has stopped'));
            options.signal?.throwIfAborted();
            const { signal } = options;
            const onAbort = () => this.queue.remove(tenant, waiting) && reject(signal?.reason);
            const leftQueue = () => signal?.removeEventListener('abort', onAbort);
            const waiting = { tenant, job, options, resolve, reject, leftQueue };
            if (!this.queue.push(tenant, waiting, this.runningByTenant.get(tenant) ?? 0)) {
                this.rejected++;
                return reject(new PdfEngineBusy(this.retryAfterSeconds()));
            }
            signal?.addEventListener('abort', onAbort, { once: true });
            this.pump();
        });
    }
    /** What the engine is doing and what it has refused and killed (for `/metrics` and tests). */
    stats() {
        const pids = (readers) => [...readers].map((r) => r.process.pid).filter(Boolean);
        return {
            poolSize: this.options.poolSize,
            waiting: this.queue.size,
            running: this.running,
            children: pids([...this.idle, ...this.busy]),
            reading: pids(this.busy),
            rejected: this.rejected,
            killed: { ...this.killed },
        };
    }
    /** Nest's shutdown hook (PdfModule). */
    onApplicationShutdown() {
        return this.close();
    }
    async close() {
        this.closed = true;
        for (let w = this.queue.shift(); w; w = this.queue.shift()) {
            w.leftQueue();
            w.reject(new PdfEngineUnavailable('The PDF engine has stopped'));
        }
        for (const reader of [...this.idle, ...this.busy])
            reader.kill();
        this.idle.length = 0;
    }
    /** About how long the queue takes to drain a turn: a second per job waiting per child, 1–30 s. */
    retryAfterSeconds() {
        return Math.min(30, Math.max(1, Math.ceil(this.queue.size / this.options.poolSize)));
    }
    pump() {
        while (!this.closed && this.running < this.options.poolSize) {
            const waiting = this.queue.shift((tenant) => (this.runningByTenant.get(tenant) ?? 0) < this.perTenantRunning);
            if (!waiting)
                return;
            waiting.leftQueue();
            const { tenant } = waiting;
            this.running++;
            this.runningByTenant.set(tenant, (this.runningByTenant.get(tenant) ?? 0) + 1);
            void this.execute(waiting).finally(() => {
                this.running--;
                const left = this.runningByTenant.get(tenant) - 1;
                if (left)
                    this.runningByTenant.set(tenant, left);
                else
                    this.runningByTenant.delete(tenant);
                this.pump();
            });
        }
    }
    take() {
        let reader = this.idle.pop();
        while (reader && !reader.alive)
            reader = this.idle.pop();
        reader ??= new Reader(this.options, this.permissions);
        this.busy.add(reader);
        return reader;
    }
    release(reader) {
        this.busy.delete(reader);
        const rss = reader.rss();
        const worn = reader.jobsDone >= MAX_JOBS_PER_CHILD || rss === null || rss > this.options.memoryLimitBytes * 0.75;
        if (this.closed || !reader.alive || worn || this.idle.length >= this.options.poolSize)
            reader.kill();
        else
            this.idle.push(reader);
        // A child replaced at once, so that the next job does not wait for one to start (about 0.2 s, more on a busy machine).
        if (!this.closed && this.idle.length + this.busy.size < this.options.poolSize)
            this.idle.push(new Reader(this.options, this.permissions));
    }
    /**
     * Runs a job on a child. A failure that may not be the document's — the memory ran out on a child
     * that held much of it before the job began, the child died of something it was not doing, or the
     * job's wall-clock backstop passed before its processor time did — is tried once more on a fresh
     * child; only what happens there is charged to the document (or, for the backstop, to the engine).
     */
    async execute({ job, options, resolve, reject }) {
        const cpuLimitMs = options.timeoutMs ?? this.options.timeoutMs;
        const wallLimitMs = cpuLimitMs * (this.options.wallTimeFactor ?? WALL_TIME_FACTOR);
        const limits = { memoryLimitBytes: this.options.memoryLimitBytes, cpuLimitMs, wallLimitMs, signal: options.signal };
        for (let attempt = 1;; attempt++) {
            if (this.closed)
                return reject(new PdfEngineUnavailable('The PDF engine has stopped'));
            const reader = this.take();
            const outcome = await reader.run(this.nextId++, job, limits);
            this.release(reader);
            const cause = { memory: 'memory', cpu: 'cpu', stalled: 'wall' }[outcome.kind];
            if (cause)
                this.killed[cause]++;
            // Memory run out while this job itself grew the child by at least half the limit: the document's doing.
            const last = attempt >= 2 || (outcome.kind === 'memory' && outcome.grownBytes >= limits.memoryLimitBytes / 2);
            switch (outcome.kind) {
                case 'reply': {
                    const { reply } = outcome;
                    if (reply.ok)
                        return resolve(reply.result);
                    if (reply.code !== 'ENGINE_ERROR')
                        return reject(new PdfReadError(reply.code, reply.message));
                    // An error the reader did not expect: tried once more, then it is this file's.
                    if (last)
                        return reject(new PdfReadError('PDF_UNREADABLE', `The PDF reader failed on this file: ${reply.message}`));
                    break;
                }
                case 'aborted':
                    return reject(outcome.reason ?? new Error('The PDF read was aborted'));
                case 'cpu':
                    return reject(new PdfReadError('PDF_UNREADABLE', `Reading the PDF took more than ${Math.round(limits.cpuLimitMs / 1000)} s of processor time`));
                case 'stalled':
                    // The machine, not the document: its processor time was not used up.
                    if (last)
                        return reject(new PdfEngineUnavailable(`The PDF reader got too little processor time within ${Math.round(wallLimitMs / 1000)} s`));
                    break;
                case 'memory':
                    if (last)
                        return reject(new PdfReadError('PDF_UNREADABLE', `Reading the PDF needed more than ${Math.round(limits.memoryLimitBytes / MiB)} MB`));
                    break;
                case 'died': {
                    if (!last)
                        break;
                    const crashed = (outcome.signal !== null && CRASH_SIGNALS.has(outcome.signal)) || outcome.code === 134;
                    if (crashed)
                        return reject(new PdfReadError('PDF_UNREADABLE', 'The PDF reader crashed on this file'));
                    return reject(new PdfEngineUnavailable(`The PDF reader stopped (${outcome.signal ?? `exit code ${outcome.code}`})`));
                }
            }
        }
    }
}
//# sourceMappingURL=pdf-engine.js.map