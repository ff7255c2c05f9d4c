/**
 * `npm run demo`: the README's walk-through in one go against a running service (BASE_URL, default
 * http://localhost:3000). Registers a new tenant, uploads the sample statements of examples/statements
 * (the encrypted one with its password from statements.json), runs the pipeline on each and waits for
 * it, then prints the first investor's portfolio and gains and saves their client report PDF
 * (DEMO_REPORT, default var/demo/client-report.pdf). Plain fetch, the routes and fields of the API.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const BASE = (process.env.BASE_URL ?? 'http://localhost:3000').replace(/\/$/, '');
const REPORT_PATH = process.env.DEMO_REPORT ?? 'var/demo/client-report.pdf';
const SAMPLES = 'examples/statements';
const WAIT_MS = 300_000;

interface Sample {
  file: string;
  family: string;
  investor: { name: string; pan: string };
  password: string | null;
}
interface Envelope<T> {
  success: boolean;
  error: { code: string; details: string } | null;
  result: T;
}
type Json = Record<string, any>;

let token = '';

async function call<T = Json>(method: string, path: string, body?: unknown, raw = false): Promise<T> {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  let payload: FormData | string | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const response = await fetch(`${BASE}${path}`, { method, headers, body: payload });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 500)}`);
  const parsed = JSON.parse(text) as Envelope<T> | T;
  return raw ? (parsed as T) : (parsed as Envelope<T>).result;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(what: string, poll: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const value = await poll();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still not done after ${WAIT_MS / 1000} s`);
    await sleep(1000);
  }
}

/** A figure as printed: a missing one is a dash, never 0. */
const money = (value: number | null | undefined) => (value === null || value === undefined ? '—' : `${value < 0 ? '-' : ''}₹${Math.abs(value).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`);
const figure = (value: number | null | undefined, digits = 3) => (value === null || value === undefined ? '—' : value.toLocaleString('en-IN', { maximumFractionDigits: digits }));
const percent = (value: number | null | undefined) => (value === null || value === undefined ? '—' : `${(value * 100).toFixed(2)}%`);

async function reachable(): Promise<void> {
  try {
    await fetch(`${BASE}/api/v1/health`);
  } catch {
    throw new Error(`no Foliodesk answers at ${BASE}: start it with \`npm start\` (README, "The two commands"), or set BASE_URL`);
  }
}

async function register(): Promise<void> {
  const stamp = Date.now().toString(36);
  const pair = await call<{ access_token: string }>('POST', '/api/v1/auth/register', {
    email: `demo.${stamp}@example.in`,
    password: 'Str0ng-Passw0rd!',
    full_name: 'Priya Sharma',
    tenant_name: `Sharma Wealth Advisors (demo ${stamp})`,
  });
  token = pair.access_token;
  console.log(`Registered tenant "Sharma Wealth Advisors (demo ${stamp})", admin demo.${stamp}@example.in`);
}

async function processStatement(sample: Sample): Promise<void> {
  const form = new FormData();
  form.append('file', new Blob([readFileSync(join(SAMPLES, sample.file))], { type: 'application/pdf' }), sample.file);
  const upload = await call<{ job_id: string; password_required: boolean }>('POST', '/api/v1/nexus/upload/', form);
  const password = upload.password_required ? sample.password : null;
  if (upload.password_required && password === null) throw new Error(`${sample.file} is encrypted and statements.json gives no password`);
  const started = await call<{ process_id: string }>('POST', '/api/v2/nexus/pipeline/process', { job_id: upload.job_id, ...(password ? { password } : {}) }, true);
  const progress = await until(
    sample.file,
    () => call<{ status: string; progress_pct: number; error: { code: string; message: string } | null; extractions: { holdings: unknown[] } | null }>('GET', `/api/v2/nexus/status/process/${started.process_id}/progress`, undefined, true),
    (p) => p.status === 'completed' || p.status === 'failed',
  );
  if (progress.status === 'failed') throw new Error(`${sample.file}: the pipeline failed: ${progress.error?.code} ${progress.error?.message}`);
  console.log(`  ${sample.file}${password ? ' (opened with its password)' : ''}: completed, ${progress.extractions?.holdings.length ?? '—'} holdings read`);
}

async function clientOf(pan: string): Promise<string> {
  const page = await call<{ items: Array<{ client_id: string }> }>('GET', `/api/v1/clients?pan=${pan}`);
  if (page.items.length !== 1) throw new Error(`expected one client with PAN ${pan}, found ${page.items.length}`);
  return page.items[0].client_id;
}

function financialYear(date: string): string {
  const [year, month] = date.split('-').map(Number);
  const start = month >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

async function showPortfolio(clientId: string, name: string): Promise<string> {
  const p = await call<Json>('GET', `/api/v1/clients/${clientId}/portfolio`);
  console.log(`\nPortfolio of ${name} (${clientId}) from the newest statements, ${p.statement_date}`);
  for (const position of p.positions as Json[]) {
    const where = position.folio ? `folio ${position.folio}` : `account ${position.account_id}`;
    console.log(`  ${String(position.scheme_name).slice(0, 52).padEnd(52)} ${where.padEnd(26)} ${figure(position.units).padStart(12)} units  ${money(position.market_value).padStart(16)}`);
  }
  const t = p.totals as Json;
  console.log(`  Total value ${money(t.total_market_value)}, invested ${money(t.total_cost_value)}, gain ${money(t.gain)} (${percent(t.gain_pct)}), XIRR ${percent(t.xirr)}`);
  if (t.holdings_without_value) console.log(`  ${t.holdings_without_value} holdings without a value are left out of the total`);
  return financialYear(p.statement_date as string);
}

async function showGains(clientId: string, fy: string): Promise<void> {
  const g = await call<Json>('GET', `/api/v1/clients/${clientId}/gains?fy=${fy}`);
  console.log(`\nCapital gains, financial year ${g.fy}`);
  const rows = (label: string, classes: Json[]) => {
    for (const c of classes) {
      // A total with lots of unknown cost is null; the part that is known is shown beside it.
      const total = (t: Json) => `${money(t.gain).padStart(14)} (${t.lots} lots${t.unknown_lots ? `, ${t.unknown_lots} unknown; known part ${money(t.known_gain)}` : ''})`;
      console.log(`  ${label.padEnd(11)} ${String(c.tax_class).padEnd(22)} short-term ${total(c.short_term)}   long-term ${total(c.long_term)}`);
    }
    if (classes.length === 0) console.log(`  ${label.padEnd(11)} none`);
  };
  rows('realised', g.realised.by_tax_class as Json[]);
  rows('unrealised', g.unrealised.by_tax_class as Json[]);
  if ((g.flags as Json[]).length) console.log(`  flags: ${(g.flags as Json[]).map((f) => f.code).join(', ')}`);
}

async function saveReport(clientId: string): Promise<void> {
  const queued = await call<{ report_id: string }>('POST', `/api/v1/clients/${clientId}/reports`, { report_type: 'client_summary' });
  const report = await until(
    'the client report',
    () => call<{ status: string; error: { code: string } | null; size_bytes: number | null }>('GET', `/api/v1/reports/${queued.report_id}`),
    (r) => r.status === 'completed' || r.status === 'failed',
  );
  if (report.status === 'failed') throw new Error(`the client report failed: ${report.error?.code}`);
  const file = await fetch(`${BASE}/api/v1/reports/${queued.report_id}/file`, { headers: { authorization: `Bearer ${token}` } });
  if (!file.ok) throw new Error(`GET /api/v1/reports/${queued.report_id}/file answered ${file.status}`);
  mkdirSync(dirname(REPORT_PATH), { recursive: true });
  writeFileSync(REPORT_PATH, Buffer.from(await file.arrayBuffer()));
  console.log(`\nClient report ${queued.report_id} saved to ${REPORT_PATH} (${report.size_bytes} bytes)`);
}

async function main(): Promise<void> {
  await reachable();
  const { statements } = JSON.parse(readFileSync(join(SAMPLES, 'statements.json'), 'utf8')) as { statements: Sample[] };
  await register();
  console.log(`Uploading and processing ${statements.length} statements from ${SAMPLES}:`);
  for (const sample of statements) await processStatement(sample);
  const investor = statements[0].investor;
  const clientId = await clientOf(investor.pan);
  const fy = await showPortfolio(clientId, investor.name);
  await showGains(clientId, fy);
  await saveReport(clientId);
}

main().catch((error: unknown) => {
  console.error(`Demo stopped: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
