import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { bearer, errorCode, twoTenants, type Tenant, type TestApp } from '../support/app.js';
import { clientStatements, GAP, YEAR } from '../support/client-statements.js';
import { uploadPdf, waitForProcess } from '../support/pipeline.js';
import { renderModel } from '../fixtures/generator/index.js';

// A client's portfolio and merged history through the API, from real PDFs of the four sources
// (test/support/client-statements.ts): CAMS and KFintech detailed statements with overlapping
// periods and a gap, an NSDL statement printing a CAMS folio, a CDSL statement printing another
// with other units, one ISIN in both demat accounts. The statements link to the client by PAN.

const folioKey = (folio: string) => folio.replace(/\s+/g, '');

describe('portfolio', () => {
  let t: TestApp;
  let acme: Tenant;
  let rival: Tenant;
  const client = clientStatements(7);
  const docs = new Map<string, string>();
  let clientId: string;
  let householdId: string;

  beforeAll(async () => {
    ({ t, acme, rival } = await twoTenants());
    const created = await t.http.post('/api/v1/clients').set(bearer(acme.analyst)).send({ name: 'Portfolio Client', pan: client.pan });
    expect(created.status).toBe(201);
    clientId = created.body.result.client_id;
    // Uploaded newest first: the answer must not depend on the order statements arrive in.
    for (const s of [...client.statements].reverse()) {
      const upload = await uploadPdf(t, acme.analyst, await renderModel(s.model), `${s.label}.pdf`);
      const start = await t.http.post('/api/v2/nexus/pipeline/process').set(bearer(acme.analyst)).send({ job_id: upload.job_id });
      const { final } = await waitForProcess(t, acme.analyst, start.body.process_id, 90_000);
      expect({ label: s.label, status: final.status }).toEqual({ label: s.label, status: 'completed' });
      docs.set(s.label, upload.doc_id);
    }
  }, 300_000);
  afterAll(() => t.close());

  const label = (docId: string) => [...docs].find(([, id]) => id === docId)?.[0];
  const portfolio = async (query = '') => {
    const res = await t.http.get(`/api/v1/clients/${clientId}/portfolio${query}`).set(bearer(acme.viewer));
    expect(res.status).toBe(200);
    return res.body.result as Record<string, any>;
  };

  it('one position per folio and ISIN across CAMS, KFintech, NSDL and CDSL; one ISIN in two demat accounts is two', async () => {
    const p = await portfolio();
    const folios = p.positions.filter((x: any) => x.kind === 'folio');
    expect(folios.map((x: any) => `${folioKey(x.folio)}|${x.isin}`).sort()).toEqual(client.schemes.map((h) => `${folioKey(h.folio!)}|${h.isin}`).sort());
    for (const x of folios) {
      expect({ isin: x.isin, source: label(x.source.document_id), date: x.source.statement_date }).toEqual({ isin: x.isin, source: 'C', date: YEAR.to });
    }
    const inNsdl = folios.filter((x: any) => x.seen_in.some((s: any) => label(s.document_id) === 'D'));
    expect(inNsdl.length).toBeGreaterThan(0);
    expect(p.positions.filter((x: any) => x.isin === client.sharedIsin).map((x: any) => x.kind)).toEqual(['demat', 'demat']);
    expect(p.documents.map((d: any) => label(d.document_id)).sort()).toEqual(['A', 'B', 'C', 'D', 'E']);
    const sum = p.positions.reduce((s: number, x: any) => s + Math.round(x.market_value * 100), 0);
    expect(Math.round(p.totals.total_market_value * 100)).toBe(sum);
  });

  it('the folio the CDSL statement prints with other units is SOURCES_DISAGREE, with the CAMS figures', async () => {
    const p = await portfolio();
    const x = p.positions.find((y: any) => y.isin === client.disagreeing.isin && y.kind === 'folio');
    const truth = client.schemes.find((h) => h.isin === client.disagreeing.isin)!;
    expect(x.units).toBe(truth.units);
    expect(x.flags.find((f: any) => f.code === 'SOURCES_DISAGREE')).toMatchObject({ fields: expect.arrayContaining(['units']) });
    expect(x.flags.find((f: any) => f.code === 'SOURCES_DISAGREE').document_ids.map(label)).toEqual(['C', 'E']);
  });

  it('history: the overlap counted once, January a HISTORY_GAP, the statuses', async () => {
    const p = await portfolio();
    for (const x of p.positions.filter((y: any) => y.kind === 'folio')) {
      expect(x.flags.filter((f: any) => f.code === 'HISTORY_GAP').map((f: any) => [f.from, f.to])).toEqual([[GAP.from, GAP.to]]);
      const truth = client.schemes.find((h) => h.isin === x.isin)!;
      const missing = truth.transactions.some((tx) => tx.date >= GAP.from && tx.date <= GAP.to && tx.units !== 0);
      if (missing) expect(x.history.status).toBe('MISMATCH');
      else expect(['PARTIAL_HISTORY', 'FULL_HISTORY']).toContain(x.history.status);
    }
    expect(p.positions.filter((y: any) => y.kind === 'demat').every((y: any) => y.history.status === 'SNAPSHOT_ONLY')).toBe(true);

    const all = await t.http.get(`/api/v1/clients/${clientId}/transactions?limit=100`).set(bearer(acme.viewer));
    expect(all.status).toBe(200);
    const expected = client.schemes.flatMap((h) => h.transactions.filter((tx) => tx.date < GAP.from || tx.date > GAP.to).map((tx) => `${h.isin}|${tx.date}|${tx.units}`)).sort();
    expect(all.body.result.items.map((r: any) => `${r.isin}|${r.date}|${r.units}`).sort()).toEqual(expected);
    expect(all.body.result).toMatchObject({ page: 1, limit: 100, total: expected.length, has_more: false });
    // Rows of July to September are printed by both A and B, and cited from both.
    const overlap = all.body.result.items.filter((r: any) => r.date >= '2024-07-01' && r.date <= '2024-09-30');
    expect(overlap.length).toBeGreaterThan(0);
    for (const r of overlap) expect(r.document_ids.map(label).sort()).toEqual(['A', 'B']);
  });

  it('transactions: paged, filtered by folio, ISIN, type and dates', async () => {
    const scheme = client.schemes[0];
    const q = `folio=${encodeURIComponent(folioKey(scheme.folio!))}&isin=${scheme.isin}&from=2024-04-01&to=2024-12-31&limit=2`;
    const res = await t.http.get(`/api/v1/clients/${clientId}/transactions?${q}`).set(bearer(acme.viewer));
    expect(res.status).toBe(200);
    const expected = scheme.transactions.filter((tx) => tx.date <= '2024-12-31');
    expect(res.body.result).toMatchObject({ page: 1, limit: 2, total: expected.length, has_more: expected.length > 2 });
    expect(res.body.result.items.every((r: any) => r.isin === scheme.isin && r.date <= '2024-12-31')).toBe(true);
    const type = expected[0]?.kind === 'sip' ? 'sip_purchase' : null;
    if (type) {
      const typed = await t.http.get(`/api/v1/clients/${clientId}/transactions?type=${type}&isin=${scheme.isin}&limit=100`).set(bearer(acme.viewer));
      expect(typed.body.result.items.every((r: any) => r.type === type)).toBe(true);
    }
    const bad = await t.http.get(`/api/v1/clients/${clientId}/transactions?from=2024-13-01`).set(bearer(acme.viewer));
    expect({ status: bad.status, code: errorCode(bad) }).toEqual({ status: 400, code: 'VALIDATION_ERROR' });
  });

  it('as_of: each position from the newest statement on or before the date', async () => {
    const p = await portfolio('?as_of=2024-12-31');
    expect(p.as_of).toBe('2024-12-31');
    expect(p.documents.map((d: any) => label(d.document_id)).sort()).toEqual(['A', 'B']);
    for (const x of p.positions) expect(label(x.source.document_id)).toBe(x.source.statement_date === '2024-12-31' ? 'B' : 'A');
    expect((await portfolio('?as_of=2024-01-01')).positions).toEqual([]);
    const bad = await t.http.get(`/api/v1/clients/${clientId}/portfolio?as_of=31-03-2025`).set(bearer(acme.viewer));
    expect({ status: bad.status, code: errorCode(bad) }).toEqual({ status: 400, code: 'VALIDATION_ERROR' });
  });

  it('household: the members’ positions together and each member’s figures', async () => {
    const spouse = await t.http.post('/api/v1/clients').set(bearer(acme.analyst)).send({ name: 'Spouse Without Statements', pan: 'ZZZPZ9999Z' });
    const hh = await t.http
      .post('/api/v1/households')
      .set(bearer(acme.analyst))
      .send({ name: 'Portfolio Family', members: [{ client_id: clientId, relationship: 'self' }, { client_id: spouse.body.result.client_id, relationship: 'spouse' }] });
    expect(hh.status).toBe(201);
    householdId = hh.body.result.household_id;
    const res = await t.http.get(`/api/v1/households/${hh.body.result.household_id}/portfolio`).set(bearer(acme.viewer));
    expect(res.status).toBe(200);
    const own = await portfolio();
    expect(res.body.result.totals).toEqual(own.totals);
    expect(res.body.result.members.map((m: any) => [m.client_id, m.relationship, m.positions])).toEqual([
      [clientId, 'self', own.positions.length],
      [spouse.body.result.client_id, 'spouse', 0],
    ]);
  });

  it('tenant-scoped: another tenant’s client and household are 404', async () => {
    const c = await t.http.get(`/api/v1/clients/${clientId}/portfolio`).set(bearer(rival.admin));
    expect({ status: c.status, code: errorCode(c) }).toEqual({ status: 404, code: 'CLIENT_NOT_FOUND' });
    const tx = await t.http.get(`/api/v1/clients/${clientId}/transactions`).set(bearer(rival.viewer));
    expect({ status: tx.status, code: errorCode(tx) }).toEqual({ status: 404, code: 'CLIENT_NOT_FOUND' });
    const hh = await t.http.get(`/api/v1/households/${householdId}/portfolio`).set(bearer(rival.admin));
    expect({ status: hh.status, code: errorCode(hh) }).toEqual({ status: 404, code: 'HOUSEHOLD_NOT_FOUND' });
    const ours = await t.http.get(`/api/v1/households/${householdId}/portfolio`).set(bearer(acme.viewer));
    expect(ours.status).toBe(200);
    const anonymous = await t.http.get(`/api/v1/clients/${clientId}/portfolio`);
    expect(anonymous.status).toBe(401);
  });
});
