/**
 * Every statement family and every generator quirk, end to end through the HTTP API: a generated
 * PDF is uploaded, processed (with its password when encrypted), and its extraction and JSON export
 * are compared holding by holding with the generator's ground truth. A statement whose printed
 * figures disagree must be flagged, never corrected.
 *
 * All documents are generated and started in `beforeAll` (a few in flight at a time) and each test
 * awaits its own; the file takes well under a minute and a half.
 *
 * The e2e global setup drops its database: while others run the suite, give this file its own:
 *   npm run build && DATABASE_URL=postgres://postgres@127.0.0.1:5432/foliodesk_test_families \
 *     TEST_REDIS_URL=redis://127.0.0.1:6379/7 node --experimental-vm-modules node_modules/jest/bin/jest.js \
 *     --runInBand --selectProjects e2e --testPathPatterns nexus-families
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { buildStatement, PLANNERS } from '../fixtures/generator/builders.js';
import { drawPdf } from '../fixtures/generator/layout/pdf.js';
import { paginate } from '../fixtures/generator/layout/plan.js';
import {
  ALL_QUIRKS,
  FAMILY_CLASS,
  generateStatement,
  imageOnlyPdf,
  type GenerateOptions,
  type Investor,
  type Quirks,
  type StatementFamily,
  type StatementModel,
} from '../fixtures/generator/index.js';
import { bearer, createTenant, startTestApp, type Tenant, type TestApp } from '../support/app.js';
import { truthDifferences, type ExtractionResult as TruthResult } from '../support/extraction-truth.js';
import { uploadPdf, waitForProcess } from '../support/pipeline.js';

type HoldingsFamily = Exclude<StatementFamily, 'bank_statement'>;

// A family added later goes last: the others keep their seeds (the tampered statements reuse them).
const HOLDINGS_FAMILIES: HoldingsFamily[] = ['cams_detailed', 'cams_summary', 'kfintech_detailed', 'nsdl_cas', 'cdsl_cas', 'kfintech_summary'];

/** Each quirk alone, on a family whose layout it changes (spread over the families). */
const QUIRK_FAMILY: Record<keyof Quirks, HoldingsFamily> = {
  wrapSchemeNames: 'cdsl_cas',
  advisorOnOwnLine: 'cams_detailed',
  splitIsin: 'nsdl_cas',
  marketValueOnNextLine: 'kfintech_detailed',
  leadingDotDecimals: 'cams_summary',
  slashDates: 'cams_detailed',
  stampDuty: 'kfintech_detailed',
  noTransactions: 'cams_detailed',
  zeroBalanceFolio: 'kfintech_detailed',
  sipRegistrationRow: 'cams_detailed',
  segregatedPortfolio: 'cams_summary',
  idcwScheme: 'kfintech_detailed',
  multiSchemeFolio: 'cams_summary',
  sameFolioTwoAmcs: 'cams_detailed',
  mfUnitsInDemat: 'nsdl_cas',
  dematBonds: 'cdsl_cas',
  dematEtfs: 'nsdl_cas',
};
const QUIRKS = Object.keys(ALL_QUIRKS) as (keyof Quirks)[];
const only = (quirk: keyof Quirks): Quirks => Object.fromEntries(QUIRKS.map((q) => [q, q === quirk])) as unknown as Quirks;

/** The family's usual CAS password, written out here rather than taken from the generator. */
function conventionalPassword(family: HoldingsFamily, investor: Investor): string {
  if (family !== 'nsdl_cas') return investor.pan.toUpperCase();
  const [y, m, d] = investor.date_of_birth.split('-');
  return `${investor.pan.slice(0, 5).toUpperCase()}${d}${m}${y}`;
}

// ---- What the API answers -------------------------------------------------------------------------

interface ResultHolding {
  scheme_name: string;
  isin: string;
  units: number;
  nav: number;
  market_value: number;
  cost_value: number | null;
  opening_units: number | null;
  folio: string | null;
  amc: string | null;
  asset_class: string | null;
  plan: string | null;
  option: string | null;
  nav_date?: string | null;
  account_id?: string | null;
  refused_figures?: Array<{ field: string; printed: number; reason: string }>;
}

/** The result as the comparison reads it, with what the export check reads besides. */
type ExtractionResult = Omit<TruthResult, 'entities'> & {
  currency: string;
  entities: Array<Omit<TruthResult['entities'][number], 'holdings'> & { holdings: ResultHolding[] }>;
};

interface Outcome {
  upload: { job_id: string; doc_id: string; password_required: boolean };
  final: Record<string, any>;
  /** Present when the process completed. */
  result?: ExtractionResult;
  exported?: { document_id: string; job_id: string; fields: Array<{ key: string }>; rows: Array<Record<string, unknown>> };
}

// ---- Comparison with the ground truth (test/support/extraction-truth.ts) ------------------------

/** The JSON export's rows as they must read from the extraction's holdings. */
function expectedRows(result: ExtractionResult): Array<Record<string, unknown>> {
  const round = (v: number | null | undefined, d: number) => (v === null || v === undefined ? null : Math.round(v * 10 ** d) / 10 ** d);
  const text = (v: string | null | undefined) => (v ? v : null);
  return result.entities.flatMap((e) =>
    e.holdings.map((h) => ({
      investor_name: text(e.entity_name),
      pan: text(e.pan),
      amc: text(h.amc),
      folio: text(h.folio),
      scheme_name: text(h.scheme_name),
      isin: text(h.isin),
      demat_account: text(h.account_id),
      asset_class: text(h.asset_class),
      plan: text(h.plan),
      option: text(h.option),
      opening_units: round(h.opening_units, 3),
      units: round(h.units, 3),
      nav: round(h.nav, 4),
      nav_date: text(h.nav_date),
      market_value: round(h.market_value, 2),
      cost_value: round(h.cost_value, 2),
      gain: h.cost_value === null ? null : (Math.round(h.market_value * 100) - Math.round(h.cost_value * 100)) / 100,
      currency: text(result.currency),
    })),
  );
}

/** The validation flags of a result other than ASSET_CLASS_INFERRED notes. */
function checkFlags(result: ExtractionResult): ExtractionResult['validation'] {
  return result.validation.filter((f) => f.code !== 'ASSET_CLASS_INFERRED');
}

/** Everything a clean statement of holdings must satisfy. */
function expectExact(model: StatementModel, outcome: Outcome): void {
  expect({ status: outcome.final.status, error: outcome.final.error ?? null }).toEqual({ status: 'completed', error: null });
  const result = outcome.result!;
  expect(result.document_type).toBe(FAMILY_CLASS[model.family]);
  expect(result.holdings_statement).toBe(true);
  expect(truthDifferences(model, result)).toEqual([]);
  // Every check passes; the only notes allowed say an asset class came from the scheme name (no NAV source here).
  expect(checkFlags(result)).toEqual([]);
  expect(result.confidence_score).toBeGreaterThan(0);
  for (const e of result.entities) {
    // 100 within 0.01 (all zero only for an investor whose holdings are all worth nothing).
    const a = e.asset_allocation;
    const sum = a.equity + a.debt + a.hybrid + a.other;
    const want = e.holdings.some((h) => h.market_value > 0) ? 100 : 0;
    expect({ entity: e.entity_name, sum, close: Math.abs(sum - want) <= 0.01 }).toEqual({ entity: e.entity_name, sum: expect.any(Number), close: true });
  }
  const exported = outcome.exported!;
  expect(exported).toMatchObject({ document_id: outcome.upload.doc_id, job_id: outcome.upload.job_id });
  const withoutPct = exported.rows.map(({ gain_pct: _pct, ...row }) => row);
  expect(withoutPct).toEqual(expectedRows(result));
  exported.rows.forEach((row, i) => {
    const h = result.entities.flatMap((e) => e.holdings)[i];
    const want = h.cost_value ? ((Math.round(h.market_value * 100) - Math.round(h.cost_value * 100)) / h.cost_value) : null;
    if (want === null) expect(row.gain_pct).toBeNull();
    else expect(Math.abs((row.gain_pct as number) - want) <= 0.0100001).toBe(true);
  });
}

// ---- A statement whose printed figures disagree ---------------------------------------------------

/**
 * The statement of `family`/`options` with one holding's printed market value raised by
 * `delta`: units × NAV no longer gives it. The printed totals are raised with it, so that the only
 * disagreement on the page is that of the holding itself.
 */
async function tamperedStatement(family: HoldingsFamily, options: GenerateOptions, delta: number) {
  const { model, rupeeFontPath } = buildStatement(family, options);
  const printed = structuredClone(model);
  const target = printed.holdings.find((h) => h.units > 0 && h.market_value > 2 * Math.abs(delta))!;
  const raise = (v: number) => Math.round((v + delta) * 100) / 100;
  target.market_value = raise(target.market_value);
  printed.totals.market_value = raise(printed.totals.market_value);
  const amcTotal = printed.totals.by_amc.find((t) => t.amc === target.amc);
  if (amcTotal) amcTotal.market_value = raise(amcTotal.market_value);
  const plan = PLANNERS[family](printed);
  const { pdf } = await drawPdf(paginate(plan), plan.geometry, { info: plan.info, creationDate: new Date(`${model.period.to}T18:30:00Z`), encryption: null, rupeeFontPath });
  return { truth: model, printed, target, pdf };
}

// ---- The run ----------------------------------------------------------------------------------------

const once = <T>(make: () => Promise<T>): (() => Promise<T>) => {
  let made: Promise<T> | null = null;
  return () => (made ??= make());
};

/** Runs `tasks` with at most `limit` in flight; each result is settled, so none is left unhandled. */
function pool<T>(tasks: Array<() => Promise<T>>, limit: number): Array<Promise<T>> {
  const settled: Array<Promise<T>> = [];
  let running = 0;
  const waiting: Array<() => void> = [];
  const slot = async () => {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
  };
  const release = () => {
    running--;
    waiting.shift()?.();
  };
  for (const task of tasks) {
    const p = slot().then(task).finally(release);
    p.catch(() => undefined);
    settled.push(p);
  }
  return settled;
}

const TEST_TIMEOUT = 120_000;

describe('nexus families: every family and quirk, PDF → pipeline → extraction → export', () => {
  let t: TestApp;
  let acme: Tenant;

  async function processDocument(pdf: Buffer, password: string | null, filename: string): Promise<Outcome> {
    const account = acme.analyst;
    const upload = await uploadPdf(t, account, pdf, filename);
    const start = await t.http.post('/api/v2/nexus/pipeline/process').set(bearer(account)).send({ job_id: upload.job_id, ...(password ? { password } : {}) });
    if (start.status !== 200) throw new Error(`${filename}: start answered ${start.status} ${JSON.stringify(start.body)}`);
    const { final } = await waitForProcess(t, account, start.body.process_id, 100_000);
    if (final.status !== 'completed') return { upload, final };
    const extraction = await t.http.get(`/api/v1/nexus/documents/${upload.doc_id}/extraction`).set(bearer(account));
    if (extraction.status !== 200) throw new Error(`${filename}: extraction answered ${extraction.status}`);
    const exported = await t.http.get(`/api/v1/nexus/export/${upload.job_id}?format=json`).set(bearer(account));
    if (exported.status !== 200) throw new Error(`${filename}: export answered ${exported.status} ${JSON.stringify(exported.body)}`);
    return { upload, final, result: extraction.body.result, exported: exported.body };
  }

  interface Case {
    name: string;
    make: () => Promise<{ pdf: Buffer; password: string | null; model?: StatementModel }>;
  }
  const cases: Case[] = [];
  const runs = new Map<string, Promise<Outcome & { model?: StatementModel; password: string | null }>>();
  const run = (name: string) => runs.get(name)!;

  const generated = (family: StatementFamily, options: GenerateOptions) => async () => {
    const s = await generateStatement(family, options);
    return { pdf: s.pdf, password: s.password, model: s.model };
  };
  HOLDINGS_FAMILIES.forEach((family, i) => {
    cases.push({ name: `${family} defaults`, make: generated(family, { seed: 101 + i }) });
    cases.push({ name: `${family} encrypted`, make: generated(family, { seed: 111 + i, encrypt: true }) });
    cases.push({ name: `${family} all quirks, two investors`, make: generated(family, { seed: 121 + i, quirks: ALL_QUIRKS, investors: 2 }) });
  });
  QUIRKS.forEach((quirk, i) => cases.push({ name: `quirk ${quirk}`, make: generated(QUIRK_FAMILY[quirk], { seed: 131 + i, quirks: only(quirk) }) }));
  cases.push({ name: 'bank statement', make: generated('bank_statement', { seed: 151 }) });
  cases.push({ name: 'image only', make: async () => ({ pdf: await imageOnlyPdf({ pages: 2 }), password: null }) });
  // Same seeds as the families' default runs, so the clean statement's score is the yardstick.
  const tampered = {
    cams_detailed: once(() => tamperedStatement('cams_detailed', { seed: 101 }, 1234.56)),
    nsdl_cas: once(() => tamperedStatement('nsdl_cas', { seed: 104 }, -987.65)),
  };
  for (const [family, statement] of Object.entries(tampered)) {
    cases.push({ name: `${family} tampered`, make: async () => ({ pdf: (await statement()).pdf, password: null }) });
  }

  beforeAll(async () => {
    t = await startTestApp();
    acme = await createTenant(t.http);
    const tasks = cases.map((c) => async () => {
      const { pdf, password, model } = await c.make();
      return { ...(await processDocument(pdf, password, `${c.name.replace(/\W+/g, '_')}.pdf`)), model, password };
    });
    pool(tasks, 6).forEach((p, i) => runs.set(cases[i].name, p));
  }, TEST_TIMEOUT);
  afterAll(async () => {
    await Promise.allSettled(runs.values());
    await t?.close();
  });

  describe.each(HOLDINGS_FAMILIES)('%s', (family) => {
    it(
      'default options: every holding, investor, flag, allocation and export row as printed',
      async () => {
        const outcome = await run(`${family} defaults`);
        expect(outcome.upload.password_required).toBe(false);
        expectExact(outcome.model!, outcome);
      },
      TEST_TIMEOUT,
    );

    it(
      "encrypted with the family's CAS password convention",
      async () => {
        const outcome = await run(`${family} encrypted`);
        expect(outcome.password).toBe(conventionalPassword(family, outcome.model!.investors[0]));
        expect(outcome.upload.password_required).toBe(true);
        expectExact(outcome.model!, outcome);
      },
      TEST_TIMEOUT,
    );

    it(
      'all quirks together, two investors',
      async () => {
        const outcome = await run(`${family} all quirks, two investors`);
        expect(new Set(outcome.model!.holdings.map((h) => h.investor_pan)).size).toBe(2);
        expectExact(outcome.model!, outcome);
      },
      TEST_TIMEOUT,
    );
  });

  it.each(QUIRKS.map((q) => [q, QUIRK_FAMILY[q]]))(
    'quirk %s alone (%s)',
    async (quirk) => {
      const outcome = await run(`quirk ${quirk}`);
      expect(outcome.model!.quirks).toEqual(only(quirk as keyof Quirks));
      expectExact(outcome.model!, outcome);
    },
    TEST_TIMEOUT,
  );

  it(
    'completes a bank statement with zero holdings and holdings_statement: false',
    async () => {
      const outcome = await run('bank statement');
      expect(outcome.final.status).toBe('completed');
      expect(outcome.final.extractions.holdings).toEqual([]);
      expect(outcome.result).toMatchObject({ document_type: 'BANK_STATEMENT', holdings_statement: false, entities: [], validation: [] });
      expect(outcome.exported!.rows).toEqual([]);
    },
    TEST_TIMEOUT,
  );

  it(
    'fails an image-only PDF with NO_TEXT_LAYER',
    async () => {
      const outcome = await run('image only');
      expect(outcome.final.status).toBe('failed');
      expect(outcome.final.error).toMatchObject({ code: 'NO_TEXT_LAYER', stage: 'parsing', retryable: false });
      expect(outcome.result).toBeUndefined();
    },
    TEST_TIMEOUT,
  );

  it.each(Object.keys(tampered) as Array<keyof typeof tampered>)(
    '%s whose printed market value disagrees with units × NAV: the figures its totals do not confirm are refused (null, FIGURE_REFUTED), never corrected',
    async (family) => {
      const { truth, printed, target } = await tampered[family]();
      const [outcome, clean] = await Promise.all([run(`${family} tampered`), run(`${family} defaults`)]);
      expect(outcome.final.status).toBe('completed');
      const result = outcome.result!;
      const owner = truth.investors.find((i) => i.pan === target.investor_pan)!;
      expect(checkFlags(result)).toEqual([{ code: 'FIGURE_REFUTED', isin: target.isin, entity: owner.name, page: expect.any(Number), message: expect.stringContaining('market value') }]);
      expect(result.confidence_score).toBeGreaterThan(0);
      expect(result.confidence_score).toBeLessThan(clean.result!.confidence_score);

      // The printed totals add up with the printed value, so it stands as printed; the NAV that breaks
      // units × NAV is refused, and so are the units where no opening balance or transaction confirms
      // them (the demat statement). Every other figure is as printed.
      const refused = family === 'cams_detailed' ? ['nav'] : ['units', 'nav'];
      expect(truthDifferences(printed, result).filter((d) => !d.includes(target.isin))).toEqual([]);
      const got = result.entities.flatMap((e) => e.holdings).find((h) => h.isin === target.isin)!;
      const real = truth.holdings.find((h) => h.isin === target.isin)!;
      expect(got.market_value).toBe(target.market_value);
      expect(got.market_value).not.toBe(real.market_value);
      expect({ units: got.units, nav: got.nav }).toEqual({ units: refused.includes('units') ? null : real.units, nav: null });
      expect(got.refused_figures?.map((r) => [r.field, r.printed])).toEqual(refused.map((f) => [f, f === 'units' ? real.units : real.nav]));
      const row = outcome.exported!.rows.find((r) => r.isin === target.isin)!;
      expect(row.market_value).toBe(target.market_value);
    },
    TEST_TIMEOUT,
  );
});
