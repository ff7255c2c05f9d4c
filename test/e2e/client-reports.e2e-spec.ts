import { createHash, createHmac } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { bearer, createTenant, download, errorCode, startTestApp, type Tenant, type TestApp } from '../support/app.js';
import { investedOf as invested, namedFirm, waitForReport } from '../support/client-reports.js';
import { clientStatements } from '../support/client-statements.js';
import { gainsHistory } from '../support/gains-history.js';
import { ClientReportQueue } from '../../src/modules/reports/client-report.queue.js';
import { sql } from '../support/db.js';
import { uploadPdf, waitForProcess } from '../support/pipeline.js';
import { Receiver } from '../support/receiver.js';
import { colourVariety, figure, holdingsRows, knownFigure, linesStartingWith, readReport, valueOf, type ReadReport } from '../support/report-pdf.js';
import { renderModel } from '../fixtures/generator/index.js';

// The client report end to end: statements of the four sources uploaded and processed, a report
// requested through the API, made by the worker from the queue, stored, announced by a signed
// `report.generated` to a real HTTP receiver, downloaded, rendered to PNG by pdf.js on @napi-rs/canvas
// and read back: every figure it prints is the portfolio API's.

const SECRET = 'whsec_client_reports_0123456789';
const FIRM = 'Acme Wealth Advisors';

const firm = (t: TestApp) => namedFirm(t, FIRM);

describe('client reports: a failing worker, and no worker', () => {
  // An API-only process takes the request; a worker whose report store cannot be written fails it.
  let api: TestApp;
  let worker: TestApp | null = null;
  let acme: Tenant;
  let clientId: string;
  beforeAll(async () => {
    api = await startTestApp({ ROLE: 'api' });
    acme = await createTenant(api.http);
    const created = await api.http.post('/api/v1/clients').set(bearer(acme.analyst)).send({ name: 'Empty Client', pan: 'ABCPE1234F' });
    clientId = created.body.result.client_id;
  });
  afterAll(async () => {
    await worker?.close();
    await api.close();
  });

  it('queued while no worker runs: the file is 409 REPORT_NOT_READY; a worker that cannot store it fails it after its retries with REPORT_GENERATION_FAILED', async () => {
    const res = await api.http.post(`/api/v1/clients/${clientId}/reports`).set(bearer(acme.analyst)).send({ report_type: 'client_summary' });
    expect(res.status).toBe(202);
    expect(res.body.result).toMatchObject({ status: 'queued', client_id: clientId, report_type: 'client_summary', format: 'pdf', url: null, error: null });
    const id = res.body.result.report_id;
    const early = await api.http.get(`/api/v1/reports/${id}/file`).set(bearer(acme.viewer));
    expect({ status: early.status, code: errorCode(early) }).toEqual({ status: 409, code: 'REPORT_NOT_READY' });

    // A file where the store's directory should be: every write fails (ENOTDIR).
    worker = await startTestApp({ ROLE: 'worker', STORAGE_DIR: '/dev/null/report-store' });
    const status = await waitForReport(api, acme.viewer, id, 30_000);
    expect(status).toMatchObject({ status: 'failed', url: null, error: { code: 'REPORT_GENERATION_FAILED', message: 'The report could not be made' } });
    const file = await api.http.get(`/api/v1/reports/${id}/file`).set(bearer(acme.viewer));
    expect({ status: file.status, code: errorCode(file) }).toEqual({ status: 409, code: 'REPORT_NOT_READY' });
  }, 60_000);
});

describe('client reports', () => {
  let t: TestApp;
  let acme: Tenant;
  let rival: Tenant;
  let receiver: Receiver;
  const client = clientStatements(7);
  let clientId: string;
  let otherClientId: string;
  let report: Record<string, any>;
  let pdf: Buffer;
  let read: ReadReport;
  let adviserCopy: ReadReport;
  let portfolio: Record<string, any>;
  let gains: Record<string, any>;
  let jobId: string;

  beforeAll(async () => {
    t = await startTestApp({ WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true', WEBHOOK_DISPATCH_INTERVAL_MS: '50' });
    receiver = await new Receiver().start();
    [acme, rival] = await Promise.all([firm(t), createTenant(t.http)]);
    const sub = await t.http.post('/api/v1/webhooks/subscribe').set(bearer(acme.admin)).send({ url: receiver.url, events: ['report.generated'], secret: SECRET });
    expect(sub.status).toBe(201);
    const created = await t.http.post('/api/v1/clients').set(bearer(acme.analyst)).send({ name: 'Priya Report', pan: client.pan });
    clientId = created.body.result.client_id;
    otherClientId = (await t.http.post('/api/v1/clients').set(bearer(acme.analyst)).send({ name: 'Other Client', pan: 'ZZZPZ9999Z' })).body.result.client_id;
    for (const s of client.statements) {
      const upload = await uploadPdf(t, acme.analyst, await renderModel(s.model), `${s.label}.pdf`);
      jobId ??= upload.job_id;
      const start = await t.http.post('/api/v2/nexus/pipeline/process').set(bearer(acme.analyst)).send({ job_id: upload.job_id });
      const { final } = await waitForProcess(t, acme.analyst, start.body.process_id, 90_000);
      expect({ label: s.label, status: final.status }).toEqual({ label: s.label, status: 'completed' });
    }
    const res = await t.http.post(`/api/v1/clients/${clientId}/reports`).set(bearer(acme.analyst)).send({ report_type: 'client_summary', fy: '2024-25' });
    expect(res.status).toBe(202);
    report = await waitForReport(t, acme.viewer, res.body.result.report_id);
    const file = await download(t, acme.viewer, report.url);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['cache-control']).toBe('no-store');
    pdf = file.body;
    read = await readReport(pdf);
    // No as_of asked for: the report is as of the newest statement, as the portfolio without one.
    const p = await t.http.get(`/api/v1/clients/${clientId}/portfolio`).set(bearer(acme.viewer));
    expect(p.status).toBe(200);
    portfolio = p.body.result;
    gains = (await t.http.get(`/api/v1/clients/${clientId}/gains?fy=2024-25`).set(bearer(acme.viewer))).body.result;
    const asAdviser = await t.http.post(`/api/v1/clients/${clientId}/reports`).set(bearer(acme.analyst)).send({ report_type: 'client_summary', fy: '2024-25', audience: 'adviser' });
    const second = await waitForReport(t, acme.viewer, asAdviser.body.result.report_id);
    expect(second).toMatchObject({ status: 'completed', params: { as_of: null, fy: '2024-25', audience: 'adviser' } });
    adviserCopy = await readReport((await download(t, acme.viewer, second.url)).body);
  }, 400_000);
  afterAll(async () => {
    await receiver.stop();
    await t.close();
  });

  it('is made by the worker and stored: completed, with the url, size and digest of the file served', () => {
    expect(report).toMatchObject({ status: 'completed', client_id: clientId, report_type: 'client_summary', format: 'pdf', params: { as_of: null, fy: '2024-25', audience: 'client' }, error: null });
    expect(report.url).toBe(`http://localhost:3000/api/v1/reports/${report.report_id}/file`);
    expect(report.links).toEqual({ status: `http://localhost:3000/api/v1/reports/${report.report_id}`, file: report.url });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(report.size_bytes).toBe(pdf.length);
    expect(report.sha256).toBe(createHash('sha256').update(pdf).digest('hex'));
  });

  it('announces report.generated, signed, to a real receiver: format pdf, report_type, client_id, url', async () => {
    const [delivery] = await receiver.waitFor((rs) => rs.some((r) => JSON.parse(r.body).data?.report_id === report.report_id));
    const mine = receiver.requests.filter((r) => JSON.parse(r.body).data?.report_id === report.report_id);
    expect(mine).toHaveLength(1);
    const body = JSON.parse(mine[0].body);
    expect(body.event).toBe('report.generated');
    expect(body.data).toMatchObject({ format: 'pdf', report_type: 'client_summary', client_id: clientId, client_ids: [clientId], url: report.url, document_id: null });
    expect(mine[0].headers['x-service-signature']).toBe(`sha256=${createHmac('sha256', SECRET).update(mine[0].body).digest('hex')}`);
    expect(delivery).toBeDefined();
  });

  it('names the client as its subject and the firm and the adviser who prepared it; the PAN masked, never in clear', () => {
    expect(read.text).toEqual(expect.arrayContaining(['Priya Report', `XXXXXX${client.pan.slice(-4)}`]));
    expect(read.text.some((x) => x.startsWith(`Prepared by ${FIRM} · `))).toBe(true);
    expect(read.text.join('\n')).not.toContain(client.pan);
    const [y, mo, d] = (portfolio.statement_date as string).split('-');
    expect(valueOf(read, 'Values as of')).toBe(`${d} ${['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][Number(mo) - 1]} ${y}`);
  });

  const investedOf = (p: any) => invested(p, gains.unrealised.lots);

  it('prints every holding with the portfolio API’s figures, the invested amount from the gains API’s lots or the printed cost', () => {
    const rows = holdingsRows(read);
    expect(rows).toHaveLength(portfolio.positions.length);
    for (const p of portfolio.positions) {
      const folio = p.folio ?? p.account_id;
      const row = rows.find((r) => r.isin === p.isin && r.folio === folio);
      expect({ id: p.id, found: !!row }).toEqual({ id: p.id, found: true });
      const cost = investedOf(p);
      const gain = p.market_value !== null && cost !== null ? Math.round((p.market_value - cost) * 100) / 100 : null;
      expect({ id: p.id, units: figure(row!.units), nav: figure(row!.nav), value: figure(row!.value), cost: figure(row!.cost), gain: figure(row!.gain), xirr: figure(row!.xirr) }).toEqual({
        id: p.id,
        units: p.units,
        nav: p.nav,
        value: p.market_value,
        cost,
        gain,
        xirr: p.xirr,
      });
    }
  });

  it('prints every total as the sum of what is known, with how many holdings it covers, and the allocation the API answers', () => {
    const valued = portfolio.positions.filter((p: any) => p.market_value !== null);
    const withCost = valued.filter((p: any) => investedOf(p) !== null);
    const sum = (xs: number[]) => xs.reduce((s, x) => s + Math.round(x * 100), 0) / 100;
    const covers = (n: number, of: number) => (n === of ? { counted: null, of: null } : { counted: n, of });
    expect(knownFigure(valueOf(read, 'Value'))).toEqual({ amount: portfolio.totals.total_market_value, ...covers(valued.length, portfolio.positions.length) });
    expect(knownFigure(valueOf(read, 'Invested'))).toEqual(withCost.length ? { amount: sum(withCost.map(investedOf)), ...covers(withCost.length, valued.length) } : null);
    const xirr = portfolio.totals.xirr ?? portfolio.totals.known.xirr;
    expect(figure(valueOf(read, 'XIRR').split(' over ')[0])).toBe(xirr);
    for (const [name, pct] of Object.entries(portfolio.totals.asset_allocation as Record<string, number>)) {
      const label = name[0].toUpperCase() + name.slice(1);
      if (pct > 0) expect(figure(valueOf(read, label))).toBe(pct);
    }
    // Each class's total: the exact sum of its holdings' known values.
    for (const cls of ['Equity', 'Debt', 'Hybrid', 'Other']) {
      const members = valued.filter((p: any) => p.asset_class === cls);
      if (!members.length) continue;
      expect(figure(linesStartingWith(read, `${cls} total`)[0][0])).toBe(sum(members.map((p: any) => p.market_value)));
    }
  });

  it('the client’s copy carries one plain note when a figure is unknown; the adviser’s copy adds the data notes, in words', () => {
    const unknown = portfolio.positions.some((p: any) => p.market_value === null || investedOf(p) === null || p.xirr === null);
    expect(read.text.some((x) => x.startsWith('Some figures were not on your statements and are shown as —.'))).toBe(unknown);
    expect(read.text.some((x) => x.startsWith('For the adviser'))).toBe(false);
    const page = adviserCopy.text.slice(adviserCopy.text.findIndex((x) => x.startsWith('For the adviser'))).join('\n');
    expect(page).toMatch(/Purchases before the statements are not shown|no statement covers/);
    expect(page).toContain('no statement covers 01 Jan 2025 to 31 Jan 2025');
    expect(page).toMatch(/Statements of the same date disagree/);
    expect(`${read.text.join('\n')}\n${page}`).not.toMatch(/\b[A-Z]{3,}_[A-Z_]{3,}\b/);
  });

  it('prints the realised gains of the financial year: the gains API’s known sums by term, unknown sales counted once', () => {
    const classes = gains.realised.by_tax_class as Array<{ short_term: { known_gain: number }; long_term: { known_gain: number } }>;
    const sum = (xs: number[]) => xs.reduce((s, x) => s + Math.round(x * 100), 0) / 100;
    const short = sum(classes.map((c) => c.short_term.known_gain));
    const long = sum(classes.map((c) => c.long_term.known_gain));
    const lots = gains.realised.lots as any[];
    if (!lots.length) return;
    expect(linesStartingWith(read, 'Total').map((l) => l.map(figure))).toContainEqual([short, long, sum([short, long])]);
    const sales = new Map<string, any[]>();
    for (const l of lots) sales.set(`${l.position_id}|${l.sale_date}|${l.transaction_type}`, [...(sales.get(`${l.position_id}|${l.sale_date}|${l.transaction_type}`) ?? []), l]);
    const unknown = [...sales.values()].filter((ls) => ls.some((l) => l.gain === null)).length;
    const said = read.text.join(' ');
    if (unknown === 0) expect(said).not.toMatch(/gains? (is|are) not known/);
    else expect(said).toContain(unknown === 1 ? 'One sale’s gain is not known' : `${unknown} sales’ gains are not known`);
  });

  it('draws the allocation chart: its area is not blank', async () => {
    const label = read.boxes.find((b) => b.text === 'Asset allocation')!;
    const variety = await colourVariety(read.pages[label.page - 1], { x: label.x, y: label.y + label.height + 4, width: 150, height: 150 });
    expect(variety.colours).toBeGreaterThanOrEqual(3);
    expect(variety.inked).toBeGreaterThan(0.2);
  });

  it('roles: a viewer reads status and file but cannot request; another tenant gets 404; an export id is no report here', async () => {
    const viewerPost = await t.http.post(`/api/v1/clients/${clientId}/reports`).set(bearer(acme.viewer)).send({ report_type: 'client_summary' });
    expect({ status: viewerPost.status, code: errorCode(viewerPost) }).toEqual({ status: 403, code: 'FORBIDDEN' });
    const path = `/api/v1/reports/${report.report_id}`;
    for (const url of [path, `${path}/file`]) {
      const own = await t.http.get(url).set(bearer(acme.viewer));
      expect({ url, status: own.status }).toEqual({ url, status: 200 });
      const res = await t.http.get(url).set(bearer(rival.admin));
      expect({ url, status: res.status, code: errorCode(res) }).toEqual({ url, status: 404, code: 'REPORT_NOT_FOUND' });
    }
    const rivalPost = await t.http.post(`/api/v1/clients/${clientId}/reports`).set(bearer(rival.admin)).send({ report_type: 'client_summary' });
    expect({ status: rivalPost.status, code: errorCode(rivalPost) }).toEqual({ status: 404, code: 'CLIENT_NOT_FOUND' });
    // A statement's export of this tenant: only analysts may read it, at its own route; the report routes do not know it.
    const exported = await t.http.get(`/api/v1/nexus/export/${jobId}?export_type=holdings&format=csv`).set(bearer(acme.admin));
    expect(exported.status).toBe(200);
    // And a client's gains export: it names the client, yet is no client report.
    const gainsExport = await t.http.get(`/api/v1/clients/${clientId}/gains/export?fy=2024-25&format=csv&sheet=detailed`).set(bearer(acme.analyst));
    expect(gainsExport.status).toBe(200);
    const exportIds = [exported.headers['x-report-id'] as string, gainsExport.headers['x-report-id'] as string];
    for (const id of exportIds) expect(id).toMatch(/^[0-9a-f-]{36}$/);
    for (const url of [...exportIds.flatMap((id) => [`/api/v1/reports/${id}`, `/api/v1/reports/${id}/file`]), '/api/v1/reports/not-a-uuid']) {
      const res = await t.http.get(url).set(bearer(acme.viewer));
      expect({ url, status: res.status, code: errorCode(res) }).toEqual({ url, status: 404, code: 'REPORT_NOT_FOUND' });
    }
    // Not an export: the exports' report route does not serve it.
    const asExport = await t.http.get(`/api/v1/nexus/reports/${report.report_id}`).set(bearer(acme.admin));
    expect(asExport.status).toBe(404);
  });

  it('refuses a bad request with 400 naming the field', async () => {
    for (const [body, field] of [
      [{ report_type: 'tax_pack' }, 'report_type'],
      [{ report_type: 'client_summary', fy: '2024-26' }, 'fy'],
      [{ report_type: 'client_summary', as_of: '31-03-2025' }, 'as_of'],
      [{ report_type: 'client_summary', audience: 'everyone' }, 'audience'],
      [{ report_type: 'client_summary', pan: 'x' }, 'pan'],
    ] as const) {
      const res = await t.http.post(`/api/v1/clients/${clientId}/reports`).set(bearer(acme.analyst)).send(body);
      expect({ field, status: res.status, code: errorCode(res) }).toEqual({ field, status: 400, code: 'VALIDATION_ERROR' });
      expect(res.body.error.details).toContain(field);
    }
  });

  it("is fair across tenants: one report asked for after another tenant's sixteen is made among the first three", async () => {
    const flooder = (await t.http.post('/api/v1/clients').set(bearer(rival.analyst)).send({ name: 'Flood Client', pan: 'ABCPF1234G' })).body.result.client_id as string;
    // The worker holds off while both tenants queue, so that every report waits at once.
    const queue = t.app.get(ClientReportQueue).raw;
    await queue.pause(true);
    const flood: string[] = [];
    try {
      for (let i = 0; i < 16; i++) flood.push((await t.http.post(`/api/v1/clients/${flooder}/reports`).set(bearer(rival.analyst)).send({ report_type: 'client_summary' })).body.result.report_id);
      const mine = await t.http.post(`/api/v1/clients/${otherClientId}/reports`).set(bearer(acme.analyst)).send({ report_type: 'client_summary' });
      expect(mine.status).toBe(202);
      flood.push(mine.body.result.report_id);
    } finally {
      await queue.resume(true);
    }
    for (const id of flood.slice(0, 16)) await waitForReport(t, rival.analyst, id);
    const mine = flood[16];
    expect(await waitForReport(t, acme.analyst, mine)).toMatchObject({ status: 'completed' });
    const order = (await sql(`SELECT id FROM reports WHERE id = ANY($1::uuid[]) ORDER BY completed_at`, [flood])).map((r) => r.id as string);
    // First come, first served would make it the seventeenth; it waits only for the reports the worker takes with it (CLIENT_REPORT_CONCURRENCY, 2).
    expect(order.indexOf(mine)).toBeLessThanOrEqual(2);
  }, 120_000);

  it('deleting the client deletes its reports and their files', async () => {
    const file = join(process.env.STORAGE_DIR!, acme.admin.tenantId, 'reports', `${report.report_id}.pdf`);
    expect(existsSync(file)).toBe(true);
    const queued = await t.http.post(`/api/v1/clients/${otherClientId}/reports`).set(bearer(acme.analyst)).send({ report_type: 'client_summary' });
    expect(queued.status).toBe(202);
    for (const id of [clientId, otherClientId]) expect((await t.http.delete(`/api/v1/clients/${id}`).set(bearer(acme.admin))).status).toBe(200);
    expect(existsSync(file)).toBe(false);
    const gone = await t.http.get(`/api/v1/reports/${report.report_id}`).set(bearer(acme.admin));
    expect({ status: gone.status, code: errorCode(gone) }).toEqual({ status: 404, code: 'REPORT_NOT_FOUND' });
  });
});

describe('client reports: realised gains from a history the statements show in full', () => {
  // The gains test's CAMS statements (test/support/gains-history.ts) and NAV file: sales whose gains are known.
  let t: TestApp;
  let acme: Tenant;
  const history = gainsHistory();

  beforeAll(async () => {
    const dir = await mkdtemp(join(tmpdir(), 'report-nav-'));
    await writeFile(join(dir, 'NAVAll.txt'), history.navFile);
    t = await startTestApp({ MARKET_DATA_NAV_SOURCE: join(dir, 'NAVAll.txt') });
    acme = await firm(t);
  }, 60_000);
  afterAll(() => t.close());

  it('prints each investor’s short- and long-term gains and their total as the gains API answers them', async () => {
    let numeric = 0;
    for (const investor of history.investors) {
      const created = await t.http.post('/api/v1/clients').set(bearer(acme.analyst)).send({ name: investor.name, pan: investor.pan });
      const clientId = created.body.result.client_id;
      for (const s of investor.statements) {
        const upload = await uploadPdf(t, acme.analyst, await renderModel(s.model), `${s.label}.pdf`);
        const start = await t.http.post('/api/v2/nexus/pipeline/process').set(bearer(acme.analyst)).send({ job_id: upload.job_id });
        expect((await waitForProcess(t, acme.analyst, start.body.process_id, 90_000)).final.status).toBe('completed');
      }
      const requested = await t.http.post(`/api/v1/clients/${clientId}/reports`).set(bearer(acme.analyst)).send({ report_type: 'client_summary', fy: '2025-26' });
      const status = await waitForReport(t, acme.viewer, requested.body.result.report_id);
      expect(status.status).toBe('completed');
      const read = await readReport((await download(t, acme.viewer, status.url)).body);
      const gains = (await t.http.get(`/api/v1/clients/${clientId}/gains?fy=2025-26`).set(bearer(acme.viewer))).body.result;
      // The known sales' sums by term (the gains API's known_gain), on the realised table's total row.
      const sum = (key: 'short_term' | 'long_term') => (gains.realised.by_tax_class as Array<Record<string, { known_gain: number }>>).reduce((n, c) => n + Math.round(c[key].known_gain * 100), 0) / 100;
      const [short, long] = [sum('short_term'), sum('long_term')];
      if (!(gains.realised.lots as unknown[]).length) continue;
      const totals = linesStartingWith(read, 'Total').map((l) => l.map(figure));
      expect({ pan: investor.pan, found: totals.some((l) => l[0] === short && l[1] === long) }).toEqual({ pan: investor.pan, found: true });
      numeric += [short, long].filter((x) => x !== 0).length;
    }
    // The history has sales with known gains: the report printed real figures, not only dashes.
    expect(numeric).toBeGreaterThan(0);
  }, 300_000);
});
