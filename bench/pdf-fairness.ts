/**
 * How long a tenant's upload waits for the PDF engine while another tenant floods it with slow and
 * hostile PDFs. With the service's defaults (two reader children, a queue of 64 places and 16 per
 * tenant, 256 MiB and 60 s per job), tenant B uploads a real statement (the upload's page count, as
 * `POST /nexus/upload` asks the engine) every BENCH_INTERVAL_MS (400), BENCH_UPLOADS (60) times:
 *
 *   alone      nothing else in the engine;
 *   flooded    tenant A keeps all 16 of its places, and one more, filled with text reads (the
 *              pipeline's stage 3) of hostile files — a 600 MiB decompression bomb (killed at the
 *              memory limit), a text-run bomb, content nested 100,000 deep (reads until the job's
 *              time limit) — each resubmitted as soon as it ends, for the whole run.
 *
 * It reports B's latency (median, p95, max) in both, what A's files ended as, and the children killed.
 * The engine under test is this checkout's build (dist/): run `npm run bench:pdf-fairness`. With
 * BENCH_BASELINE (the directory of another checkout with `npm run build` run in it) that build's engine
 * is measured the same way, phase by phase in turn with this one (alone: this, baseline; flooded:
 * baseline, this), and the ratios this / baseline printed: the machine's load falls on both. No
 * PostgreSQL or Redis.
 */
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { generateStatement } from '../test/fixtures/generator/index.js';
import { decompressionBomb, deeplyNestedContent, textRunBomb } from '../test/support/hostile/malicious-pdfs.js';

const UPLOADS = Number(process.env.BENCH_UPLOADS ?? 60);
const INTERVAL_MS = Number(process.env.BENCH_INTERVAL_MS ?? 400);
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const BASELINE = process.env.BENCH_BASELINE ? resolve(process.env.BENCH_BASELINE) : null;
const MiB = 1024 * 1024;
const DEFAULTS = { poolSize: 2, queueLimit: 64, queuePerTenant: 16, memoryLimitBytes: 256 * MiB, timeoutMs: 60_000 };

type Engine = {
  inspect(tenant: string, data: Uint8Array): Promise<{ pages: number }>;
  text(tenant: string, data: Uint8Array): Promise<unknown>;
  close(): Promise<void>;
  stats(): { killed?: Record<string, number> };
};

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
};
const summary = (ms: number[]) => ({ median_ms: Math.round(quantile(ms, 0.5)), p95_ms: Math.round(quantile(ms, 0.95)), max_ms: Math.round(Math.max(...ms)) });

async function uploadsOfB(engine: Engine, statement: Uint8Array): Promise<number[]> {
  const latencies: number[] = [];
  for (let i = 0; i < UPLOADS; i++) {
    const started = performance.now();
    await engine.inspect('tenant-b', statement);
    latencies.push(performance.now() - started);
    await new Promise((r) => setTimeout(r, INTERVAL_MS));
  }
  return latencies;
}

type EngineClass = new (o: typeof DEFAULTS) => Engine;
const engineOf = async (root: string) => ((await import(pathToFileURL(join(root, 'dist/src/modules/pdf/pdf-engine.js')).href)) as { PdfEngine: EngineClass }).PdfEngine;

/** B's uploads with nothing else in the engine. */
async function alone(PdfEngine: EngineClass, statement: Uint8Array): Promise<number[]> {
  const engine = new PdfEngine(DEFAULTS);
  await engine.inspect('tenant-b', statement); // children started, as in a running service
  const ms = await uploadsOfB(engine, statement);
  await engine.close();
  return ms;
}

/** B's uploads while A floods the engine; what A's files ended as, and the children killed (by cause, where the build counts them). */
async function flooded(PdfEngine: EngineClass, statement: Uint8Array, hostile: Uint8Array[]) {
  const engine = new PdfEngine(DEFAULTS);
  await engine.inspect('tenant-b', statement);
  const outcomes = new Map<string, number>();
  let flooding = true;
  const floodOne = async (n: number): Promise<void> => {
    while (flooding) {
      const outcome = await engine.text('tenant-a', hostile[n % hostile.length]).then(
        () => 'read',
        (e: { name?: string; code?: string; message?: string }) => `${e.code ?? e.name}: ${e.message?.replace(/\d+/g, 'N')}`,
      );
      if (flooding) outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
    }
  };
  const flood = Array.from({ length: DEFAULTS.queuePerTenant + 1 }, (_, n) => floodOne(n));
  await new Promise((r) => setTimeout(r, 1000));
  const ms = await uploadsOfB(engine, statement);
  flooding = false;
  const killed = engine.stats().killed ?? null;
  await engine.close();
  await Promise.all(flood);
  return { ms, outcomes: Object.fromEntries(outcomes), killed };
}

async function main() {
  const load = loadavg()[0];
  const statement = new Uint8Array((await generateStatement('cams_detailed', { seed: 1, pages: 20 })).pdf);
  const hostile = [await decompressionBomb(600), await textRunBomb(96), deeplyNestedContent(100_000)].map((b) => new Uint8Array(b));
  const [own, base] = [await engineOf(ROOT), BASELINE ? await engineOf(BASELINE) : null];

  const aloneOwn = await alone(own, statement);
  const aloneBase = base ? await alone(base, statement) : null;
  const floodedBase = base ? await flooded(base, statement, hostile) : null;
  const floodedOwn = await flooded(own, statement, hostile);

  const ratio = (a: number[], b: number[] | undefined) => {
    if (!b) return undefined;
    const [x, y] = [summary(a), summary(b)];
    return { median: +(x.median_ms / y.median_ms).toFixed(2), p95: +(x.p95_ms / y.p95_ms).toFixed(2), max: +(x.max_ms / y.max_ms).toFixed(2) };
  };
  console.log(
    JSON.stringify(
      {
        engine: DEFAULTS,
        uploads_of_b: UPLOADS,
        load_average: `${load.toFixed(1)} → ${loadavg()[0].toFixed(1)}`,
        alone: summary(aloneOwn),
        flooded: summary(floodedOwn.ms),
        tenant_a_outcomes: floodedOwn.outcomes,
        children_killed: floodedOwn.killed,
        ...(BASELINE && aloneBase && floodedBase
          ? {
              baseline: { dir: BASELINE, alone: summary(aloneBase), flooded: summary(floodedBase.ms), tenant_a_outcomes: floodedBase.outcomes },
              this_over_baseline: { alone: ratio(aloneOwn, aloneBase), flooded: ratio(floodedOwn.ms, floodedBase.ms) },
            }
          : {}),
      },
      null,
      2,
    ),
  );
}

await main();
