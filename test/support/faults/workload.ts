import type { AppProcess, HttpOutcome } from './app-process.js';
import { sleep } from './util.js';

export interface Caller {
  token: string;
  tenantId: string;
  userId: string;
}

const PASSWORD = 'Str0ng-Passw0rd!';

/** Registers a fresh tenant over HTTP; its admin may upload, run the pipeline and manage webhooks. */
export async function registerAdmin(app: AppProcess): Promise<Caller> {
  const email = `faults.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}@example.in`;
  const res = await app.request('POST', '/api/v1/auth/register', { json: { email, password: PASSWORD, full_name: 'Fault Tester' } });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${res.failure ?? res.text}`);
  const r = res.body.result;
  return { token: r.access_token, tenantId: r.user.tenant_id, userId: r.user.id };
}

export async function subscribeWebhook(app: AppProcess, caller: Caller, url: string, secret: string): Promise<string> {
  const res = await app.request('POST', '/api/v1/webhooks/subscribe', {
    token: caller.token,
    json: { url, events: ['document.completed', 'document.failed'], secret },
  });
  if (res.status !== 201) throw new Error(`subscribe failed: ${res.status} ${res.failure ?? res.text}`);
  return res.body.result.webhook_id;
}

export function pdfForm(pdf: Buffer, filename: string): FormData {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), filename);
  return form;
}

export interface TrackedDocument {
  docId: string;
  jobId: string;
  /** null while no start has been acknowledged. */
  processId: string | null;
}

export interface WorkloadOptions {
  uploaders: number;
  readers: number;
  /** Upload at most this many documents in all. */
  maxDocuments: number;
  /** Pause of each loop between two iterations. */
  pauseMs: number;
}

/**
 * What clients do while a fault is injected: upload statements and start their pipeline, list
 * documents, poll progress, ask for health. Every answer (or its absence) is recorded with its time,
 * and every document the service acknowledged is tracked until it ends.
 */
export class Workload {
  readonly outcomes: HttpOutcome[] = [];
  readonly documents = new Map<string, TrackedDocument>();
  private stopped = true;
  private loops: Promise<void>[] = [];
  private uploaded = 0;

  constructor(
    private readonly app: AppProcess,
    private readonly caller: Caller,
    private readonly pdfs: Buffer[],
    private readonly options: WorkloadOptions,
  ) {}

  start(): void {
    this.stopped = false;
    for (let i = 0; i < this.options.uploaders; i++) this.loops.push(this.uploadLoop(i));
    for (let i = 0; i < this.options.readers; i++) this.loops.push(this.readLoop());
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.all(this.loops);
    this.loops = [];
  }

  /**
   * A dense burst aimed at a fault: `loops` uploaders sending without a pause until the answer's
   * promise is settled (`until`), each upload's document tracked and started like the others'. A
   * fault's window is short (a restart takes PostgreSQL away for well under a second): a sparse
   * load misses it on most runs, and a test that passes by the luck of timing proves nothing.
   */
  async burst(loops: number, until: Promise<unknown>): Promise<void> {
    let done = false;
    void until.finally(() => (done = true));
    const loop = async (worker: number) => {
      for (let n = 0; !done; n++) {
        const pdf = this.pdfs[n % this.pdfs.length];
        const up = await this.call('POST', '/api/v1/nexus/upload/', { form: pdfForm(pdf, `CAS_burst_${worker}_${n}.pdf`), op: 'upload (burst)' });
        if (up.status === 201) {
          const doc: TrackedDocument = { docId: up.body.result.doc_id, jobId: up.body.result.job_id, processId: null };
          this.documents.set(doc.docId, doc);
          const started = await this.call('POST', '/api/v2/nexus/pipeline/process', { json: { job_id: doc.jobId }, op: 'start (burst)' });
          if (started.status >= 200 && started.status < 300) doc.processId = started.body.process_id;
        } else {
          await sleep(5);
        }
      }
    };
    await Promise.all(Array.from({ length: loops }, (_, i) => loop(i)));
  }

  /** Per operation: requests, answers by status, and the slowest answer (ms). */
  summary(outcomes: HttpOutcome[] = this.outcomes): Record<string, { n: number; statuses: Record<string, number>; maxMs: number }> {
    const out: Record<string, { n: number; statuses: Record<string, number>; maxMs: number }> = {};
    for (const o of outcomes) {
      const entry = (out[o.op] ??= { n: 0, statuses: {}, maxMs: 0 });
      entry.n++;
      const key = String(o.status || o.failure);
      entry.statuses[key] = (entry.statuses[key] ?? 0) + 1;
      entry.maxMs = Math.max(entry.maxMs, o.ms);
    }
    return out;
  }

  /** Outcomes of requests sent within [from, to]. */
  between(from: number, to: number): HttpOutcome[] {
    return this.outcomes.filter((o) => o.at >= from && o.at <= to);
  }

  /**
   * Starts (again) every acknowledged upload whose start was not acknowledged, as a client that got
   * a 503 retries; a start that did go through answers its running process.
   */
  async startPending(): Promise<void> {
    for (const doc of this.documents.values()) {
      if (doc.processId) continue;
      const res = await this.call('POST', '/api/v2/nexus/pipeline/process', { json: { job_id: doc.jobId }, op: 'start (retry)' });
      if (res.status >= 200 && res.status < 300) doc.processId = res.body.process_id;
      else throw new Error(`start of ${doc.jobId} after recovery failed: ${res.status} ${res.failure ?? res.text}`);
    }
  }

  private async uploadLoop(worker: number): Promise<void> {
    while (!this.stopped && this.uploaded < this.options.maxDocuments) {
      const n = this.uploaded++;
      const pdf = this.pdfs[n % this.pdfs.length];
      const up = await this.call('POST', '/api/v1/nexus/upload/', { form: pdfForm(pdf, `CAS_${worker}_${n}.pdf`), op: 'upload' });
      if (up.status === 201) {
        const doc: TrackedDocument = { docId: up.body.result.doc_id, jobId: up.body.result.job_id, processId: null };
        this.documents.set(doc.docId, doc);
        const started = await this.call('POST', '/api/v2/nexus/pipeline/process', { json: { job_id: doc.jobId }, op: 'start' });
        if (started.status >= 200 && started.status < 300) doc.processId = started.body.process_id;
      } else {
        this.uploaded--; // not stored: try again
      }
      await sleep(up.status === 201 ? this.options.pauseMs : Math.max(this.options.pauseMs, 100));
    }
  }

  private async readLoop(): Promise<void> {
    let turn = 0;
    while (!this.stopped) {
      const processes = [...this.documents.values()].filter((d) => d.processId);
      switch (turn++ % 3) {
        case 0:
          await this.call('GET', '/api/v1/documents/me?limit=20', { op: 'list' });
          break;
        case 1:
          if (processes.length) {
            const doc = processes[Math.floor(Math.random() * processes.length)];
            await this.call('GET', `/api/v2/nexus/status/process/${doc.processId}/progress`, { op: 'progress' });
          }
          break;
        default:
          await this.call('GET', '/api/v1/health', { op: 'health', auth: false });
      }
      await sleep(this.options.pauseMs);
    }
  }

  private async call(method: string, path: string, options: { json?: unknown; form?: FormData; op: string; auth?: boolean }): Promise<HttpOutcome> {
    const outcome = await this.app.request(method, path, { ...options, token: options.auth === false ? undefined : this.caller.token });
    this.outcomes.push(outcome);
    return outcome;
  }
}

/**
 * What a client may see while a dependency is down: a success, or a clean 503 SERVICE_UNAVAILABLE
 * envelope (no stack, no driver message), within `boundMs`. Answers every other kind of outcome,
 * once per operation and answer, with how often it happened and one example.
 */
export function uncleanOutcomes(outcomes: HttpOutcome[], boundMs: number): string[] {
  const leak = /\bat [\w.<>]+ \(|node_modules|QueryFailedError|ECONNREFUSED|Connection terminated|driverError|\.js:\d+/;
  const bad = new Map<string, { n: number; example: string }>();
  for (const o of outcomes) {
    if (o.status >= 200 && o.status < 300 && o.ms <= boundMs) continue;
    if (o.status === 503 && o.code === 'SERVICE_UNAVAILABLE' && o.body?.success === false && !leak.test(o.text) && o.ms <= boundMs) continue;
    const key = `${o.op}: ${o.status || o.failure} ${o.code ?? ''}${o.ms > boundMs ? ` after more than ${boundMs} ms` : ''}`;
    const seen = bad.get(key) ?? { n: 0, example: `${o.method} ${o.path} in ${o.ms} ms: ${o.text.slice(0, 300)}` };
    seen.n++;
    bad.set(key, seen);
  }
  return [...bad].map(([key, { n, example }]) => `${key} ×${n} (e.g. ${example})`);
}
