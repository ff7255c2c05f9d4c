import { spawn, type ChildProcess } from 'node:child_process';
import { freePort, until } from './util.js';

const MAIN = new URL('../../../dist/src/main.js', import.meta.url).pathname;

export interface HttpOutcome {
  /** What the request was, e.g. `upload`, `start`, `list`. */
  op: string;
  method: string;
  path: string;
  /** HTTP status, or 0 when no answer came within the client's time limit (or the connection failed). */
  status: number;
  /** The envelope's error code, when the body is one. */
  code: string | null;
  body: any;
  text: string;
  ms: number;
  /** When the request was sent (epoch ms). */
  at: number;
  /** The client-side failure when there was no HTTP answer. */
  failure: string | null;
}

export interface RequestOptions {
  token?: string;
  json?: unknown;
  form?: FormData;
  timeoutMs?: number;
  op?: string;
}

/**
 * A Foliodesk process started from dist/ (`npm run build` first), as production runs it: main.ts
 * creates the database if missing, applies the migrations and serves HTTP (ROLE=all: the queue
 * workers, the reconciler and the webhook dispatcher run in it too). The test talks to it over
 * real HTTP and can see whether it died.
 */
export class AppProcess {
  /** The last 200 KB of output, for failure messages. */
  private output = '';
  /** Every complete JSON log line at warn or above (kept whole, unlike `output`). */
  private readonly lines: string[] = [];
  private partial = '';
  private exit: { code: number | null; signal: string | null } | null = null;

  private constructor(
    private readonly child: ChildProcess,
    readonly port: number,
  ) {
    child.stdout!.on('data', (c: Buffer) => this.record(c));
    child.stderr!.on('data', (c: Buffer) => this.record(c));
    child.once('exit', (code, signal) => (this.exit = { code, signal }));
  }

  static async start(env: Record<string, string>, readyWithinMs = 60_000): Promise<AppProcess> {
    const port = await freePort();
    const child = spawn(process.execPath, [MAIN], {
      env: { ...process.env, LOG_LEVEL: 'warn', ...env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_BASE_URL: `http://127.0.0.1:${port}` },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const app = new AppProcess(child, port);
    try {
      await until(async () => app.exited !== null || (await app.request('GET', '/api/v1/health', { timeoutMs: 2000 })).status === 200, readyWithinMs, 'Foliodesk process answering health 200', 100);
    } catch (error) {
      await app.stop();
      throw new Error(`${(error as Error).message}\n${app.logs()}`);
    }
    if (app.exited) throw new Error(`Foliodesk process exited at start (${JSON.stringify(app.exited)}):\n${app.logs()}`);
    return app;
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** null while the process runs; its exit code or signal once it has died. */
  get exited(): { code: number | null; signal: string | null } | null {
    return this.exit;
  }

  logs(tail = 6000): string {
    return this.output.slice(-tail);
  }

  /** The JSON log lines (LOG_LEVEL=warn and above) whose message is `msg`. */
  logLines(msg: string): Array<Record<string, any>> {
    return this.lines
      .filter((line) => line.includes(msg))
      .flatMap((line) => {
        try {
          return [JSON.parse(line)];
        } catch {
          return [];
        }
      })
      .filter((entry) => entry.msg === msg);
  }

  /** One HTTP request with a client-side time limit; never throws. */
  async request(method: string, path: string, options: RequestOptions = {}): Promise<HttpOutcome> {
    const headers: Record<string, string> = {};
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: string | FormData | undefined;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.form) body = options.form;
    const at = Date.now();
    const started = performance.now();
    const base = { op: options.op ?? `${method} ${path}`, method, path, at };
    try {
      const res = await fetch(this.baseUrl + path, { method, headers, body, signal: AbortSignal.timeout(options.timeoutMs ?? 20_000) });
      const text = await res.text();
      let parsed: any = null;
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = null;
      }
      const code = parsed && typeof parsed === 'object' && parsed.error && typeof parsed.error.code === 'string' ? parsed.error.code : null;
      return { ...base, status: res.status, code, body: parsed, text, ms: Math.round(performance.now() - started), failure: null };
    } catch (error) {
      const e = error as Error & { cause?: { code?: string } };
      return { ...base, status: 0, code: null, body: null, text: '', ms: Math.round(performance.now() - started), failure: `${e.name}: ${e.cause?.code ?? e.message}` };
    }
  }

  /** SIGTERM, then SIGKILL if it has not exited within `graceMs`. */
  async stop(graceMs = 5000): Promise<void> {
    if (this.exit) return;
    const gone = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), graceMs);
    await gone;
    clearTimeout(timer);
  }

  private record(chunk: Buffer) {
    const text = chunk.toString('utf8');
    this.output = (this.output + text).slice(-200_000);
    const lines = (this.partial + text).split('\n');
    this.partial = lines.pop() ?? '';
    // Stacks make up most of the volume during an outage; the messages are what the tests look for.
    for (const line of lines) if (line.startsWith('{')) this.lines.push(line.replace(/"stack":"(?:[^"\\]|\\.)*"/g, '"stack":"…"'));
  }
}
