/**
 * Extraction time per page, in process, next to `pdftotext -layout` on the same file (the
 * baseline: the cost of merely getting the text out). For 10- and 50-page statements of each
 * holdings family it times the steps the pipeline's stages run, without queues or database:
 *
 *   pdfjs text       extractPdfText (positioned text of every page; stage 3)
 *   lines            buildLines (stage 4)
 *   classify         classifyStatement on the first three pages' text (stage 2, without its own read)
 *   understand       extractStatement + validateExtraction + enrichExtraction + calculatePortfolio
 *                    per investor and overall (stages 5–8)
 *
 * Each figure is the median of BENCH_RUNS warm runs (default 5, after BENCH_WARMUP = 2), in ms per
 * page. Every run's extraction is checked against the generator's model (holding count and no
 * validation flag), so the figures are those of a correct extraction.
 *
 * Run: `npm run bench:extraction` (poppler-utils for the baseline; no PostgreSQL or Redis needed).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { calculatePortfolio } from '../src/modules/nexus/extraction/calculator.js';
import { classifyStatement } from '../src/modules/nexus/extraction/classifier.js';
import { enrichExtraction } from '../src/modules/nexus/extraction/enricher.js';
import { extractStatement } from '../src/modules/nexus/extraction/extractor.js';
import { buildLines } from '../src/modules/nexus/extraction/line-builder.js';
import { extractPdfText } from '../src/modules/nexus/extraction/pdf-text.js';
import { validateExtraction } from '../src/modules/nexus/extraction/validator.js';
import { generateStatement, type StatementFamily } from '../test/fixtures/generator/index.js';

const FAMILIES: StatementFamily[] = ['cams_detailed', 'cams_summary', 'kfintech_detailed', 'kfintech_summary', 'nsdl_cas', 'cdsl_cas'];
const PAGES = (process.env.BENCH_PAGES ?? '10,50').split(',').map(Number);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
/** The classification stage reads this many pages (ClassificationStage). */
const CLASSIFICATION_PAGES = 3;

interface Timing {
  pdfjs: number;
  lines: number;
  classify: number;
  understand: number;
  total: number;
}

const median = (values: number[]): number => {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};

const since = (t0: number): number => performance.now() - t0;

/** One pass of the chain over a PDF, timed step by step; throws when the extraction is not exact. */
async function chain(pdf: Buffer, expectedHoldings: number): Promise<Timing> {
  let t0 = performance.now();
  const pages = await extractPdfText(new Uint8Array(pdf));
  const pdfjs = since(t0);

  t0 = performance.now();
  const lines = buildLines(pages);
  const linesMs = since(t0);

  t0 = performance.now();
  const classification = classifyStatement(pages.slice(0, CLASSIFICATION_PAGES));
  const classify = since(t0);

  t0 = performance.now();
  const draft = extractStatement(lines, classification);
  const validation = validateExtraction(draft);
  const enriched = enrichExtraction(draft);
  calculatePortfolio(enriched.entities);
  for (const entity of enriched.entities) calculatePortfolio([entity]);
  const understand = since(t0);

  const found = enriched.entities.reduce((n, e) => n + e.holdings.length, 0);
  if (found !== expectedHoldings || validation.flags.length) {
    throw new Error(`inexact extraction: ${found}/${expectedHoldings} holdings, flags ${JSON.stringify(validation.flags.slice(0, 3))}`);
  }
  return { pdfjs, lines: linesMs, classify, understand, total: pdfjs + linesMs + classify + understand };
}

function pdftotextMs(path: string): number | null {
  const runs: number[] = [];
  try {
    for (let i = 0; i < WARMUP + RUNS; i++) {
      const t0 = performance.now();
      execFileSync('pdftotext', ['-layout', path, '/dev/null']);
      if (i >= WARMUP) runs.push(since(t0));
    }
  } catch {
    return null;
  }
  return median(runs);
}

async function main(): Promise<void> {
  const loadBefore = loadavg()[0];
  const dir = mkdtempSync(join(tmpdir(), 'foliodesk-bench-extraction-'));
  const rows: string[] = [];
  try {
    for (const family of FAMILIES) {
      for (const target of PAGES) {
        const statement = await generateStatement(family, { seed: target, pages: target });
        const pages = statement.model.page_count;
        const path = join(dir, `${family}-${pages}.pdf`);
        writeFileSync(path, statement.pdf);

        const timings: Timing[] = [];
        for (let i = 0; i < WARMUP + RUNS; i++) {
          const timing = await chain(statement.pdf, statement.model.holdings.length);
          if (i >= WARMUP) timings.push(timing);
        }
        const m = (key: keyof Timing): number => median(timings.map((t) => t[key]));
        const perPage = (ms: number): string => (ms / pages).toFixed(2);
        const baseline = pdftotextMs(path);
        rows.push(
          `| ${family} | ${pages} | ${statement.model.holdings.length} | ${perPage(m('pdfjs'))} | ${perPage(m('lines'))} | ${m('classify').toFixed(2)} ms | ${perPage(m('understand'))} | ` +
            `**${perPage(m('total'))}** (${m('total').toFixed(0)} ms) | ${baseline === null ? 'n/a' : `${perPage(baseline)} (${baseline.toFixed(0)} ms)`} | ` +
            `${baseline === null ? 'n/a' : `${(m('total') / baseline).toFixed(1)}×`} |`,
        );
        console.error(`${family} ${pages} pages done`);
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

  console.log(`${cpus().length} cores, Node ${process.version}, load average ${loadBefore.toFixed(1)} → ${loadavg()[0].toFixed(1)}; median of ${RUNS} warm runs (after ${WARMUP} warm-up runs); ms per page unless stated; total includes classification`);
  console.log(
    '| family | pages | holdings | pdfjs text | lines | classify (first 3 pages, whole) | extract + validate + enrich + calculate | total per page (document) | pdftotext -layout (baseline) | total / baseline |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  for (const r of rows) console.log(r);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
