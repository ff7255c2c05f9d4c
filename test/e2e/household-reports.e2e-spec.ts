import { createHash, createHmac } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { renderModel } from '../fixtures/generator/index.js';
import { bearer, createTenant, download, errorCode, startTestApp, type Tenant, type TestApp } from '../support/app.js';
import { namedFirm, waitForReport, investedOf as invested } from '../support/client-reports.js';
import { gainsHistory } from '../support/gains-history.js';
import { uploadPdf, waitForProcess } from '../support/pipeline.js';
import { Receiver } from '../support/receiver.js';
import { figure, holdingsRows, knownFigure, linesStartingWith, readReport, valueOf, type ReadReport } from '../support/report-pdf.js';

// The household report end to end: two investors' CAMS statements (the gains test's, whose sales have
// known gains) and a third member with none, a household of the three, a report requested through the
// API and made by the worker, announced by a signed `report.generated` naming the household and its
// members, downloaded, rendered to PNG by pdf.js and read back: the household's totals, each member's
// figures, holdings and gains are the household portfolio and gains APIs' own. Then who may read it,
// and what deleting a member or the household does to it.

const SECRET = 'whsec_household_reports_0123456789';
const FIRM = 'Sharma Family Office';
const FY = '2025-26';
const CHILD = { name: 'Anika Child', pan: 'ANIPC7788K' };

type Gains = { by_tax_class: Array<Record<'short_term' | 'long_term', { known_gain: number }>> };

/** Short- and long-term gains of the sales whose gain is known, summed over the tax classes, and their total. */
function termSums(realised: Gains): [number, number, number] {
  const sum = (key: 'short_term' | 'long_term') => realised.by_tax_class.reduce((n, c) => n + Math.round(c[key].known_gain * 100), 0) / 100;
  const [short, long] = [sum('short_term'), sum('long_term')];
  return [short, long, Math.round((short + long) * 100) / 100];
}

describe('household reports', () => {
  const history = gainsHistory();
  let t: TestApp;
  let acme: Tenant;
  let rival: Tenant;
  let receiver: Receiver;
  let navDir: string;
  let householdId: string;
  /** The members in the register's order: self, spouse, child. */
  const members: Array<{ clientId: string; name: string; pan: string; relationship: string }> = [];
  let report: Record<string, any>;
  let pdf: Buffer;
  let read: ReadReport;
  let portfolio: Record<string, any>;
  let gains: Record<string, any>;

  const reportFile = (id: string) => join(process.env.STORAGE_DIR!, acme.admin.tenantId, 'reports', `${id}.pdf`);
  const requestReport = (body: Record<string, unknown>, id = householdId, account = acme.analyst) => t.http.post(`/api/v1/households/${id}/reports`).set(bearer(account)).send(body);

  beforeAll(async () => {
    navDir = await mkdtemp(join(tmpdir(), 'household-report-nav-'));
    await writeFile(join(navDir, 'NAVAll.txt'), history.navFile);
    t = await startTestApp({ MARKET_DATA_NAV_SOURCE: join(navDir, 'NAVAll.txt'), WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true', WEBHOOK_DISPATCH_INTERVAL_MS: '50' });
    receiver = await new Receiver().start();
    [acme, rival] = await Promise.all([namedFirm(t, FIRM), createTenant(t.http)]);
    expect((await t.http.post('/api/v1/webhooks/subscribe').set(bearer(acme.admin)).send({ url: receiver.url, events: ['report.generated'], secret: SECRET })).status).toBe(201);

    const people = [...history.investors.map((i) => ({ name: i.name, pan: i.pan })), CHILD];
    for (const [i, person] of people.entries()) {
      const created = await t.http.post('/api/v1/clients').set(bearer(acme.analyst)).send(person);
      expect(created.status).toBe(201);
      members.push({ clientId: created.body.result.client_id, ...person, relationship: ['self', 'spouse', 'child'][i] });
    }
    for (const investor of history.investors) {
      for (const s of investor.statements) {
        const upload = await uploadPdf(t, acme.analyst, await renderModel(s.model), `${s.label}.pdf`);
        const start = await t.http.post('/api/v2/nexus/pipeline/process').set(bearer(acme.analyst)).send({ job_id: upload.job_id });
        expect((await waitForProcess(t, acme.analyst, start.body.process_id, 90_000)).final.status).toBe('completed');
      }
    }
    const hh = await t.http
      .post('/api/v1/households')
      .set(bearer(acme.analyst))
      .send({ name: 'Rao household', members: members.map((m) => ({ client_id: m.clientId, relationship: m.relationship })) });
    expect(hh.status).toBe(201);
    householdId = hh.body.result.household_id;

    const res = await requestReport({ report_type: 'household_summary', fy: FY });
    expect(res.status).toBe(202);
    expect(res.body.result).toMatchObject({ status: 'queued', household_id: householdId, client_id: null, report_type: 'household_summary', format: 'pdf', url: null });
    report = await waitForReport(t, acme.viewer, res.body.result.report_id);
    const file = await download(t, acme.viewer, report.url);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    pdf = file.body;
    read = await readReport(pdf);
    // No as_of asked for: the report is as of the newest statement, as the portfolio without one.
    portfolio = (await t.http.get(`/api/v1/households/${householdId}/portfolio`).set(bearer(acme.viewer))).body.result;
    gains = (await t.http.get(`/api/v1/households/${householdId}/gains?fy=${FY}`).set(bearer(acme.viewer))).body.result;
  }, 400_000);
  afterAll(async () => {
    await receiver.stop();
    await t.close();
    await rm(navDir, { recursive: true, force: true });
  });

  it('is made by the worker: completed, about the household, with the url, size and digest of the file served', () => {
    expect(report).toMatchObject({ status: 'completed', household_id: householdId, client_id: null, report_type: 'household_summary', params: { as_of: null, fy: FY, audience: 'client' }, error: null });
    expect(report.url).toBe(`http://localhost:3000/api/v1/reports/${report.report_id}/file`);
    expect(report.size_bytes).toBe(pdf.length);
    expect(report.sha256).toBe(createHash('sha256').update(pdf).digest('hex'));
  });

  it('announces report.generated, signed: the household, its members in order, the first as client_id', async () => {
    await receiver.waitFor((rs) => rs.some((r) => JSON.parse(r.body).data?.report_id === report.report_id));
    const mine = receiver.requests.filter((r) => JSON.parse(r.body).data?.report_id === report.report_id);
    expect(mine).toHaveLength(1);
    const ids = members.map((m) => m.clientId);
    expect(JSON.parse(mine[0].body).data).toEqual({
      report_id: report.report_id,
      report_type: 'household_summary',
      household_id: householdId,
      client_id: ids[0],
      client_ids: ids,
      document_id: null,
      url: report.url,
      format: 'pdf',
      generated_by: acme.analyst.userId,
    });
    expect(mine[0].headers['x-service-signature']).toBe(`sha256=${createHmac('sha256', SECRET).update(mine[0].body).digest('hex')}`);
  });

  it('heads with the household, the firm that prepared it and the member count; every PAN masked, none in clear', () => {
    expect(read.text).toEqual(expect.arrayContaining(['Household portfolio report', 'Rao household']));
    expect(read.text.some((x) => x.startsWith(`Prepared by ${FIRM}`))).toBe(true);
    expect(valueOf(read, 'Members')).toBe('3');
    const all = read.text.join('\n');
    for (const m of members) {
      expect(read.text).toContain(`XXXXXX${m.pan.slice(-4)}`);
      expect(all).not.toContain(m.pan);
    }
  });

  const investedOf = (p: any) => invested(p, (gains.members as any[]).flatMap((m) => m.unrealised.lots));
  const paise = (xs: number[]) => xs.reduce((s, x) => s + Math.round(x * 100), 0) / 100;

  it('prints the household’s totals and each member’s figures: the known sums, a partial one with how many holdings it covers', () => {
    expect(knownFigure(valueOf(read, 'Value'))!.amount).toBe(portfolio.totals.total_market_value);
    expect(figure(valueOf(read, 'XIRR').split(' over ')[0])).toBe(portfolio.totals.xirr ?? portfolio.totals.known.xirr);
    expect(portfolio.members.map((m: any) => m.client_id)).toEqual(members.map((m) => m.clientId));
    for (const [i, m] of (portfolio.members as any[]).entries()) {
      const [relationship, pan, positions, value, cost] = linesStartingWith(read, m.name)[0];
      const own = (portfolio.positions as any[]).filter((p) => p.investor.pan === members[i].pan && p.market_value !== null);
      const withCost = own.filter((p) => investedOf(p) !== null);
      expect({ name: m.name, relationship, pan, positions: Number(positions), value: figure(value), cost: cost === '—' ? null : figure(cost.split(' (')[0]) }).toEqual({
        name: m.name,
        relationship: members[i].relationship,
        pan: `XXXXXX${members[i].pan.slice(-4)}`,
        positions: m.positions,
        value: m.totals.total_market_value,
        cost: withCost.length ? paise(withCost.map(investedOf) as number[]) : null,
      });
    }
    expect(portfolio.members[2].positions).toBe(0);
  });

  it('prints every holding under its member’s heading, with the portfolio API’s figures', () => {
    const rows = holdingsRows(read);
    expect(rows).toHaveLength(portfolio.positions.length);
    for (const p of portfolio.positions) {
      const row = rows.find((r) => r.isin === p.isin && r.folio === (p.folio ?? p.account_id));
      expect({ id: p.id, units: figure(row!.units), value: figure(row!.value), cost: figure(row!.cost) }).toEqual({ id: p.id, units: p.units, value: p.market_value, cost: investedOf(p) });
      // The row follows its member's heading and comes before the next member's.
      const at = (text: string) => read.boxes.findIndex((b) => b.text === text);
      const owner = members.findIndex((m) => m.pan === p.investor.pan);
      const heading = (m: (typeof members)[number]) => at(`${m.name} (${m.relationship}, PAN XXXXXX${m.pan.slice(-4)})`);
      const rowAt = read.boxes.findIndex((b) => b.text === p.isin);
      expect(heading(members[owner])).toBeGreaterThanOrEqual(0);
      expect(rowAt).toBeGreaterThan(heading(members[owner]));
      if (owner + 1 < members.length) expect(rowAt).toBeLessThan(heading(members[owner + 1]));
    }
  });

  it('prints each member’s realised gains and the household’s as the household gains API answers them', () => {
    let known = 0;
    for (const m of gains.members as any[]) {
      const printed = linesStartingWith(read, m.name).at(-1)!.map(figure);
      const expected = termSums(m.realised);
      expect({ name: m.name, printed }).toEqual({ name: m.name, printed: expected });
      known += expected.filter((x) => x !== 0).length;
    }
    // The gains table's last row (the header's "Household" label comes first).
    const label = read.boxes.findLast((b) => b.text === 'Household')!;
    expect(linesStartingWith(read, label.text)[0].map(figure)).toEqual(termSums(gains.totals.realised));
    // The sales have known gains: real figures were printed, not only dashes.
    expect(known).toBeGreaterThan(0);
  });

  it('roles and tenants: a viewer reads but cannot request; another tenant gets 404 on both; the report types stay with their routes', async () => {
    const viewerPost = await requestReport({ report_type: 'household_summary' }, householdId, acme.viewer);
    expect({ status: viewerPost.status, code: errorCode(viewerPost) }).toEqual({ status: 403, code: 'FORBIDDEN' });
    const rivalPost = await requestReport({ report_type: 'household_summary' }, householdId, rival.admin);
    expect({ status: rivalPost.status, code: errorCode(rivalPost) }).toEqual({ status: 404, code: 'HOUSEHOLD_NOT_FOUND' });
    for (const url of [`/api/v1/reports/${report.report_id}`, `/api/v1/reports/${report.report_id}/file`]) {
      const res = await t.http.get(url).set(bearer(rival.admin));
      expect({ url, status: res.status, code: errorCode(res) }).toEqual({ url, status: 404, code: 'REPORT_NOT_FOUND' });
    }
    for (const [res, field] of [
      [await requestReport({ report_type: 'client_summary' }), 'report_type'],
      [await t.http.post(`/api/v1/clients/${members[0].clientId}/reports`).set(bearer(acme.analyst)).send({ report_type: 'household_summary' }), 'report_type'],
      [await requestReport({ report_type: 'household_summary', fy: '2025-27' }), 'fy'],
      [await requestReport({ report_type: 'household_summary', members: [] }), 'members'],
    ] as const) {
      expect({ field, status: res.status, code: errorCode(res) }).toEqual({ field, status: 400, code: 'VALIDATION_ERROR' });
      expect(res.body.error.details).toContain(field);
    }
    const unknown = await requestReport({ report_type: 'household_summary' }, 'hh_000000000000000000000000');
    expect({ status: unknown.status, code: errorCode(unknown) }).toEqual({ status: 404, code: 'HOUSEHOLD_NOT_FOUND' });
  });

  it('a household without members has nothing to report: 409 HOUSEHOLD_EMPTY, and no report is recorded', async () => {
    const empty = await t.http.post('/api/v1/households').set(bearer(acme.analyst)).send({ name: 'Nobody yet' });
    expect(empty.status).toBe(201);
    const res = await requestReport({ report_type: 'household_summary' }, empty.body.result.household_id);
    expect({ status: res.status, code: errorCode(res) }).toEqual({ status: 409, code: 'HOUSEHOLD_EMPTY' });
  });

  it('a member leaving keeps the report; deleting a member the report prints deletes it and its file', async () => {
    const file = reportFile(report.report_id);
    expect(existsSync(file)).toBe(true);
    // The child leaves the household: the report made while it was a member stays as it was.
    const child = members[2];
    expect((await t.http.delete(`/api/v1/households/${householdId}/members/${child.clientId}`).set(bearer(acme.analyst))).status).toBe(200);
    expect((await t.http.get(`/api/v1/reports/${report.report_id}`).set(bearer(acme.viewer))).status).toBe(200);
    // Deleting the child (no longer a member) still deletes the report: it prints the child's data.
    expect((await t.http.delete(`/api/v1/clients/${child.clientId}`).set(bearer(acme.admin))).status).toBe(200);
    const gone = await t.http.get(`/api/v1/reports/${report.report_id}`).set(bearer(acme.viewer));
    expect({ status: gone.status, code: errorCode(gone) }).toEqual({ status: 404, code: 'REPORT_NOT_FOUND' });
    expect(existsSync(file)).toBe(false);
  });

  it('deleting the household deletes its reports, made and queued, with their files; its clients stay', async () => {
    const made = await waitForReport(t, acme.viewer, (await requestReport({ report_type: 'household_summary' })).body.result.report_id);
    expect(made.status).toBe('completed');
    const queued = (await requestReport({ report_type: 'household_summary', fy: FY })).body.result.report_id;
    expect(existsSync(reportFile(made.report_id))).toBe(true);
    expect((await t.http.delete(`/api/v1/households/${householdId}`).set(bearer(acme.admin))).status).toBe(200);
    for (const id of [made.report_id, queued]) {
      const res = await t.http.get(`/api/v1/reports/${id}`).set(bearer(acme.viewer));
      expect({ id, status: res.status, code: errorCode(res) }).toEqual({ id, status: 404, code: 'REPORT_NOT_FOUND' });
    }
    expect(existsSync(reportFile(made.report_id))).toBe(false);
    for (const m of members.slice(0, 2)) expect((await t.http.get(`/api/v1/clients/${m.clientId}`).set(bearer(acme.viewer))).status).toBe(200);
  });
});
