import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { generateStatement } from '../fixtures/generator/index.js';
import { bearer, createTenant, startTestApp, type Tenant, type TestApp } from '../support/app.js';
import { uploadPdf, waitForProcess } from '../support/pipeline.js';

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/amfi/${name}`, import.meta.url));
const round2 = (n: number) => Math.round(n * 100) / 100;

/** The latest NAVs test/fixtures/amfi/NAVAll.txt gives the ISINs of cams_detailed seed 31 (see its README). */
const LATEST: Record<string, number> = {
  INF200K017V5: 331.2458, // growth column
  INF200K016P9: 139.8812, // payout column
  INF174K01PB9: 53.8127, // reinvestment column
  INF174K01EL2: 50.2214,
};
const NOT_PRICED = ['INF174K01RE9', 'INF200K01K01', 'INF174K01X08']; // N.A. in the file, or absent
/** ISINs the file does not list: their asset class can only come from the scheme name. */
const NOT_LISTED = ['INF200K01K01', 'INF174K01X08'];

async function processStatement(t: TestApp, tenant: Tenant, seed: number) {
  const statement = await generateStatement('cams_detailed', { seed });
  const upload = await uploadPdf(t, tenant.analyst, statement.pdf);
  const start = await t.http.post('/api/v2/nexus/pipeline/process').set(bearer(tenant.analyst)).send({ job_id: upload.job_id });
  const { final } = await waitForProcess(t, tenant.analyst, start.body.process_id);
  expect(final.status).toBe('completed');
  const extraction = await t.http.get(`/api/v1/nexus/documents/${upload.doc_id}/extraction`).set(bearer(tenant.analyst));
  expect(extraction.status).toBe(200);
  const result = extraction.body.result;
  const holdings: Array<Record<string, any>> = result.entities.flatMap((e: { holdings: unknown[] }) => e.holdings);
  return { statement, holdings, result };
}

/** The market-data lines of the Prometheus scrape. */
async function marketMetrics(t: TestApp): Promise<string[]> {
  const res = await t.http.get('/metrics');
  expect(res.status).toBe(200);
  return res.text.split('\n').filter((l: string) => l.startsWith('foliodesk_market_data_'));
}

/** Waits for the first read of the NAV file (started at boot) to be over. */
async function settledHealth(t: TestApp) {
  for (let i = 0; i < 100; i++) {
    const res = await t.http.get('/api/v1/health/ready');
    if (res.body.result?.checks?.market_data !== 'loading') return res;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('market data still loading after 5 s');
}

/** A test app whose market data reads the fixture NAV file `file`, and a tenant of it: started before the block's tests, closed after. */
function appReading(file: string): { t: TestApp; acme: Tenant } {
  const s = {} as { t: TestApp; acme: Tenant };
  beforeAll(async () => {
    s.t = await startTestApp({ MARKET_DATA_NAV_SOURCE: fixture(file) });
    s.acme = await createTenant(s.t.http);
  });
  afterAll(() => s.t.close());
  return s;
}

describe('market data: latest NAVs from an AMFI NAV file', () => {
  describe.each([
    { name: 'the six-column file of 2019 to August 2026', file: 'NAVAll.txt' },
    { name: 'the August 2026 file with Plan and Option, the ISINs after them', file: 'NAVAll-2026-plan-first.txt' },
  ])('with MARKET_DATA_NAV_SOURCE pointing at $name', ({ file }) => {
    const s = appReading(file);

    it('reports market data up in health and metrics', async () => {
      const health = await settledHealth(s.t);
      expect(health.status).toBe(200);
      expect(health.body).toMatchObject({ status: 'ok', result: { status: 'ok', checks: { database: 'up', redis: 'up', market_data: 'up' } } });
      expect(await marketMetrics(s.t)).toEqual(expect.arrayContaining(['foliodesk_market_data_up 1', 'foliodesk_market_data_load_failures_total{reason="format"} 0']));
    });

    it("takes the asset class from AMFI's category for the ISINs the file lists, from the scheme name (flagged) for the others", async () => {
      const { statement, holdings, result } = await processStatement(s.t, s.acme, 31);
      for (const expected of statement.model.holdings) {
        const got = holdings.find((h) => h.isin === expected.isin && h.units === expected.units)!;
        const source = NOT_LISTED.includes(expected.isin) ? 'scheme_name' : 'amfi';
        expect({ isin: expected.isin, asset_class: got.asset_class, asset_class_source: got.asset_class_source }).toEqual({ isin: expected.isin, asset_class: expected.asset_class, asset_class_source: source });
      }
      const inferred = result.validation.filter((f: { code: string }) => f.code === 'ASSET_CLASS_INFERRED');
      expect(inferred.map((f: { isin: string }) => f.isin).sort()).toEqual(statement.model.holdings.filter((h) => NOT_LISTED.includes(h.isin)).map((h) => h.isin).sort());
      expect(inferred[0].message).toMatch(/inferred from the scheme name: the statement prints no category and AMFI's NAV file has no category for this ISIN/);
    });

    it('adds latest_nav, latest_nav_date and latest_market_value to holdings whose ISIN the file prices, and nothing else', async () => {
      const { statement, holdings } = await processStatement(s.t, s.acme, 31);
      const isins = new Set(statement.model.holdings.map((h) => h.isin));
      // the fixture was written for this statement: fail loudly if the generator changed
      expect([...Object.keys(LATEST), ...NOT_PRICED].filter((i) => !isins.has(i))).toEqual([]);

      expect(holdings).toHaveLength(statement.model.holdings.length);
      for (const expected of statement.model.holdings) {
        const got = holdings.find((h) => h.isin === expected.isin && h.units === expected.units)!;
        // the statement's own figures are untouched
        expect(got).toMatchObject({ nav: expected.nav, market_value: expected.market_value });
        const latest = LATEST[expected.isin];
        if (latest === undefined) {
          expect({ isin: expected.isin, keys: Object.keys(got).filter((k) => k.startsWith('latest_')) }).toEqual({ isin: expected.isin, keys: [] });
        } else {
          expect(got).toMatchObject({ latest_nav: latest, latest_nav_date: '2025-10-17', latest_market_value: round2(expected.units * latest) });
        }
      }
    });
  });

  describe.each([
    { name: 'a file that is not a NAV file (an HTML error page)', file: 'NAVAll-error-page.txt' },
    { name: 'a NAV file whose header changed so that no ISIN column is found', file: 'NAVAll-unknown-header.txt' },
  ])('with MARKET_DATA_NAV_SOURCE pointing at $name', ({ file }) => {
    const s = appReading(file);

    it('says so in health (degraded, still ready) and in the metrics', async () => {
      const health = await settledHealth(s.t);
      expect(health.status).toBe(200);
      expect(health.body).toMatchObject({ status: 'ok', result: { status: 'degraded', checks: { database: 'up', redis: 'up', market_data: 'degraded' } } });
      const metrics = await marketMetrics(s.t);
      expect(metrics).toEqual(expect.arrayContaining(['foliodesk_market_data_up 0', 'foliodesk_market_data_load_failures_total{reason="read"} 0']));
      const formatFailures = metrics.find((l) => l.startsWith('foliodesk_market_data_load_failures_total{reason="format"}'));
      expect(Number(formatFailures?.split(' ')[1])).toBeGreaterThanOrEqual(1);
    });

    it('still completes statements, without latest NAVs, every asset class from the scheme name and flagged', async () => {
      const { statement, holdings, result } = await processStatement(s.t, s.acme, 31);
      expect(holdings.length).toBe(statement.model.holdings.length);
      expect(holdings.filter((h) => 'latest_nav' in h)).toEqual([]);
      for (const expected of statement.model.holdings) {
        const got = holdings.find((h) => h.isin === expected.isin && h.units === expected.units)!;
        expect({ isin: expected.isin, asset_class: got.asset_class, source: got.asset_class_source }).toEqual({ isin: expected.isin, asset_class: expected.asset_class, source: 'scheme_name' });
      }
      const inferred = result.validation.filter((f: { code: string }) => f.code === 'ASSET_CLASS_INFERRED');
      expect(inferred).toHaveLength(holdings.length);
      expect(inferred[0].message).toMatch(/the market-data NAV file could not be read$/);
    });
  });
});
