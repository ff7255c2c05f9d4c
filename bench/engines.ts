/**
 * PDF engines for text with positions, on the same statements, in interleaved rounds:
 *
 *   pdfjs            pdfjs-dist 5 (src/modules/pdf/reader/pdfjs-text.ts), the reference: the line builder was made on its runs
 *   pdfium-hyzyla    the product's reader (src/modules/pdf/reader/pdfium.ts): PDFium compiled to
 *                    WebAssembly, as packaged by @hyzyla/pdfium
 *   pdfium-embedpdf  the same reader on PDFium as packaged by @embedpdf/pdfium
 *
 * Neither PDFium package reads positioned text in its JavaScript API, but both ship PDFium's whole
 * text API (FPDFText_*) in the module; the product's `readPdfium` turns its characters into the runs
 * pdfjs reports, with pdfjs' rules for ending a run and putting a space in it.
 *
 * The statements: every family of the fixture generator at BENCH_PAGES (`10,50`) pages, and a 10-page
 * CAMS detailed statement encrypted with AES-256, AES-128 and RC4-128 (opened with its password). They
 * are drawn once and written to a temporary directory. Each (round, statement, engine) is measured in
 * a child process of its own, which reports
 *   - start-up: the engine's import and initialisation (pdfjs: module load; PDFium: WebAssembly compile
 *     and FPDF_InitLibrary), and the first read of the statement in that fresh process;
 *   - ms per page: the median of BENCH_RUNS (3) reads after BENCH_WARMUP (1) more;
 *   - memory: resident size after initialisation and the process's peak;
 *   - the result: every run's positioned text goes through buildLines, classifyStatement (first three
 *     pages), extractStatement, validateExtraction, enrichExtraction and calculatePortfolio; the lines
 *     and the final result are hashed and, in the first round, kept for the comparison with pdfjs;
 *   - for encrypted statements: whether the engine refuses a wrong and a missing password with its
 *     password error.
 * BENCH_ROUNDS (5) repeats every child; within a round the engines take turns in a rotating order,
 * statement by statement, so a busy moment of a shared machine falls on each engine alike. Figures are
 * medians over the rounds, and ratios to pdfjs in the same rounds.
 *
 * Run: `npm run bench:engines` (no PostgreSQL or Redis). BENCH_PAGES, BENCH_FAMILIES (comma-separated),
 * BENCH_ENGINES (comma-separated) and BENCH_ENCRYPTED=0 narrow the run; BENCH_FILES adds other PDFs
 * (comma-separated, `path` or `path#password`), such as real statements, compared the same way.
 */
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, loadavg, tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import type { PdfPageText, PdfTextItem } from '../src/modules/extraction/types.js';

const ENGINES = ['pdfjs', 'pdfium-hyzyla', 'pdfium-embedpdf'] as const;
type EngineName = (typeof ENGINES)[number];
const REFERENCE: EngineName = 'pdfjs';

const PAGES = (process.env.BENCH_PAGES ?? '10,50').split(',').map(Number);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 1);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const ONLY_FAMILIES = process.env.BENCH_FAMILIES?.split(',') ?? null;
const ONLY_ENGINES = (process.env.BENCH_ENGINES?.split(',') as EngineName[] | undefined) ?? null;
const WITH_ENCRYPTED = process.env.BENCH_ENCRYPTED !== '0';
const FILES = process.env.BENCH_FILES?.split(',').filter(Boolean) ?? [];
const ENCRYPTIONS = ['aes-256', 'aes-128', 'rc4-128'] as const;
/** The classification stage reads this many pages (ClassificationStage). */
const CLASSIFICATION_PAGES = 3;
const SCRIPT = fileURLToPath(import.meta.url);

const median = (values: number[]): number => {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};
const since = (t0: number): number => performance.now() - t0;
const sha = (value: unknown): string => createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 16);
const MB = 1024 * 1024;

// ---------------------------------------------------------------------------------------------------
// The engines

interface Engine {
  read(data: Uint8Array, password?: string): Promise<PdfPageText[]>;
  /** The engine's own "needs a password / wrong password" failure. */
  isPasswordError(error: unknown): boolean;
}

type Reader = typeof import('../src/modules/pdf/reader/pdfium.js');
const isPdfiumPasswordError = (reader: Reader) => (error: unknown) => error instanceof reader.PdfiumError && error.code === reader.FPDF_ERR.PASSWORD;

const isPdfjsPasswordError = (error: unknown): boolean => (error as { name?: string } | null)?.name === 'PasswordException';

async function openEngine(name: EngineName): Promise<Engine> {
  switch (name) {
    case 'pdfjs': {
      const { extractPdfjsText } = await import('../src/modules/pdf/reader/pdfjs-text.js');
      return { read: (data, password) => extractPdfjsText(data, password), isPasswordError: isPdfjsPasswordError };
    }
    case 'pdfium-hyzyla': {
      // The product's reader, as the PDF engine's children run it.
      const reader = await import('../src/modules/pdf/reader/pdfium.js');
      return { read: (data, password) => reader.extractPdfText(data, password), isPasswordError: isPdfiumPasswordError(reader) };
    }
    case 'pdfium-embedpdf': {
      const { init } = await import('@embedpdf/pdfium');
      const wasm = readFileSync(createRequire(import.meta.url).resolve('@embedpdf/pdfium/pdfium.wasm'));
      const wrapped = await init({ wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer });
      wrapped.PDFiumExt_Init();
      // The product's conversion of PDFium's characters into runs, on this build's module.
      const reader: Reader = await import('../src/modules/pdf/reader/pdfium.js');
      const M = wrapped.pdfium as unknown as import('../src/modules/pdf/reader/pdfium.js').Pdfium;
      return { read: async (data, password) => reader.readPdfium(M, data, password), isPasswordError: isPdfiumPasswordError(reader) };
    }
  }
}

// ---------------------------------------------------------------------------------------------------
// The child: one engine, one statement

type Understanding = typeof import('../src/modules/extraction/extractor.js') &
  typeof import('../src/modules/extraction/classifier.js') &
  typeof import('../src/modules/pdf/text-lines.js') &
  typeof import('../src/modules/extraction/validator.js') &
  typeof import('../src/modules/extraction/enricher.js') &
  typeof import('../src/modules/extraction/calculator.js');

async function loadUnderstanding(): Promise<Understanding> {
  const parts = await Promise.all([
    import('../src/modules/extraction/extractor.js'),
    import('../src/modules/extraction/classifier.js'),
    import('../src/modules/pdf/text-lines.js'),
    import('../src/modules/extraction/validator.js'),
    import('../src/modules/extraction/enricher.js'),
    import('../src/modules/extraction/calculator.js'),
  ]);
  return Object.assign({}, ...parts) as Understanding;
}

/** Stages 2 and 4–8 over the positioned text, as the pipeline runs them. */
function understand(x: Understanding, pages: PdfPageText[]) {
  const lines = x.buildLines(pages);
  const classification = x.classifyStatement(pages.slice(0, CLASSIFICATION_PAGES));
  const draft = x.extractStatement(lines, classification);
  const validation = x.validateExtraction(draft);
  const enriched = x.enrichExtraction(draft);
  const portfolio = x.calculatePortfolio(enriched.entities);
  const holdings = enriched.entities.reduce((n, e) => n + e.holdings.length, 0);
  return { lines, result: { classification, validation, enriched, portfolio }, holdings };
}

interface Statement {
  id: string;
  file: string;
  password: string | null;
  pages: number;
  /** The generator's model; null for a file given in BENCH_FILES. */
  holdings: number | null;
}

interface Measurement {
  /** From the process's start to the engine's import (Node's own start-up and this script). */
  processMs: number;
  initMs: number;
  firstReadMs: number;
  readMs: number;
  rssAfterInitMb: number;
  peakRssMb: number;
  holdings: number;
  flags: number;
  resultHash: string;
  /** Encrypted statements: wrong and missing password both refused with the engine's password error. */
  refusesWrongPassword: boolean | null;
  error?: string;
}

async function measure(engineName: EngineName, statementJson: string, keepDir: string): Promise<void> {
  const processMs = performance.now();
  const statement = JSON.parse(statementJson) as Statement;
  const x = await loadUnderstanding();
  const data = new Uint8Array(readFileSync(statement.file));
  const password = statement.password ?? undefined;
  let t0 = performance.now();
  const engine = await openEngine(engineName);
  const initMs = since(t0);
  const rssAfterInitMb = process.memoryUsage.rss() / MB;

  t0 = performance.now();
  let pages = await engine.read(data, password);
  const firstReadMs = since(t0);
  const times: number[] = [];
  for (let i = 0; i < WARMUP + RUNS; i++) {
    t0 = performance.now();
    pages = await engine.read(data, password);
    if (i >= WARMUP) times.push(since(t0));
  }
  const { lines, result, holdings } = understand(x, pages);

  let refusesWrongPassword: boolean | null = null;
  if (password) {
    const refused = async (attempt: string | undefined): Promise<boolean> =>
      engine.read(data, attempt).then(
        () => false,
        (error: unknown) => engine.isPasswordError(error),
      );
    refusesWrongPassword = (await refused(`${password}x`)) && (await refused(undefined));
  }
  if (keepDir) writeFileSync(keptFile(keepDir, statement, engineName), JSON.stringify({ pages, lines, result } satisfies Kept));

  const out: Measurement = {
    processMs,
    initMs,
    firstReadMs,
    readMs: median(times),
    rssAfterInitMb,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
    holdings,
    flags: result.validation.flags.length,
    resultHash: sha(result),
    refusesWrongPassword,
  };
  // pdfjs' parser thread would keep the process alive; the parent waits for the exit.
  process.stdout.write(JSON.stringify(out), () => process.exit(0));
}

// ---------------------------------------------------------------------------------------------------
// The parent

type Generator = typeof import('../test/fixtures/generator/index.js');

async function drawStatements(dir: string): Promise<Statement[]> {
  const generator: Generator = await import('../test/fixtures/generator/index.js');
  const { STATEMENT_FAMILIES } = await import('../test/fixtures/generator/model.js');
  const wanted: Array<{ id: string; family: (typeof STATEMENT_FAMILIES)[number]; options: Parameters<Generator['generateStatement']>[1] }> = [];
  for (const family of STATEMENT_FAMILIES.filter((f) => !ONLY_FAMILIES || ONLY_FAMILIES.includes(f))) {
    for (const pages of PAGES) wanted.push({ id: `${family}/${pages}`, family, options: { seed: pages, pages } });
  }
  if (WITH_ENCRYPTED) {
    for (const algorithm of ENCRYPTIONS) wanted.push({ id: `cams_detailed/10 ${algorithm}`, family: 'cams_detailed', options: { seed: 10, pages: 10, encrypt: { algorithm } } });
  }
  const statements: Statement[] = [];
  for (const [i, w] of wanted.entries()) {
    const s = await generator.generateStatement(w.family, w.options);
    const file = join(dir, `statement-${i}.pdf`);
    writeFileSync(file, s.pdf);
    statements.push({ id: w.id, file, password: s.password, pages: s.model.page_count, holdings: s.model.holdings.length });
  }
  // Any other PDFs (`path` or `path#password`), e.g. real statements: their pages counted with pdfjs.
  const { extractPdfjsText } = await import('../src/modules/pdf/reader/pdfjs-text.js');
  for (const entry of FILES) {
    const [file, password = null] = entry.split('#');
    const pages = await extractPdfjsText(new Uint8Array(readFileSync(file)), password ?? undefined);
    statements.push({ id: basename(file), file, password, pages: pages.length, holdings: null });
  }
  return statements;
}

/** What a child kept of its first round: the positioned text, the lines and the final result. */
interface Kept {
  pages: PdfPageText[];
  lines: unknown;
  result: unknown;
}
const keptFile = (dir: string, statement: Statement, engine: EngineName): string => join(dir, `${createHash('sha256').update(statement.file).digest('hex').slice(0, 12)}.${engine}.json`);
function kept(dir: string, statement: Statement, engine: EngineName): Kept | null {
  try {
    return JSON.parse(readFileSync(keptFile(dir, statement, engine), 'utf8')) as Kept;
  } catch {
    return null;
  }
}

/**
 * How one engine's positioned text and lines compare with the reference's (first round): whether the
 * runs have the same strings at the same places, page by page, and the largest difference of a
 * coordinate; whether the lines have the same text, and the largest difference of a cell edge.
 */
function compareText(reference: Kept, other: Kept): string {
  let runs = 0;
  let runDelta = 0;
  let sameRuns = reference.pages.length === other.pages.length;
  // The engines may report a page's runs in another order; the line builder sorts them by position.
  const byPosition = (items: PdfTextItem[]): PdfTextItem[] =>
    [...items].sort((a, b) => Math.round(a.y * 10) - Math.round(b.y * 10) || Math.round(a.x * 10) - Math.round(b.x * 10) || a.str.localeCompare(b.str));
  for (const [p, page] of reference.pages.entries()) {
    const items = byPosition(other.pages[p]?.items ?? []);
    if (items.length !== page.items.length) sameRuns = false;
    for (const [i, a] of byPosition(page.items).entries()) {
      const b = items[i];
      if (!b || a.str !== b.str) {
        sameRuns = false;
        continue;
      }
      runs++;
      runDelta = Math.max(runDelta, Math.abs(a.x - b.x), Math.abs(a.y - b.y), Math.abs(a.width - b.width), Math.abs(a.height - b.height));
    }
  }
  type Line = { page: number; text: string; cells: Array<{ x: number; text: string; x_end?: number }> };
  const [la, lb] = [reference.lines as Line[], other.lines as Line[]];
  let sameLines = la.length === lb.length;
  let cellDelta = 0;
  for (const [i, a] of la.entries()) {
    const b = lb[i];
    if (!b || a.page !== b.page || a.text !== b.text || a.cells.length !== b.cells.length || a.cells.some((c, j) => c.text !== b.cells[j].text)) {
      sameLines = false;
      continue;
    }
    for (const [j, c] of a.cells.entries()) cellDelta = Math.max(cellDelta, Math.abs(c.x - b.cells[j].x), Math.abs((c.x_end ?? 0) - (b.cells[j].x_end ?? 0)));
  }
  return (
    `${sameRuns ? `same ${runs} runs, Δ ≤ ${runDelta.toPrecision(1)} pt` : 'runs differ'}; ` +
    `${sameLines ? `same ${la.length} lines${cellDelta ? `, cell edges Δ ≤ ${cellDelta.toFixed(2)} pt` : ''}` : 'lines differ'}`
  );
}

/** Where two JSON values first differ, for the report. */
function firstDifference(a: unknown, b: unknown, path = ''): string | null {
  if (JSON.stringify(a) === JSON.stringify(b)) return null;
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
    for (const key of keys) {
      const d = firstDifference((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], `${path}.${key}`);
      if (d) return d;
    }
  }
  const show = (v: unknown): string => JSON.stringify(v)?.slice(0, 120) ?? 'undefined';
  return `${path || '(root)'}: ${show(a)} vs ${show(b)}`;
}

async function main(): Promise<void> {
  const loadBefore = loadavg()[0];
  const engines = ENGINES.filter((e) => !ONLY_ENGINES || ONLY_ENGINES.includes(e));
  const dir = mkdtempSync(join(tmpdir(), 'foliodesk-bench-engines-'));
  try {
    const statements = await drawStatements(dir);
    console.error(`${statements.length} statements drawn`);
    // results[statement id][engine] = one Measurement per round
    const results = new Map<string, Map<EngineName, Measurement[]>>(statements.map((s) => [s.id, new Map(engines.map((e) => [e, []]))]));
    for (let round = 0; round < ROUNDS; round++) {
      for (const [i, statement] of statements.entries()) {
        const shift = (round + i) % engines.length;
        for (const engine of [...engines.slice(shift), ...engines.slice(0, shift)]) {
          let m: Measurement;
          try {
            const json = execFileSync(process.execPath, [SCRIPT, 'measure', engine, JSON.stringify(statement), round === 0 ? dir : ''], {
              encoding: 'utf8',
              stdio: ['ignore', 'pipe', 'pipe'],
              maxBuffer: 16 * MB,
            });
            m = JSON.parse(json) as Measurement;
          } catch (error) {
            const message = String((error as { stderr?: string }).stderr || error).split('\n').find((l) => /Error/.test(l)) ?? String(error);
            m = { error: message.slice(0, 200) } as Measurement;
          }
          results.get(statement.id)!.get(engine)!.push(m);
        }
      }
      console.error(`round ${round + 1}/${ROUNDS} done`);
    }
    report(statements, engines, results, dir, loadBefore);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function report(statements: Statement[], engines: EngineName[], results: Map<string, Map<EngineName, Measurement[]>>, dir: string, loadBefore: number): void {
  const ok = (runs: Measurement[]): Measurement[] => runs.filter((r) => !r.error);
  const med = (runs: Measurement[], pick: (m: Measurement) => number): number => median(ok(runs).map(pick));
  const fixed = (v: number, digits = 2): string => (Number.isFinite(v) ? v.toFixed(digits) : 'n/a');
  console.log(
    `${cpus().length} cores, Node ${process.version}, load average ${loadBefore.toFixed(1)} → ${loadavg()[0].toFixed(1)}; ${ROUNDS} rounds, each (statement, engine) ` +
      `in a process of its own, engines in rotating order; ms per page = median over the rounds of the median of ${RUNS} warm reads (after ${WARMUP} more and the first); ` +
      `ratio = engine / ${REFERENCE} per round, median over the rounds`,
  );
  console.log('');
  console.log(`| statement | pages | holdings (model) | engine | ms per page | ratio to ${REFERENCE} | per round (ms per page) | positioned text and lines vs ${REFERENCE} (round 1) | extraction as ${REFERENCE}, every round | holdings found, flags | peak RSS MB |`);
  console.log('|---|---|---|---|---|---|---|---|---|---|---|');
  const ratios = new Map<EngineName, number[]>(engines.map((e) => [e, []]));
  const differences: string[] = [];
  for (const s of statements) {
    const byEngine = results.get(s.id)!;
    const reference = byEngine.get(REFERENCE);
    const referenceJson = kept(dir, s, REFERENCE);
    for (const engine of engines) {
      const runs = byEngine.get(engine)!;
      const good = ok(runs);
      if (!good.length) {
        console.log(`| ${s.id} | ${s.pages} | ${s.holdings ?? '—'} | ${engine} | failed: ${runs[0]?.error ?? 'no run'} | | | | | | |`);
        continue;
      }
      const perRound = runs.map((r, i) => (r.error || !reference?.[i] || reference[i].error ? NaN : r.readMs / reference[i].readMs)).filter(Number.isFinite);
      const ratio = perRound.length ? median(perRound) : NaN;
      if (engine !== REFERENCE && Number.isFinite(ratio)) ratios.get(engine)!.push(ratio);
      const ref = reference && ok(reference)[0];
      const mineKept = engine === REFERENCE ? null : kept(dir, s, engine);
      const textVsReference = referenceJson && mineKept ? compareText(referenceJson, mineKept) : 'not kept';
      const sameResult = ref ? good.every((r) => r.resultHash === ref.resultHash) : false;
      if (ref && !sameResult && engine !== REFERENCE) {
        differences.push(`${s.id}, ${engine}: ${referenceJson && mineKept ? firstDifference(referenceJson.result, mineKept.result) : 'result not kept'}`);
      }
      const last = good[good.length - 1];
      console.log(
        `| ${s.id} | ${s.pages} | ${s.holdings ?? '—'} | ${engine} | **${fixed(med(runs, (r) => r.readMs) / s.pages)}** | ${engine === REFERENCE ? '1' : fixed(ratio)} | ` +
          `${good.map((r) => fixed(r.readMs / s.pages)).join(' / ')} | ${engine === REFERENCE ? '—' : textVsReference} | ` +
          `${engine === REFERENCE ? '—' : sameResult ? 'identical' : '**differs**'} | ${last.holdings}, ${last.flags} | ${fixed(med(runs, (r) => r.peakRssMb), 0)} |`,
      );
    }
  }
  if (differences.length) {
    console.log('');
    console.log('First difference from the reference extraction:');
    for (const d of differences) console.log(`- ${d}`);
  }

  console.log('');
  console.log(
    `| engine | ms per page, ratio to ${REFERENCE} (median over statements) | process start to engine import, ms | import + init, ms | first read of a 10-page statement in a fresh process, ms | RSS after init, MB | peak RSS, 50-page statements, MB | opens AES-256 / AES-128 / RC4-128 with the user password | refuses a wrong or missing password |`,
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const engine of engines) {
    const all = statements.flatMap((s) => ok(results.get(s.id)!.get(engine)!));
    const tenPage = statements.filter((s) => s.pages === 10 && !s.password && s.holdings !== null).flatMap((s) => ok(results.get(s.id)!.get(engine)!));
    const big = statements.filter((s) => s.pages >= 50 && s.holdings !== null).flatMap((s) => ok(results.get(s.id)!.get(engine)!));
    const encrypted = statements.filter((s) => s.password && s.holdings !== null);
    const opens = encrypted.map((s) => {
      const runs = results.get(s.id)!.get(engine)!;
      const ref = ok(results.get(s.id)!.get(REFERENCE)!)[0];
      const good = ok(runs);
      if (!good.length) return 'no';
      return good.every((r) => r.holdings === s.holdings && (!ref || r.resultHash === ref.resultHash)) ? 'yes' : 'opens, result differs';
    });
    const refuses = encrypted.flatMap((s) => ok(results.get(s.id)!.get(engine)!)).map((r) => r.refusesWrongPassword);
    console.log(
      `| ${engine} | ${engine === REFERENCE ? '1' : fixed(median(ratios.get(engine)!))} | ${fixed(median(all.map((r) => r.processMs)), 0)} | ${fixed(median(all.map((r) => r.initMs)), 0)} | ` +
        `${fixed(median(tenPage.map((r) => r.firstReadMs)), 0)} (warm ${fixed(median(tenPage.map((r) => r.readMs)), 0)}) | ${fixed(median(all.map((r) => r.rssAfterInitMb)), 0)} | ` +
        `${fixed(median(big.map((r) => r.peakRssMb)), 0)} | ${opens.join(' / ') || 'n/a'} | ${refuses.length ? (refuses.every(Boolean) ? 'yes' : 'no') : 'n/a'} |`,
    );
  }
}

if (process.argv[2] === 'measure') {
  measure(process.argv[3] as EngineName, process.argv[4], process.argv[5]).catch((error) => {
    console.error(error);
    process.exit(1);
  });
} else {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
