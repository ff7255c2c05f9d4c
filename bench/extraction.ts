/**
 * Extraction time per page, in process, next to `pdftotext -layout` on the same file (the cost of
 * merely getting the text out). For 10- and 50-page statements of each holdings family it times the
 * steps the pipeline's stages run, without queues or database:
 *
 *   text             extractPdfText (positioned text of every page, PDFium in this build; stage 3)
 *   lines            buildLines (stage 4)
 *   classify         classifyStatement on the first three pages' text (stage 2, without its own read)
 *   understand       extractStatement + validateExtraction + enrichExtraction + calculatePortfolio
 *                    per investor and overall (stages 5–8)
 *
 * Each (family, pages) is measured in a child process of its own: it loads one build's compiled
 * extraction code and statement generator (`<build>/dist-bench/…`), makes the statement, runs the
 * chain BENCH_WARMUP times (default 2) and then BENCH_RUNS times (5), and prints the medians as JSON.
 * Every run's extraction is checked against the generator's model (holding count and no validation
 * flag), so the figures are those of a correct extraction. BENCH_ROUNDS (3) repeats every child; with
 * BENCH_BASELINE (the directory of another checkout with `tsc -p tsconfig.bench.json` run in it), that
 * build is measured by the same harness in the same rounds, interleaved child by child, on the
 * families both builds generate. Each figure is the median over the rounds.
 *
 * Run: `npm run bench:extraction` (poppler-utils for the pdftotext column; no PostgreSQL or Redis).
 * BENCH_PAGES (`10,50`) and BENCH_FAMILIES (comma-separated) narrow the run.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';

const PAGES = (process.env.BENCH_PAGES ?? '10,50').split(',').map(Number);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const BASELINE = process.env.BENCH_BASELINE ? resolve(process.env.BENCH_BASELINE) : null;
const ONLY_FAMILIES = process.env.BENCH_FAMILIES?.split(',') ?? null;
/** This checkout: the compiled script is dist-bench/bench/extraction.js. */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SCRIPT = fileURLToPath(import.meta.url);
/** The classification stage reads this many pages (ClassificationStage). */
const CLASSIFICATION_PAGES = 3;
/** Families without holdings are not extraction benchmarks. */
const NOT_HOLDINGS = new Set(['bank_statement']);

const STEPS = ['text', 'lines', 'classify', 'understand', 'total'] as const;
type Step = (typeof STEPS)[number];
type Timing = Record<Step, number>;
/** What a child reports for one (build, family, pages): medians of its warm runs, in ms per document. */
interface Measurement extends Timing {
  pages: number;
  holdings: number;
  pdftotext: number | null;
}

const median = (values: number[]): number => {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};
const since = (t0: number): number => performance.now() - t0;
/** A module of a build's compiled bench tree (its own src and test/fixtures). */
const load = <T>(root: string, path: string): Promise<T> => import(pathToFileURL(join(root, 'dist-bench', path)).href) as Promise<T>;

type Extraction = typeof import('../src/modules/extraction/extractor.js') &
  typeof import('../src/modules/extraction/classifier.js') &
  typeof import('../src/modules/pdf/text-lines.js') &
  typeof import('../src/modules/pdf/reader/pdfium.js') &
  typeof import('../src/modules/extraction/validator.js') &
  typeof import('../src/modules/extraction/enricher.js') &
  typeof import('../src/modules/extraction/calculator.js');
type Generator = typeof import('../test/fixtures/generator/index.js');

/**
 * The modules of the chain, where the build at `root` has them: the first of each list that exists
 * (extraction moved from nexus/extraction to its own module; the text reader and the line builder have moved between builds: PDFium's reader in
 * pdf/reader/pdfium.js, pdfjs' in pdf/reader/pdf-text.js or nexus/extraction/pdf-text.js).
 */
const MODULES = [
  ['src/modules/extraction/extractor.js', 'src/modules/nexus/extraction/extractor.js'],
  ['src/modules/extraction/classifier.js', 'src/modules/nexus/extraction/classifier.js'],
  ['src/modules/pdf/text-lines.js', 'src/modules/nexus/extraction/line-builder.js'],
  ['src/modules/pdf/reader/pdfium.js', 'src/modules/pdf/reader/pdf-text.js', 'src/modules/nexus/extraction/pdf-text.js'],
  ['src/modules/extraction/validator.js', 'src/modules/nexus/extraction/validator.js'],
  ['src/modules/extraction/enricher.js', 'src/modules/nexus/extraction/enricher.js'],
  ['src/modules/extraction/calculator.js', 'src/modules/nexus/extraction/calculator.js'],
];

async function loadExtraction(root: string): Promise<Extraction> {
  const parts = await Promise.all(
    MODULES.map((candidates) => {
      const path = candidates.find((c) => existsSync(join(root, 'dist-bench', c)));
      if (!path) throw new Error(`${root} has none of ${candidates.join(', ')} in dist-bench (run tsc -p tsconfig.bench.json there)`);
      return load<object>(root, path);
    }),
  );
  return Object.assign({}, ...parts) as Extraction;
}

/** One pass of the chain over a PDF, timed step by step; throws when the extraction is not exact. */
async function chain(x: Extraction, pdf: Buffer, expectedHoldings: number): Promise<Timing> {
  let t0 = performance.now();
  const pages = await x.extractPdfText(new Uint8Array(pdf));
  const text = since(t0);

  t0 = performance.now();
  const lines = x.buildLines(pages);
  const linesMs = since(t0);

  t0 = performance.now();
  const classification = x.classifyStatement(pages.slice(0, CLASSIFICATION_PAGES));
  const classify = since(t0);

  t0 = performance.now();
  const draft = x.extractStatement(lines, classification);
  const validation = x.validateExtraction(draft);
  const enriched = x.enrichExtraction(draft);
  x.calculatePortfolio(enriched.entities);
  for (const entity of enriched.entities) x.calculatePortfolio([entity]);
  const understand = since(t0);

  const found = enriched.entities.reduce((n, e) => n + e.holdings.length, 0);
  if (found !== expectedHoldings || validation.flags.length) {
    throw new Error(`inexact extraction: ${found}/${expectedHoldings} holdings, flags ${JSON.stringify(validation.flags.slice(0, 3))}`);
  }
  return { text, lines: linesMs, classify, understand, total: text + linesMs + classify + understand };
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

/** The child: measures one family at one length with the build at `root`, prints a Measurement. */
async function measure(root: string, family: string, target: number): Promise<void> {
  const [x, generator] = await Promise.all([loadExtraction(root), load<Generator>(root, 'test/fixtures/generator/index.js')]);
  const statement = await generator.generateStatement(family as Parameters<Generator['generateStatement']>[0], { seed: target, pages: target });
  const timings: Timing[] = [];
  for (let i = 0; i < WARMUP + RUNS; i++) {
    const timing = await chain(x, statement.pdf, statement.model.holdings.length);
    if (i >= WARMUP) timings.push(timing);
  }
  const dir = mkdtempSync(join(tmpdir(), 'foliodesk-bench-extraction-'));
  let pdftotext: number | null;
  try {
    const path = join(dir, 'statement.pdf');
    writeFileSync(path, statement.pdf);
    pdftotext = pdftotextMs(path);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const medians = Object.fromEntries(STEPS.map((s) => [s, median(timings.map((t) => t[s]))])) as Timing;
  const out: Measurement = { ...medians, pages: statement.model.page_count, holdings: statement.model.holdings.length, pdftotext };
  // The PDF sandbox's thread would keep the process alive; the parent waits for the exit.
  process.stdout.write(JSON.stringify(out), () => process.exit(0));
}

async function familiesOf(root: string): Promise<string[]> {
  const { STATEMENT_FAMILIES } = await load<{ STATEMENT_FAMILIES: readonly string[] }>(root, 'test/fixtures/generator/model.js');
  return STATEMENT_FAMILIES.filter((f) => !NOT_HOLDINGS.has(f));
}

interface Build {
  name: string;
  root: string;
}

async function main(): Promise<void> {
  const loadBefore = loadavg()[0];
  const builds: Build[] = [{ name: 'this build', root: ROOT }, ...(BASELINE ? [{ name: 'baseline', root: BASELINE }] : [])];
  const lists = await Promise.all(builds.map((b) => familiesOf(b.root)));
  const inAll = (f: string): boolean => lists.every((l) => l.includes(f));
  const families = lists[0].filter((f) => inAll(f) && (!ONLY_FAMILIES || ONLY_FAMILIES.includes(f)));
  const skipped = [...new Set(lists.flat())].filter((f) => !inAll(f));

  // results[family/pages][build] = one Measurement per round
  const results = new Map<string, Map<string, Measurement[]>>();
  for (let round = 0; round < ROUNDS; round++) {
    for (const family of families) {
      for (const target of PAGES) {
        // Child by child, the builds alternate which goes first, so neither always runs right after a build step.
        const order = round % 2 ? [...builds].reverse() : builds;
        for (const build of order) {
          const json = execFileSync(process.execPath, [SCRIPT, 'measure', build.root, family, String(target)], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
          const key = `${family}/${target}`;
          const byBuild = results.get(key) ?? new Map<string, Measurement[]>();
          byBuild.set(build.name, [...(byBuild.get(build.name) ?? []), JSON.parse(json) as Measurement]);
          results.set(key, byBuild);
        }
        console.error(`round ${round + 1}/${ROUNDS}: ${family} ${target} pages done`);
      }
    }
  }

  console.log(
    `${cpus().length} cores, Node ${process.version}, load average ${loadBefore.toFixed(1)} → ${loadavg()[0].toFixed(1)}; each figure the median over ${ROUNDS} rounds ` +
      `of the median of ${RUNS} warm runs (after ${WARMUP} warm-up runs) in a process of its own; ms per page unless stated; total includes classification` +
      (BASELINE ? `; baseline: ${BASELINE}, interleaved child by child` : '') +
      (skipped.length ? `; not in both builds: ${skipped.join(', ')}` : ''),
  );
  console.log(
    '| family | pages | build | holdings | text with positions | lines | classify (first 3 pages, whole) | extract + validate + enrich + calculate | total per page (document) | total per page, each round | pdftotext -layout | total / pdftotext |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const [key, byBuild] of results) {
    const [family, target] = key.split('/');
    const figures = new Map<string, Timing & { pdftotext: number | null; pages: number; holdings: number; rounds: number[] }>();
    for (const [name, runs] of byBuild) {
      const m = (s: Step): number => median(runs.map((r) => r[s]));
      const p = runs.map((r) => r.pdftotext).filter((v): v is number => v !== null);
      const { pages, holdings } = runs[0];
      figures.set(name, {
        ...(Object.fromEntries(STEPS.map((s) => [s, m(s)])) as Timing),
        pdftotext: p.length ? median(p) : null,
        pages,
        holdings,
        rounds: runs.map((r) => r.total / pages),
      });
    }
    for (const build of builds) {
      const f = figures.get(build.name)!;
      const perPage = (ms: number): string => (ms / f.pages).toFixed(2);
      console.log(
        `| ${family} | ${f.pages} | ${build.name} | ${f.holdings} | ${perPage(f.text)} | ${perPage(f.lines)} | ${f.classify.toFixed(2)} ms | ${perPage(f.understand)} | ` +
          `**${perPage(f.total)}** (${f.total.toFixed(0)} ms) | ${f.rounds.map((v) => v.toFixed(2)).join(' / ')} | ` +
          `${f.pdftotext === null ? 'n/a' : `${perPage(f.pdftotext)} (${f.pdftotext.toFixed(0)} ms)`} | ${f.pdftotext === null ? 'n/a' : `${(f.total / f.pdftotext).toFixed(1)}×`} |`,
      );
    }
    if (BASELINE) {
      // Per page, so a statement of another length from the other build's generator compares fairly.
      const [own, base] = [figures.get('this build')!, figures.get('baseline')!];
      const ratio = (s: Step): string => `${(own[s] / own.pages / (base[s] / base.pages)).toFixed(2)}`;
      console.log(`| ${family} | ${target} | this / baseline | | ${ratio('text')} | ${ratio('lines')} | ${ratio('classify')} | ${ratio('understand')} | **${ratio('total')}** | | | |`);
    }
  }
}

if (process.argv[2] === 'measure') {
  measure(process.argv[3], process.argv[4], Number(process.argv[5])).catch((error) => {
    console.error(error);
    process.exit(1);
  });
} else {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
