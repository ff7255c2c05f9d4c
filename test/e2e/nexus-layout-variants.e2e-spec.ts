/**
 * Statements laid out as never seen, end to end through the HTTP API: for every holdings family a few
 * random layout variants, and one statement built by hand for each way unseen layouts used to go wrong
 * (a KFintech scheme continued on the next page under a "(continued) Folio No : …" line with no repeated
 * header, CAMS summary names wrapped with the figures on the middle line, CDSL names wrapped with the
 * figures on the last line, investor labels split from the name or after the PAN, a scheme name with no
 * category word). Each is uploaded as a PDF, processed (with its password when encrypted) and read back
 * from `GET /api/v1/nexus/documents/{doc_id}/extraction`: every holding, investor, total and the
 * allocation must equal the generator's truth, and the only flags allowed say an asset class was
 * inferred from the scheme name (no NAV source is configured here).
 *
 * The random variants' seeds start at FOLIODESK_VARIANT_BASE (random by default, shown in the test
 * names). The e2e global setup drops its database: give this file its own, e.g.
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/foliodesk_test_variants TEST_REDIS_URL=redis://127.0.0.1:6379/8 \
 *     TEST_STORAGE_DIR=/tmp/fd-variants node --experimental-vm-modules node_modules/jest/bin/jest.js --runInBand \
 *     --selectProjects e2e --testPathPatterns nexus-layout-variants
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { buildStatement, PLANNERS } from '../fixtures/generator/builders.js';
import { drawPdf } from '../fixtures/generator/layout/pdf.js';
import { paginate, type Page, type Row } from '../fixtures/generator/layout/plan.js';
import {
  generateStatement,
  STATEMENT_FAMILIES,
  type GenerateOptions,
  type LayoutVariation,
  type StatementFamily,
  type StatementModel,
} from '../fixtures/generator/index.js';
import { bearer, createTenant, startTestApp, type Tenant, type TestApp } from '../support/app.js';
import { truthDifferences, type ExtractionResult } from '../support/extraction-truth.js';
import { uploadPdf, waitForProcess } from '../support/pipeline.js';
import { randomOptions } from '../unit/extraction/variation-harness.js';
import { runSeed } from '../support/run-seed.js';

const FAMILIES = STATEMENT_FAMILIES.filter((f) => f !== 'bank_statement');
const classCode = (family: StatementFamily) => (family.endsWith('_cas') ? family.toUpperCase() : `${family.toUpperCase()}_CAS`);
const BASE = runSeed('nexus-layout-variants', process.env.FOLIODESK_VARIANT_BASE);
const TEST_TIMEOUT = 90_000;

// ---- Statements --------------------------------------------------------------------------------------

interface Statement {
  family: StatementFamily;
  model: StatementModel;
  pdf: Buffer;
  password: string | null;
}

const texts = (row: Row) => row.cells.map((c) => (typeof c.text === 'string' ? c.text : c.text.join('')));

/**
 * The first seed (from 1) whose statement of `family`, laid out by `layout` with that seed, shows what
 * `shows` looks for on its pages; the test then states that the statement has it.
 */
function seedShowing(family: StatementFamily, options: GenerateOptions, layout: Omit<LayoutVariation, 'seed'>, shows: (pages: Page[], model: StatementModel) => boolean): GenerateOptions {
  for (let seed = 1; seed <= 300; seed++) {
    const candidate = { ...options, seed, layout: { ...layout, seed } };
    const { plan, model } = buildStatement(family, candidate);
    if (shows(paginate(plan), model)) return candidate;
  }
  throw new Error(`no ${family} statement among 300 seeds shows what the case needs`);
}

/** A page that starts with a "(continued) Folio No : …" line followed by a transaction row, with no column header. */
function continuedInsideScheme(pages: Page[]): boolean {
  return pages.slice(1).some((page) => {
    const [first, next] = page.rows.map((r) => texts(r.row));
    return Boolean(first?.[0]?.startsWith('(continued) ') && /Folio No/i.test(first[0]) && next && /^\d\d[/-]/.test(next[0] ?? '') && next.length >= 4);
  });
}

/** Some table row of the statement passes `line` (a wrapped row: its first name line and the figures' offset). */
const figuresOnLine = (pages: Page[], line: (row: Row) => boolean) => pages.some((p) => p.rows.some(({ row }) => line(row)));

const rowsWhere = (pages: Page[], test: (cells: string[]) => boolean) => pages.some((p) => p.rows.some(({ row }) => test(texts(row))));

/** The model with one equity scheme renamed to a name that carries no category word, drawn as a PDF. */
async function renamedStatement(family: StatementFamily, options: GenerateOptions, name: (brand: string) => string): Promise<Statement & { isin: string }> {
  const { model, rupeeFontPath } = buildStatement(family, options);
  const target = model.holdings.find((h) => h.asset_class === 'Equity' && !h.segregated && h.amc === 'Franklin Templeton Mutual Fund');
  if (!target) throw new Error('the statement has no Franklin Templeton equity scheme to rename');
  const [head, ...rest] = target.scheme_name.split(' - ');
  if (!head.startsWith('Franklin India ')) throw new Error(`unexpected name ${target.scheme_name}`);
  const renamed = [name('Franklin India'), ...rest].join(' - ');
  if (model.holdings.some((h) => h.scheme_name === renamed)) throw new Error(`${renamed} is already in the statement`);
  for (const h of model.holdings) if (h.isin === target.isin) h.scheme_name = renamed;
  const plan = { ...PLANNERS[family](model), variation: model.layout };
  const { pdf } = await drawPdf(paginate(plan), plan.geometry, { info: plan.info, creationDate: new Date(`${model.period.to}T18:30:00Z`), encryption: null, rupeeFontPath });
  return { family, model, pdf, password: null, isin: target.isin };
}

const generated = async (family: StatementFamily, options: GenerateOptions): Promise<Statement> => {
  const s = await generateStatement(family, options);
  return { family, model: s.model, pdf: s.pdf, password: s.password };
};

// ---- The cases ---------------------------------------------------------------------------------------

const HAND: Omit<LayoutVariation, 'seed'> = { minFill: 1, repeatHeaders: true, continuation: 'none', wrapNames: false, nameAlign: 'top', labelVariants: false, rowGap: 0 };

/** A statement built by hand for one way unseen layouts went wrong, and what its pages must show. */
interface HandCase {
  family: StatementFamily;
  options: GenerateOptions;
  layout: Omit<LayoutVariation, 'seed'>;
  shows: (pages: Page[], model: StatementModel) => boolean;
}

const HAND_CASES = {
  'kfintech continued': {
    family: 'kfintech_detailed',
    options: { amcs: 2, folios: 3, transactionsPerScheme: 6, encrypt: true },
    layout: { ...HAND, minFill: 0.35, repeatHeaders: false, continuation: 'folio' },
    shows: continuedInsideScheme,
  },
  'cams summary middle': {
    family: 'cams_summary',
    options: { amcs: 3, folios: 4, investors: 2 },
    layout: { ...HAND, wrapNames: true, nameAlign: 'middle', rowGap: 2 },
    // Three name lines with the figures on the second: the row's other cells sit one line (10 pt) down.
    shows: (pages) => figuresOnLine(pages, (row) => row.cells.some((c) => c.dy === 10) && row.keepWithNext === 3),
  },
  'cdsl bottom': {
    family: 'cdsl_cas',
    options: { holdingsPerAccount: 6 },
    layout: { ...HAND, wrapNames: true, nameAlign: 'bottom', rowGap: 2 },
    shows: (pages) => figuresOnLine(pages, (row) => row.cells.some((c) => (c.dy ?? 0) >= 10)),
  },
  'kfintech split investor': {
    family: 'kfintech_detailed',
    options: { investors: 2, amcs: 2, folios: 3 },
    layout: { ...HAND, labelVariants: true },
    shows: (pages) => rowsWhere(pages, (cells) => cells[0] === 'Investor Name' && cells[1]?.startsWith(': ')),
  },
  'cdsl pan first': {
    family: 'cdsl_cas',
    options: { investors: 2, holdingsPerAccount: 4 },
    layout: { ...HAND, labelVariants: true },
    shows: (pages) => rowsWhere(pages, (cells) => cells[0]?.startsWith('PAN : ') && cells[1]?.startsWith('Name : ')),
  },
  'cams smaller companies': {
    family: 'cams_detailed',
    options: { amcs: 5, folios: 4 },
    layout: { ...HAND, minFill: 0.6, continuation: 'scheme', wrapNames: true, labelVariants: true },
    shows: (_pages, model) => model.holdings.some((h) => h.asset_class === 'Equity' && !h.segregated && h.amc === 'Franklin Templeton Mutual Fund'),
  },
} satisfies Record<string, HandCase>;
type HandName = keyof typeof HAND_CASES;

const handOptions = Object.fromEntries(Object.entries(HAND_CASES).map(([name, c]) => [name, seedShowing(c.family, c.options, c.layout, c.shows)])) as Record<HandName, GenerateOptions>;

/** The hand-built statement's pages show what its case is about (its seed was chosen for that). */
function expectShows(name: HandName): void {
  const c: HandCase = HAND_CASES[name];
  const { plan, model } = buildStatement(c.family, handOptions[name]);
  expect({ name, layout: model.layout, shows: c.shows(paginate(plan), model) }).toEqual({ name, layout: { ...c.layout, seed: handOptions[name].seed }, shows: true });
}

interface Case {
  name: string;
  make: () => Promise<Statement & { isin?: string }>;
}

const randomCases: Case[] = FAMILIES.flatMap((family, f) =>
  [0, 1].map((i) => {
    const seed = BASE + f * 2 + i;
    return { name: `${family} random variant, seed ${seed}${i ? ', encrypted' : ''}`, make: () => generated(family, { ...randomOptions(seed), encrypt: i === 1 }) };
  }),
);
const handCases: Case[] = (Object.keys(HAND_CASES) as HandName[]).map((name) => ({
  name,
  make: () => (name === 'cams smaller companies' ? renamedStatement('cams_detailed', handOptions[name], (brand) => `${brand} Smaller Companies Fund`) : generated(HAND_CASES[name].family, handOptions[name])),
}));

// ---- The run -----------------------------------------------------------------------------------------

interface Outcome {
  statement: Statement & { isin?: string };
  upload: { job_id: string; doc_id: string; password_required: boolean };
  final: Record<string, any>;
  result?: ExtractionResult;
}

/** Runs `tasks` with at most `limit` in flight; each result is settled, so none is left unhandled. */
function pool<T>(tasks: Array<() => Promise<T>>, limit: number): Array<Promise<T>> {
  let running = 0;
  const waiting: Array<() => void> = [];
  return tasks.map((task) => {
    const p = (async () => {
      if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
      running++;
      try {
        return await task();
      } finally {
        running--;
        waiting.shift()?.();
      }
    })();
    p.catch(() => undefined);
    return p;
  });
}

describe('nexus: statements laid out as never seen, PDF → pipeline → extraction', () => {
  let t: TestApp;
  let acme: Tenant;
  const runs = new Map<string, Promise<Outcome>>();

  async function processStatement(statement: Statement, name: string): Promise<Outcome> {
    const account = acme.analyst;
    const upload = await uploadPdf(t, account, statement.pdf, `${name.replace(/\W+/g, '_')}.pdf`);
    const start = await t.http
      .post('/api/v2/nexus/pipeline/process')
      .set(bearer(account))
      .send({ job_id: upload.job_id, ...(statement.password ? { password: statement.password } : {}) });
    if (start.status !== 200) throw new Error(`${name}: start answered ${start.status} ${JSON.stringify(start.body)}`);
    const { final } = await waitForProcess(t, account, start.body.process_id, 80_000);
    if (final.status !== 'completed') return { statement, upload, final };
    const extraction = await t.http.get(`/api/v1/nexus/documents/${upload.doc_id}/extraction`).set(bearer(account));
    if (extraction.status !== 200) throw new Error(`${name}: extraction answered ${extraction.status}`);
    return { statement, upload, final, result: extraction.body.result };
  }

  beforeAll(async () => {
    t = await startTestApp();
    acme = await createTenant(t.http);
    const cases = [...randomCases, ...handCases];
    pool(
      cases.map((c) => async () => processStatement(await c.make(), c.name)),
      4,
    ).forEach((p, i) => runs.set(cases[i].name, p));
  }, TEST_TIMEOUT);
  afterAll(async () => {
    await Promise.allSettled(runs.values());
    await t?.close();
  });

  /** Completed, of its family, every figure and name as printed, and no flag but inferred asset classes. */
  async function expectExact(name: string): Promise<Outcome> {
    const outcome = await runs.get(name)!;
    const { model, password } = outcome.statement;
    expect({ status: outcome.final.status, error: outcome.final.error ?? null }).toEqual({ status: 'completed', error: null });
    expect(outcome.upload.password_required).toBe(password !== null);
    const result = outcome.result!;
    expect(result.document_type).toBe(classCode(model.family));
    expect(result.holdings_statement).toBe(true);
    expect(truthDifferences(model, result)).toEqual([]);
    expect(result.validation.filter((f) => f.code !== 'ASSET_CLASS_INFERRED')).toEqual([]);
    // An inferred class is noted for a holding of the statement, never for one that is not there.
    const isins = new Set(model.holdings.map((h) => h.isin));
    expect(result.validation.filter((f) => !isins.has(f.isin ?? ''))).toEqual([]);
    return outcome;
  }

  it.each(randomCases.map((c) => c.name))('%s: every holding, investor, total and allocation as printed', (name) => expectExact(name), TEST_TIMEOUT);

  it(
    "KFintech: a scheme's transactions continued on the next page under '(continued) Folio No : … - <scheme>', no header repeated",
    async () => {
      expectShows('kfintech continued');
      expect(HAND_CASES['kfintech continued'].layout).toMatchObject({ continuation: 'folio', repeatHeaders: false });
      await expectExact('kfintech continued');
    },
    TEST_TIMEOUT,
  );

  it(
    'CAMS summary: names wrapped over three lines with the figures on the middle one',
    async () => {
      expectShows('cams summary middle');
      await expectExact('cams summary middle');
    },
    TEST_TIMEOUT,
  );

  it(
    'CDSL: wrapped names with the figures on their last line',
    async () => {
      expectShows('cdsl bottom');
      await expectExact('cdsl bottom');
    },
    TEST_TIMEOUT,
  );

  it(
    "KFintech: investor labels split from the name ('Investor Name' / ': NAME')",
    async () => {
      expectShows('kfintech split investor');
      const { model } = await expectExact('kfintech split investor').then((o) => o.statement);
      expect(model.investors).toHaveLength(2);
    },
    TEST_TIMEOUT,
  );

  it(
    "CDSL: the holder's name after the PAN ('PAN : X  Name : Y')",
    async () => {
      expectShows('cdsl pan first');
      const { model } = await expectExact('cdsl pan first').then((o) => o.statement);
      expect(model.investors).toHaveLength(2);
    },
    TEST_TIMEOUT,
  );

  it(
    "CAMS detailed: a scheme whose name carries no category word ('… Smaller Companies Fund') is Equity, flagged ASSET_CLASS_INFERRED",
    async () => {
      expectShows('cams smaller companies');
      const outcome = await expectExact('cams smaller companies');
      const { model, isin } = outcome.statement;
      const holding = model.holdings.find((h) => h.isin === isin)!;
      expect(holding.scheme_name).toMatch(/^Franklin India Smaller Companies Fund - /);
      const owner = model.investors.find((i) => i.pan === holding.investor_pan)!;
      expect(outcome.result!.validation).toContainEqual(expect.objectContaining({ code: 'ASSET_CLASS_INFERRED', isin, entity: owner.name }));
    },
    TEST_TIMEOUT,
  );
});
