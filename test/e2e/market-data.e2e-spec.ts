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

async function processStatement(t: TestApp, tenant: Tenant, seed: number) {
  const statement = await generateStatement('cams_detailed', { seed });
  const upload = await uploadPdf(t, tenant.analyst, statement.pdf);
  const start = await t.http.post('/api/v2/nexus/pipeline/process').set(bearer(tenant.analyst)).send({ job_id: upload.job_id });
  const { final } = await waitForProcess(t, tenant.analyst, start.body.process_id);
  expect(final.status).toBe('completed');
  const extraction = await t.http.get(`/api/v1/nexus/documents/${upload.doc_id}/extraction`).set(bearer(tenant.analyst));
  expect(extraction.status).toBe(200);
  const holdings: Array<Record<string, any>> = extraction.body.result.entities.flatMap((e: { holdings: unknown[] }) => e.holdings);
  return { statement, holdings };
}

describe('market data: latest NAVs from an AMFI NAV file', () => {
  describe('with MARKET_DATA_NAV_SOURCE pointing at the fixture file', () => {
    let t: TestApp;
    let acme: Tenant;
    beforeAll(async () => {
      t = await startTestApp({ MARKET_DATA_NAV_SOURCE: fixture('NAVAll.txt') });
      acme = await createTenant(t.http);
    });
    afterAll(() => t.close());

    it('adds latest_nav, latest_nav_date and latest_market_value to holdings whose ISIN the file prices, and nothing else', async () => {
      const { statement, holdings } = await processStatement(t, acme, 31);
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

  describe('with MARKET_DATA_NAV_SOURCE pointing at a file that is not a NAV file', () => {
    let t: TestApp;
    let acme: Tenant;
    beforeAll(async () => {
      t = await startTestApp({ MARKET_DATA_NAV_SOURCE: fixture('NAVAll-error-page.txt') });
      acme = await createTenant(t.http);
    });
    afterAll(() => t.close());

    it('still completes statements, without latest NAVs', async () => {
      const { holdings } = await processStatement(t, acme, 31);
      expect(holdings.length).toBeGreaterThan(0);
      expect(holdings.filter((h) => 'latest_nav' in h)).toEqual([]);
    });
  });
});
