import { access, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import ExcelJS from 'exceljs';
import { renderModel } from '../fixtures/generator/index.js';
import { bearer, errorCode, twoTenants, type Account, type Tenant, type TestApp } from '../support/app.js';
import { gainsHistory, type SchemeHistory } from '../support/gains-history.js';
import { uploadPdf, waitForProcess } from '../support/pipeline.js';
import { sql } from '../support/db.js';

// Capital gains through the API, from real CAMS detailed PDFs with a known history
// (test/support/gains-history.ts) and an AMFI NAV file naming the schemes' categories. Every expected
// figure is worked out below from the rows the statements print, by first-in-first-out, not read
// from the answer.

const FY = '2025-26';
const history = gainsHistory();
const [one, two] = history.investors;

const r2 = (n: number) => Math.round(n * 100) / 100;
const r3 = (n: number) => Math.round(n * 1000) / 1000;

/** Whole months from `a` to `b` are more than `months` (s.2(42A): "held for not more than"). */
function heldMoreThan(a: string, b: string, months: number): boolean {
  const [y, m, d] = a.split('-').map(Number);
  const end = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  const boundary = `${end.getUTCFullYear()}-${String(end.getUTCMonth() + 1).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
  return b > boundary;
}

interface ExpectedLot {
  isin: string;
  purchase_date: string | null;
  sale_date: string;
  units: number;
  cost: number | null;
  sale_value: number;
  gain: number | null;
  term: 'short' | 'long' | null;
}

/** First in, first out over the printed rows: units held before the first row are a lot of unknown date and cost. */
function fifo(s: SchemeHistory): { realised: ExpectedLot[]; open: Array<{ date: string | null; units: number; cost: number | null }> } {
  const lots: Array<{ date: string | null; units: number; cost: number | null }> = s.openingUnits ? [{ date: null, units: s.openingUnits, cost: null }] : [];
  const realised: ExpectedLot[] = [];
  for (const row of s.rows) {
    if (row.kind === 'purchase') lots.push({ date: row.date, units: row.units, cost: row.amount });
    else if (row.kind === 'stamp_duty') {
      const lot = [...lots].reverse().find((l) => l.date === row.date)!;
      lot.cost = lot.cost === null ? null : r2(lot.cost + row.amount);
    } else {
      let left = -row.units;
      while (left > 0) {
        const lot = lots[0];
        const take = Math.min(left, lot.units);
        const cost = lot.cost === null ? null : r2((lot.cost * take) / lot.units);
        const saleValue = r2((-row.amount * take) / -row.units);
        const equity = s.key !== 'DEBT';
        const term = lot.date === null ? null : equity ? (heldMoreThan(lot.date, row.date, 12) ? 'long' : 'short') : 'short';
        realised.push({ isin: s.holding.isin, purchase_date: lot.date, sale_date: row.date, units: r3(take), cost, sale_value: saleValue, gain: cost === null ? null : r2(saleValue - cost), term });
        lot.cost = lot.cost === null ? null : r2(lot.cost - (cost ?? 0));
        lot.units = r3(lot.units - take);
        left = r3(left - take);
        if (lot.units === 0) lots.shift();
      }
    }
  }
  return { realised, open: lots };
}

const sum = (xs: number[]) => r2(xs.reduce((a, b) => a + b, 0));
const lotKey = (l: { isin: string; sale_date: string; purchase_date: string | null; units: number }) => `${l.isin}|${l.sale_date}|${l.purchase_date ?? '-'}|${l.units.toFixed(3)}`;
const pick = (l: Record<string, any>): ExpectedLot => ({
  isin: l.isin,
  purchase_date: l.purchase_date,
  sale_date: l.sale_date,
  units: l.units,
  cost: l.cost,
  sale_value: l.sale_value,
  gain: l.gain,
  term: l.rule.term,
});
const sorted = <T extends Parameters<typeof lotKey>[0]>(xs: T[]) => [...xs].sort((a, b) => lotKey(a).localeCompare(lotKey(b)));

/** The expected lots of an investor's schemes realised in the year. */
const realisedIn = (schemes: SchemeHistory[]) => schemes.flatMap((s) => fifo(s).realised).filter((l) => l.sale_date >= '2025-04-01' && l.sale_date <= '2026-03-31');

/** RFC 4180 lines, quoted cells unquoted. */
function parseCsv(text: string): string[][] {
  return text
    .split('\r\n')
    .filter((l) => l !== '')
    .map((line) => [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(,|$)/g)].slice(0, -1).map((m) => (m[1].startsWith('"') ? m[1].slice(1, -1).replace(/""/g, '"') : m[1])));
}

const binary = (res: any, cb: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
};

describe('capital gains from uploaded statements', () => {
  let t: TestApp;
  let acme: Tenant;
  let rival: Tenant;
  let dir: string;
  const clientIds: string[] = [];
  let householdId: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'gains-nav-'));
    const navFile = join(dir, 'NAVAll.txt');
    await writeFile(navFile, history.navFile);
    ({ t, acme, rival } = await twoTenants({ MARKET_DATA_NAV_SOURCE: navFile }));
    for (const investor of history.investors) {
      const created = await t.http.post('/api/v1/clients').set(bearer(acme.analyst)).send({ name: investor.name, pan: investor.pan });
      expect(created.status).toBe(201);
      clientIds.push(created.body.result.client_id);
      for (const s of investor.statements) {
        const upload = await uploadPdf(t, acme.analyst, await renderModel(s.model), `${s.label}.pdf`);
        const start = await t.http.post('/api/v2/nexus/pipeline/process').set(bearer(acme.analyst)).send({ job_id: upload.job_id });
        const { final } = await waitForProcess(t, acme.analyst, start.body.process_id, 90_000);
        expect({ label: s.label, status: final.status }).toEqual({ label: s.label, status: 'completed' });
      }
    }
    const hh = await t.http
      .post('/api/v1/households')
      .set(bearer(acme.analyst))
      .send({ name: 'Gains Family', members: [{ client_id: clientIds[0], relationship: 'self' }, { client_id: clientIds[1], relationship: 'spouse' }] });
    expect(hh.status).toBe(201);
    householdId = hh.body.result.household_id;
  }, 300_000);
  afterAll(async () => {
    await t?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const gains = async (clientId: string, account: Account = acme.viewer) => {
    const res = await t.http.get(`/api/v1/clients/${clientId}/gains?fy=${FY}`).set(bearer(account));
    expect(res.status).toBe(200);
    return res.body.result as Record<string, any>;
  };

  it('a full-history folio: the lots, long- and short-term gains and the s.112A exemption equal FIFO over the printed rows', async () => {
    const g = await gains(clientIds[0]);
    expect({ fy: g.fy, act: g.act, period: g.period, client_id: g.client_id }).toEqual({ fy: FY, act: '1961', period: { from: '2025-04-01', to: '2026-03-31' }, client_id: clientIds[0] });
    const eq = one.schemes.find((s) => s.key === 'EQ')!;
    const expected = realisedIn([eq]);
    // The redemption closes the first lot (held > 12 months) and part of the second (< 12 months).
    expect(expected.map((l) => l.term)).toEqual(['long', 'short']);
    const actual = g.realised.lots.filter((l: any) => l.isin === eq.holding.isin).map(pick);
    expect(sorted(actual)).toEqual(sorted(expected));
    for (const l of g.realised.lots.filter((x: any) => x.isin === eq.holding.isin)) {
      expect(l.rule).toMatchObject(l.rule.term === 'long' ? { rule: 'EQ_LTCG_12_5', rate: 0.125, section: '112A', tax_class: 'equity_oriented' } : { rule: 'EQ_STCG_20', rate: 0.2, section: '111A' });
      expect(l.advance_tax_period).toBe('upto_15_jun');
    }

    const equity = g.realised.by_tax_class.find((r: any) => r.tax_class === 'equity_oriented');
    const ltcg = sum(expected.filter((l) => l.term === 'long').map((l) => l.gain!));
    const stcg = sum(expected.filter((l) => l.term === 'short').map((l) => l.gain!));
    expect(equity.long_term.gain).toBe(ltcg);
    expect(equity.short_term.gain).toBe(stcg);
    expect(g.realised.exemption_112a).toMatchObject({ limit: 125000, ltcg, applied: Math.min(ltcg, 125000), taxable_at_12_5: r2(Math.max(0, ltcg - 125000)), remaining: r2(Math.max(0, 125000 - ltcg)) });
    const june = g.realised.advance_tax.find((p: any) => p.period === 'upto_15_jun');
    expect(june.by_tax_class.find((r: any) => r.tax_class === 'equity_oriented').long_term.gain).toBe(ltcg);

    // The NAV source's category decides the class (not defaulted); its NAV is newer than the statement's, so it values the open lots.
    const holding = g.holdings.find((h: any) => h.isin === eq.holding.isin);
    expect(holding).toMatchObject({ category: eq.category, tax_class: { untilFy2025: 'equity_oriented', fromFy2026: 'equity_oriented', defaulted: false }, flags: [] });
    expect(holding.valuation).toEqual({ nav: eq.navSource.nav, date: eq.navSource.date, source: 'nav_source' });
    const open = fifo(eq).open;
    const unrealised = g.unrealised.lots.filter((l: any) => l.isin === eq.holding.isin);
    expect(unrealised.map((l: any) => ({ purchase_date: l.purchase_date, units: l.units, cost: l.cost, market_value: l.market_value, gain: l.gain, valuation_date: l.valuation_date }))).toEqual(
      open.map((l) => ({ purchase_date: l.date, units: l.units, cost: l.cost, market_value: r2(l.units * eq.navSource.nav), gain: r2(r2(l.units * eq.navSource.nav) - l.cost!), valuation_date: eq.navSource.date })),
    );
  });

  it('an incomplete history: the units held before the statements give a null gain flagged HISTORY_INCOMPLETE, the folio and the answer say so', async () => {
    const g = await gains(clientIds[0]);
    const debt = one.schemes.find((s) => s.key === 'DEBT')!;
    const expected = realisedIn([debt]);
    expect(expected.map((l) => l.gain === null)).toEqual([true, false]);
    const lots = g.realised.lots.filter((l: any) => l.isin === debt.holding.isin);
    // The unseen units' term is not known from the statements; every other figure is compared.
    const withoutTerm = (l: ExpectedLot) => ({ ...l, term: undefined });
    expect(sorted<ExpectedLot>(lots.map(pick)).map(withoutTerm)).toEqual(sorted(expected).map(withoutTerm));
    const unseen = lots.find((l: any) => l.purchase_date === null);
    expect(unseen.gain).toBeNull();
    expect(unseen.cost).toBeNull();
    expect(unseen.flags.map((f: any) => f.code)).toContain('HISTORY_INCOMPLETE');
    // The units bought on the statement: a specified mutual fund bought after 1 April 2023, short-term at slab rates.
    expect(lots.find((l: any) => l.purchase_date !== null).rule).toMatchObject({ rule: 'SMF_DEEMED_SHORT', term: 'short', slab: true, rate: null, tax_class: 'specified_mutual_fund' });
    const holding = g.holdings.find((h: any) => h.isin === debt.holding.isin);
    expect(holding.flags.map((f: any) => f.code)).toContain('HISTORY_INCOMPLETE');
    expect(holding.valuation).toEqual({ nav: debt.closingNav, date: '2026-03-31', source: 'statement' });
    expect(g.flags.map((f: any) => f.code)).toContain('HISTORY_INCOMPLETE');
    const smf = g.realised.by_tax_class.find((r: any) => r.tax_class === 'specified_mutual_fund');
    expect(smf.short_term).toMatchObject({ gain: null, known_gain: sum(expected.filter((l) => l.gain !== null).map((l) => l.gain!)), unknown_lots: 1 });
  });

  it('a household: each member’s gains with their own exemption, and the totals of both', async () => {
    const res = await t.http.get(`/api/v1/households/${householdId}/gains?fy=${FY}`).set(bearer(acme.viewer));
    expect(res.status).toBe(200);
    const hh = res.body.result;
    expect(hh.members.map((m: any) => [m.client_id, m.relationship])).toEqual([
      [clientIds[0], 'self'],
      [clientIds[1], 'spouse'],
    ]);
    const eq2 = two.schemes[0];
    const spouseLots = realisedIn([eq2]);
    expect(sorted(hh.members[1].realised.lots.map(pick))).toEqual(sorted(spouseLots));
    const own = await gains(clientIds[0]);
    expect(hh.members[0].realised).toEqual(own.realised);

    const lt = (lots: ExpectedLot[]) => sum(lots.filter((l) => l.term === 'long' && l.gain !== null && l.isin !== one.schemes[1].holding.isin).map((l) => l.gain!));
    const equityTotal = hh.totals.realised.by_tax_class.find((r: any) => r.tax_class === 'equity_oriented');
    const allLots = [...realisedIn(one.schemes), ...spouseLots];
    expect(equityTotal.long_term.gain).toBe(lt(allLots));
    expect(equityTotal.short_term.gain).toBe(sum(allLots.filter((l) => l.term === 'short' && l.isin !== one.schemes[1].holding.isin).map((l) => l.gain!)));
    // Each member's exemption covers their own long-term gains; the household adds what each applied.
    expect(hh.totals.realised.exemption_112a_applied).toBe(r2(Math.min(lt(realisedIn(one.schemes)), 125000) + Math.min(lt(spouseLots), 125000)));
    expect(hh.totals.flags).toContain('HISTORY_INCOMPLETE');
    expect(hh.members[1].holdings[0].valuation).toEqual({ nav: eq2.closingNav, date: '2026-03-31', source: 'statement' });
  });

  it('exports: the detailed CSV rows are the API’s lots; the Schedule 112A XLSX lists the long-term equity lots in the return’s columns; each is a report with report.generated', async () => {
    const g = await gains(clientIds[0]);
    const csv = await t.http.get(`/api/v1/clients/${clientIds[0]}/gains/export?fy=${FY}&format=csv&sheet=detailed`).set(bearer(acme.analyst)).buffer(true).parse(binary);
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const [header, ...rows] = parseCsv((csv.body as Buffer).toString('utf8'));
    const at = (name: string) => header.indexOf(name);
    const num = (v: string) => (v === '' ? null : Number(v));
    const fromCsv = rows.map((r) => ({ isin: r[at('isin')], purchase_date: r[at('purchase_date')] || null, sale_date: r[at('sale_date')], units: num(r[at('units')])!, cost: num(r[at('cost')]), sale_value: num(r[at('sale_value')])!, gain: num(r[at('gain')]) }));
    expect(sorted(fromCsv)).toEqual(sorted(g.realised.lots.map((l: any) => ({ isin: l.isin, purchase_date: l.purchase_date, sale_date: l.sale_date, units: l.units, cost: l.cost, sale_value: l.sale_value, gain: l.gain }))));

    const reportId = csv.headers['x-report-id'];
    const [event] = await sql<{ event_type: string; data: Record<string, unknown> }>(`SELECT event_type, data FROM outbox_events WHERE data->>'report_id' = $1`, [reportId]);
    expect(event).toEqual({
      event_type: 'report.generated',
      data: {
        report_id: reportId,
        report_type: 'gains_detailed',
        client_id: clientIds[0],
        client_ids: [clientIds[0]],
        document_id: null,
        fy: FY,
        url: expect.stringMatching(new RegExp(`/api/v1/nexus/reports/${reportId}$`)),
        format: 'csv',
        generated_by: acme.analyst.userId,
      },
    });
    const again = await t.http.get(`/api/v1/nexus/reports/${reportId}`).set(bearer(acme.analyst)).buffer(true).parse(binary);
    expect(again.status).toBe(200);
    expect(Buffer.compare(again.body as Buffer, csv.body as Buffer)).toBe(0);
    const elsewhere = await t.http.get(`/api/v1/nexus/reports/${reportId}`).set(bearer(rival.admin));
    expect(elsewhere.status).toBe(404);

    const xlsx = await t.http.get(`/api/v1/clients/${clientIds[0]}/gains/export?fy=${FY}&format=xlsx&sheet=schedule_112a`).set(bearer(acme.analyst)).buffer(true).parse(binary);
    expect(xlsx.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.body as never);
    const sheet = workbook.worksheets[0];
    expect(sheet.name).toBe('Schedule 112A');
    const labels = (sheet.getRow(1).values as unknown[]).slice(1) as string[];
    expect(labels.map((l) => /\(([0-9a-z]+)\)$/.exec(l)?.[1])).toEqual(['1a', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12', '13', '14']);
    const sheetRows: unknown[][] = [];
    sheet.eachRow((row, n) => {
      if (n > 1) sheetRows.push((row.values as unknown[]).slice(1));
    });
    const longEquity = g.realised.lots.filter((l: any) => l.rule.term === 'long' && l.rule.tax_class === 'equity_oriented');
    expect(longEquity.length).toBeGreaterThan(0);
    expect(sheetRows.map((r) => [r[0], r[1], r[3], r[5], r[7], r[13]])).toEqual(longEquity.map((l: any) => ['AE', l.isin, l.units, l.sale_value, l.cost, r2(l.sale_value - l.cost_of_acquisition)]));
    const [xlsxEvent] = await sql<{ data: Record<string, unknown> }>(`SELECT data FROM outbox_events WHERE data->>'report_id' = $1`, [xlsx.headers['x-report-id']]);
    expect(xlsxEvent.data).toMatchObject({ report_type: 'schedule_112a', client_id: clientIds[0], format: 'xlsx', fy: FY });
    // The exports are in the analyst's activity feed, named by their client (they have no document).
    const activity = await t.http.get('/api/v1/dashboard/activity?limit=50').set(bearer(acme.analyst));
    expect(activity.status).toBe(200);
    const reportItems = activity.body.result.items.filter((i: any) => i.type === 'report.generated');
    expect(reportItems.map((i: any) => i.resource_id)).toEqual(expect.arrayContaining([reportId, xlsx.headers['x-report-id']]));
    expect(reportItems.find((i: any) => i.resource_id === reportId).title).toBe(`gains_detailed export (csv) of client ${clientIds[0]}`);
  });

  it('fy: not YYYY-YY of consecutive years is 400 FINANCIAL_YEAR_INVALID, before 2018-19 is 422; nothing is exported', async () => {
    for (const fy of ['2025-27', '2025', '2025-2026', '']) {
      const res = await t.http.get(`/api/v1/clients/${clientIds[0]}/gains?fy=${fy}`).set(bearer(acme.viewer));
      expect({ fy, status: res.status, code: errorCode(res) }).toEqual({ fy, status: 400, code: 'FINANCIAL_YEAR_INVALID' });
    }
    const missing = await t.http.get(`/api/v1/households/${householdId}/gains`).set(bearer(acme.viewer));
    expect({ status: missing.status, code: errorCode(missing) }).toEqual({ status: 400, code: 'FINANCIAL_YEAR_INVALID' });
    const old = await t.http.get(`/api/v1/clients/${clientIds[0]}/gains?fy=2016-17`).set(bearer(acme.viewer));
    expect({ status: old.status, code: errorCode(old) }).toEqual({ status: 422, code: 'FINANCIAL_YEAR_UNSUPPORTED' });
    const before = await sql<{ n: string }>(`SELECT count(*) AS n FROM reports WHERE client_id = $1`, [clientIds[0]]);
    const bad = await t.http.get(`/api/v1/clients/${clientIds[0]}/gains/export?fy=2025-27`).set(bearer(acme.analyst));
    expect({ status: bad.status, code: errorCode(bad) }).toEqual({ status: 400, code: 'FINANCIAL_YEAR_INVALID' });
    const badSheet = await t.http.get(`/api/v1/clients/${clientIds[0]}/gains/export?fy=${FY}&sheet=schedule_112b`).set(bearer(acme.analyst));
    expect({ status: badSheet.status, code: errorCode(badSheet) }).toEqual({ status: 400, code: 'VALIDATION_ERROR' });
    expect(await sql<{ n: string }>(`SELECT count(*) AS n FROM reports WHERE client_id = $1`, [clientIds[0]])).toEqual(before);
  });

  it('tenant-scoped: another tenant’s client and household are 404, exactly as ones that do not exist; a viewer reads but does not export', async () => {
    for (const path of [`/api/v1/clients/${clientIds[0]}/gains?fy=${FY}`, `/api/v1/clients/${clientIds[0]}/gains/export?fy=${FY}`]) {
      const res = await t.http.get(path).set(bearer(rival.admin));
      expect({ path, status: res.status, code: errorCode(res) }).toEqual({ path, status: 404, code: 'CLIENT_NOT_FOUND' });
    }
    const ghost = await t.http.get(`/api/v1/clients/cli_${'0'.repeat(24)}/gains?fy=${FY}`).set(bearer(acme.admin));
    expect({ status: ghost.status, code: errorCode(ghost) }).toEqual({ status: 404, code: 'CLIENT_NOT_FOUND' });
    const hh = await t.http.get(`/api/v1/households/${householdId}/gains?fy=${FY}`).set(bearer(rival.admin));
    expect({ status: hh.status, code: errorCode(hh) }).toEqual({ status: 404, code: 'HOUSEHOLD_NOT_FOUND' });
    const viewerExport = await t.http.get(`/api/v1/clients/${clientIds[0]}/gains/export?fy=${FY}`).set(bearer(acme.viewer));
    expect({ status: viewerExport.status, code: errorCode(viewerExport) }).toEqual({ status: 403, code: 'FORBIDDEN' });
    const anonymous = await t.http.get(`/api/v1/clients/${clientIds[0]}/gains?fy=${FY}`);
    expect(anonymous.status).toBe(401);
  });

  it('deleting a client deletes the reports about it and their files', async () => {
    const made = await t.http.get(`/api/v1/clients/${clientIds[0]}/gains/export?fy=${FY}`).set(bearer(acme.analyst));
    expect(made.status).toBe(200);
    const reports = await sql<{ id: string; storage_key: string }>(`SELECT id, storage_key FROM reports WHERE client_id = $1`, [clientIds[0]]);
    expect(reports.length).toBeGreaterThan(0);
    const stored = join(process.env.STORAGE_DIR!, reports[0].storage_key);
    await expect(access(stored)).resolves.toBeUndefined();
    const deleted = await t.http.delete(`/api/v1/clients/${clientIds[0]}`).set(bearer(acme.admin));
    expect(deleted.status).toBe(200);
    expect(await sql(`SELECT id FROM reports WHERE client_id = $1`, [clientIds[0]])).toEqual([]);
    for (const r of reports) await expect(access(join(process.env.STORAGE_DIR!, r.storage_key))).rejects.toMatchObject({ code: 'ENOENT' });
    // Recorded as pending removals with the deletion, and dropped once removed.
    expect(await sql(`SELECT storage_key FROM pending_file_removals WHERE storage_key = ANY($1::varchar[])`, [reports.map((r) => r.storage_key)])).toEqual([]);
    const gone = await t.http.get(`/api/v1/nexus/reports/${reports[0].id}`).set(bearer(acme.analyst));
    expect(gone.status).toBe(404);
  });
});
