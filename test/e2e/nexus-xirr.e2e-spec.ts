/**
 * XIRR and honest totals through the API: a CAMS detailed statement whose holdings carry opening
 * balances gets an XIRR per holding, per investor and per statement, each checked against a rate
 * computed here from the generator's ground truth (its own transaction kinds, not our types) by plain
 * bisection; a summary statement, which prints no transactions, gets none, with the reason.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { buildModel, generateStatement, type Holding as ModelHolding, type StatementModel } from '../fixtures/generator/index.js';
import { bearer, createTenant, startTestApp, type Tenant, type TestApp } from '../support/app.js';
import { uploadPdf, waitForProcess } from '../support/pipeline.js';
import { bisectXirr } from '../support/xirr-oracle.js';

interface Flow {
  date: string;
  amount: number;
}

const DAY = 86_400_000;
const WINDOW_DAYS = 31;

/** The XIRR in percent to 2 decimals, by the independent bisection. */
const bisect = (flows: Flow[]): number => Math.round(bisectXirr(flows) * 10000) / 100;

/** The holding's flows from the generator's truth, or null when its opening units have no price within a month of the start. */
function modelFlows(h: ModelHolding, from: string): Flow[] | null {
  const flows: Flow[] = [];
  if (h.opening_units > 0) {
    const priced = h.transactions
      .filter((t) => t.nav !== null && t.units !== 0)
      .map((t) => ({ nav: t.nav as number, distance: Math.abs(Date.parse(t.date) - Date.parse(from)) / DAY, date: t.date }))
      .filter((p) => p.distance <= WINDOW_DAYS)
      .sort((a, b) => a.distance - b.distance || a.date.localeCompare(b.date));
    if (!priced.length) return null;
    flows.push({ date: from, amount: -h.opening_units * priced[0].nav });
  }
  // Purchases, SIPs and switches in are paid (positive amounts), sales received (negative amounts),
  // stamp duty paid; reinvested IDCW and SIP registrations move no money.
  for (const t of h.transactions) if (t.amount !== null && t.kind !== 'idcw_reinvestment' && t.kind !== 'sip_registration') flows.push({ date: t.date, amount: -t.amount });
  if (h.market_value) flows.push({ date: h.nav_date, amount: h.market_value });
  return flows;
}

/** A seed whose statement has a holding with an opening balance priced by a transaction near the start. */
function seedWithPricedOpening(): number {
  for (let seed = 100; seed < 200; seed++) {
    const m = buildModel('cams_detailed', { seed });
    if (m.holdings.some((h) => h.opening_units > 0 && modelFlows(h, m.period.from) !== null && h.transactions.length > 0)) return seed;
  }
  throw new Error('no seed in 100..199 has a priced opening balance');
}

describe('nexus XIRR and totals', () => {
  let t: TestApp;
  let acme: Tenant;
  beforeAll(async () => {
    t = await startTestApp();
    acme = await createTenant(t.http);
  });
  afterAll(() => t.close());

  async function extract(statement: { pdf: Buffer }): Promise<Record<string, any>> {
    const upload = await uploadPdf(t, acme.analyst, statement.pdf);
    const start = await t.http.post('/api/v2/nexus/pipeline/process').set(bearer(acme.analyst)).send({ job_id: upload.job_id });
    expect(start.status).toBe(200);
    const { final } = await waitForProcess(t, acme.analyst, start.body.process_id, 60_000);
    expect(final.status).toBe('completed');
    const res = await t.http.get(`/api/v1/nexus/documents/${upload.doc_id}/extraction`).set(bearer(acme.analyst));
    expect(res.status).toBe(200);
    return res.body.result;
  }

  it('gives each holding, investor and the statement an XIRR with opening balances valued at a nearby NAV', async () => {
    const seed = seedWithPricedOpening();
    const statement = await generateStatement('cams_detailed', { seed });
    const model: StatementModel = statement.model;
    const result = await extract(statement);
    const from = model.period.from;

    let priced = 0;
    for (const entity of result.entities) {
      for (const h of entity.holdings) {
        const truth = model.holdings.find((m) => m.isin === h.isin && m.folio?.replace(/\s/g, '') === h.folio?.replace(/\s/g, ''));
        expect(truth).toBeDefined();
        const flows = modelFlows(truth as ModelHolding, from);
        if (flows === null) {
          expect({ isin: h.isin, xirr: h.xirr, xirr_reason: h.xirr_reason }).toEqual({ isin: h.isin, xirr: null, xirr_reason: 'OPENING_VALUE_UNKNOWN' });
          continue;
        }
        expect(h.xirr_reason).toBeNull();
        expect(Math.abs(h.xirr - bisect(flows))).toBeLessThanOrEqual(0.01);
        if ((truth as ModelHolding).opening_units > 0) priced++;
      }
      const all = entity.holdings.map((h: { isin: string; folio: string | null }) => model.holdings.find((m) => m.isin === h.isin && m.folio?.replace(/\s/g, '') === h.folio?.replace(/\s/g, '')));
      const entityFlows = all.map((m: ModelHolding) => (m.market_value || m.transactions.length ? modelFlows(m, from) : []));
      if (entityFlows.some((f: Flow[] | null) => f === null)) expect(entity.totals).toMatchObject({ xirr: null, xirr_reason: 'OPENING_VALUE_UNKNOWN' });
      else expect(Math.abs(entity.totals.xirr - bisect(entityFlows.flat()))).toBeLessThanOrEqual(0.01);
    }
    expect(priced).toBeGreaterThan(0);

    const everyFlow = model.holdings.filter((m) => m.market_value || m.transactions.length).map((m) => modelFlows(m, from));
    if (everyFlow.some((f) => f === null)) expect(result.totals).toMatchObject({ xirr: null, xirr_reason: 'OPENING_VALUE_UNKNOWN' });
    else expect(Math.abs(result.totals.xirr - bisect(everyFlow.flat() as Flow[]))).toBeLessThanOrEqual(0.01);

    // Every value known: all counted, nothing flagged as left out.
    expect(result.totals).toMatchObject({ holdings_valued: model.holdings.length, holdings_without_value: 0 });
    expect(result.validation.filter((f: { code: string }) => f.code === 'TOTALS_INCOMPLETE')).toEqual([]);
  });

  it('has no XIRR on a summary statement, which prints no transactions, and says why', async () => {
    const statement = await generateStatement('cams_summary', { seed: 13 });
    const result = await extract(statement);
    const holdings = result.entities.flatMap((e: { holdings: unknown[] }) => e.holdings);
    expect(holdings.length).toBe(statement.model.holdings.length);
    for (const h of holdings) expect(h).toMatchObject({ xirr: null, xirr_reason: 'NO_TRANSACTIONS' });
    for (const e of result.entities) expect(e.totals).toMatchObject({ xirr: null, xirr_reason: 'NO_TRANSACTIONS' });
    expect(result.totals).toMatchObject({ xirr: null, xirr_reason: 'NO_TRANSACTIONS', holdings_without_value: 0 });
  });
});
