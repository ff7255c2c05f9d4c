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
 * The engine under test is this checkout's build (dist/): run `npm run bench:pdf-fairness`. No
 * PostgreSQL or Redis.
 */
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { generateStatement } from '../test/fixtures/generator/index.js';
import { decompressionBomb, deeplyNestedContent, textRunBomb } from '../test/support/hostile/malicious-pdfs.js';

const UPLOADS = Number(process.env.BENCH_UPLOADS ?? 60);
const INTERVAL_MS = Number(process.env.BENCH_INTERVAL_MS ?? 400);
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const MiB = 1024 * 1024;
const DEFAULTS = { poolSize: 2, queueLimit: 64, queuePerTenant: 16, memoryLimitBytes: 256 * MiB, timeoutMs: 60_000 };

type Engine = {
  inspect(tenant: string, data: Uint8Array): Promise<{ pages: number }>;
  text(tenant: string, data: Uint8Array): Promise<unknown>;
  close(): Promise<void>;
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

async function main() {
  const { PdfEngine } = (await import(pathToFileURL(join(ROOT, 'dist/src/modules/pdf/pdf-engine.js')).href)) as { PdfEngine: new (o: typeof DEFAULTS) => Engine };
  const statement = new Uint8Array((await generateStatement('cams_detailed', { seed: 1, pages: 20 })).pdf);
  const hostile = [await decompressionBomb(600), await textRunBomb(96), deeplyNestedContent(100_000)].map((b) => new Uint8Array(b));

  const alone = new PdfEngine(DEFAULTS);
  await alone.inspect('tenant-b', statement); // children started, as in a running service
  const aloneMs = await uploadsOfB(alone, statement);
  await alone.close();

  const flooded = new PdfEngine(DEFAULTS);
  await flooded.inspect('tenant-b', statement);
  const outcomes = new Map<string, number>();
  let flooding = true;
  const floodOne = async (n: number): Promise<void> => {
    while (flooding) {
      const outcome = await flooded.text('tenant-a', hostile[n % hostile.length]).then(
        () => 'read',
        (e: { name?: string; code?: string; message?: string }) => `${e.code ?? e.name}: ${e.message?.replace(/\d+/g, 'N')}`,
      );
      if (flooding) outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
    }
  };
  const flood = Array.from({ length: DEFAULTS.queuePerTenant + 1 }, (_, n) => floodOne(n));
  await new Promise((r) => setTimeout(r, 1000));
  const floodedMs = await uploadsOfB(flooded, statement);
  flooding = false;
  await flooded.close();
  await Promise.all(flood);

  console.log(
    JSON.stringify(
      {
        engine: DEFAULTS,
        uploads_of_b: UPLOADS,
        alone: summary(aloneMs),
        flooded: summary(floodedMs),
        tenant_a_outcomes: Object.fromEntries(outcomes),
      },
      null,
      2,
    ),
  );
}

await main();
