import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import ExcelJS from 'exceljs';
import { DocumentStorage } from '../../src/modules/nexus/storage/document-storage.js';
import { generateStatement, type GeneratedStatement, type Holding as TruthHolding } from '../fixtures/generator/index.js';
import { bearer, download, errorCode, twoTenants, type Account, type Tenant, type TestApp } from '../support/app.js';
import { uploadPdf, waitForProcess } from '../support/pipeline.js';
import { sql, someoneWaitsForALock } from '../support/db.js';
import pg from 'pg';
import { STORED_BYTES_LOCK_CLASS } from '../../src/modules/quotas/quotas.service.js';

const PUBLIC_BASE_URL = 'https://foliodesk.example.in';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** RFC 4180 CSV into rows of cells (quoted cells may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') (cell += '"'), i++;
      else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') row.push(cell), (cell = '');
    else if (c === '\r' && text[i + 1] === '\n') row.push(cell), rows.push(row), (row = []), (cell = ''), i++;
    else cell += c;
  }
  if (cell !== '' || row.length) throw new Error('CSV does not end with CRLF');
  return rows;
}

const csvRecords = (body: Buffer) => {
  const [header, ...rows] = parseCsv(body.toString('utf8'));
  return { header, records: rows.map((r) => Object.fromEntries(header.map((k, i) => [k, r[i]]))) };
};

/** A worksheet back into JSON-like rows: dates as yyyy-mm-dd, empty cells as null. */
async function readXlsx(body: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as never);
  const sheet = workbook.worksheets[0];
  const width = sheet.getRow(1).cellCount;
  const labels = Array.from({ length: width }, (_, i) => sheet.getRow(1).getCell(i + 1).value);
  const rows: Array<Array<string | number | null>> = [];
  const formats: string[] = [];
  sheet.eachRow((row, n) => {
    if (n === 1) return;
    rows.push(
      Array.from({ length: width }, (_, i) => {
        const v = row.getCell(i + 1).value;
        if (v instanceof Date) return v.toISOString().slice(0, 10);
        return (v ?? null) as string | number | null;
      }),
    );
    if (n === 2) for (let i = 1; i <= width; i++) formats.push(row.getCell(i).numFmt ?? '');
  });
  return { name: sheet.name, labels, rows, formats };
}

const keyOf = (isin: string, folio: string | null) => `${isin}|${folio ?? ''}`;
const money = (n: number | null) => (n === null ? '' : n.toFixed(2));

describe('nexus exports: fields, CSV/XLSX/JSON files, reports and report.generated', () => {
  let t: TestApp;
  let acme: Tenant;
  let rival: Tenant;
  let statement: GeneratedStatement;
  let job: { job_id: string; doc_id: string };
  let pending: { job_id: string; doc_id: string };
  const exportPath = (q = '') => `/api/v1/nexus/export/${job.job_id}${q}`;

  beforeAll(async () => {
    ({ t, acme, rival } = await twoTenants({ PUBLIC_BASE_URL }));
    statement = await generateStatement('cams_detailed', { seed: 31, investors: 2 });
    job = await uploadPdf(t, acme.analyst, statement.pdf);
    pending = await uploadPdf(t, acme.analyst, statement.pdf, 'not-processed.pdf');
    const start = await t.http.post('/api/v2/nexus/pipeline/process').set(bearer(acme.analyst)).send({ job_id: job.job_id });
    const { final } = await waitForProcess(t, acme.analyst, start.body.process_id);
    if (final.status !== 'completed') throw new Error(`pipeline did not complete: ${JSON.stringify(final)}`);
  });
  afterAll(() => t.close());

  it('lists the field definitions of both export types', async () => {
    const holdings = await t.http.get(`/api/v1/nexus/export/${job.job_id}/fields`).set(bearer(acme.analyst));
    expect(holdings.status).toBe(200);
    expect(holdings.body).toMatchObject({ success: true, error: null });
    const keys = holdings.body.result.map((f: { key: string }) => f.key);
    expect(keys).toEqual(expect.arrayContaining(['investor_name', 'pan', 'amc', 'folio', 'scheme_name', 'isin', 'asset_class', 'plan', 'option', 'units', 'nav', 'nav_date', 'market_value', 'cost_value', 'gain']));
    for (const f of holdings.body.result) {
      expect(f).toEqual({ key: expect.stringMatching(/^[a-z_]+$/), label: expect.any(String), type: expect.stringMatching(/^(string|date|money|units|nav|percent)$/), description: expect.any(String) });
    }
    expect(holdings.body.result.find((f: { key: string }) => f.key === 'market_value').type).toBe('money');

    const explicit = await t.http.get(`/api/v1/nexus/export/${job.job_id}/fields?export_type=holdings`).set(bearer(acme.admin));
    expect(explicit.body.result).toEqual(holdings.body.result);

    const underlying = await t.http.get(`/api/v1/nexus/export/${job.job_id}/fields?export_type=underlying`).set(bearer(acme.analyst));
    expect(underlying.status).toBe(200);
    expect(underlying.body.result.map((f: { key: string }) => f.key)).toEqual([
      'investor_name', 'pan', 'amc', 'folio', 'scheme_name', 'isin', 'date', 'description', 'amount', 'units', 'nav', 'balance_units',
    ]);
  });

  it('exports holdings as CSV matching the ground truth: ISIN, units to 3 decimals, NAV 4, value 2', async () => {
    const res = await download(t, acme.analyst, exportPath('?export_type=holdings&format=csv'));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const reportId = res.headers['x-report-id'];
    expect(reportId).toMatch(UUID);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="holdings-${reportId}.csv"`);
    expect(res.headers['cache-control']).toBe('no-store');

    const { header, records } = csvRecords(res.body);
    expect(header[0]).toBe('investor_name');
    expect(records).toHaveLength(statement.model.holdings.length);
    const byKey = new Map(records.map((r) => [keyOf(r.isin, r.folio), r]));
    expect(byKey.size).toBe(records.length);
    for (const h of statement.model.holdings) {
      const investor = statement.model.investors.find((i) => i.pan === h.investor_pan)!;
      const row = byKey.get(keyOf(h.isin, h.folio));
      expect(row).toMatchObject({
        investor_name: investor.name,
        pan: h.investor_pan,
        amc: h.amc,
        folio: h.folio,
        scheme_name: h.scheme_name,
        isin: h.isin,
        asset_class: h.asset_class,
        units: h.units.toFixed(3),
        nav: h.nav.toFixed(4),
        nav_date: h.nav_date,
        market_value: h.market_value.toFixed(2),
        cost_value: money(h.cost_value),
        gain: h.cost_value === null ? '' : ((Math.round(h.market_value * 100) - Math.round(h.cost_value * 100)) / 100).toFixed(2),
        currency: 'INR',
      });
    }
  });

  it('exports XLSX that reads back equal to the JSON export, with labels and number formats', async () => {
    const json = await download(t, acme.analyst, exportPath('?format=json'));
    expect(json.status).toBe(200);
    expect(json.headers['content-type']).toBe('application/json; charset=utf-8');
    const doc = JSON.parse(json.body.toString('utf8'));
    expect(doc).toMatchObject({ report_id: json.headers['x-report-id'], export_type: 'holdings', document_id: job.doc_id, job_id: job.job_id });
    expect(doc.rows).toHaveLength(statement.model.holdings.length);

    const xlsx = await download(t, acme.analyst, exportPath('?format=xlsx'));
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers['content-type']).toBe(XLSX);
    expect(xlsx.headers['content-disposition']).toBe(`attachment; filename="holdings-${xlsx.headers['x-report-id']}.xlsx"`);
    const sheet = await readXlsx(xlsx.body);
    expect(sheet.name).toBe('Holdings');
    expect(sheet.labels).toEqual(doc.fields.map((f: { label: string }) => f.label));
    expect(sheet.rows).toEqual(doc.rows.map((r: Record<string, unknown>) => doc.fields.map((f: { key: string }) => r[f.key])));
    const formatOf = (key: string) => sheet.formats[doc.fields.findIndex((f: { key: string }) => f.key === key)];
    expect([formatOf('market_value'), formatOf('units'), formatOf('nav'), formatOf('nav_date')]).toEqual(['#,##0.00', '#,##0.000', '#,##0.0000', 'yyyy-mm-dd']);
  });

  it('exports underlying transactions: one row per transaction of each holding, in statement order', async () => {
    const res = await download(t, acme.analyst, exportPath('?export_type=underlying&format=json'));
    expect(res.status).toBe(200);
    const doc = JSON.parse(res.body.toString('utf8'));
    expect(doc.export_type).toBe('underlying');
    expect(doc.rows).toHaveLength(statement.model.holdings.reduce((n, h) => n + h.transactions.length, 0));
    const grouped = new Map<string, Array<Record<string, unknown>>>();
    for (const r of doc.rows) grouped.set(keyOf(r.isin, r.folio), [...(grouped.get(keyOf(r.isin, r.folio)) ?? []), r]);
    for (const h of statement.model.holdings as TruthHolding[]) {
      const rows = grouped.get(keyOf(h.isin, h.folio)) ?? [];
      const expected = h.transactions.map((x) => {
        const printed = x.kind !== 'stamp_duty';
        return {
          scheme_name: h.scheme_name,
          date: x.date,
          description: x.description,
          amount: x.amount,
          units: printed ? x.units : null,
          nav: x.nav,
          balance_units: printed ? x.balance_units : null,
        };
      });
      expect(rows.map(({ scheme_name, date, description, amount, units, nav, balance_units }) => ({ scheme_name, date, description, amount, units, nav, balance_units }))).toEqual(expected);
    }
    const csv = await download(t, acme.analyst, exportPath('?export_type=underlying&format=csv&fields=isin,date,amount'));
    expect(csvRecords(csv.body).records).toHaveLength(doc.rows.length);
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="underlying-[0-9a-f-]{36}\.csv"$/);
  });

  it('selects and orders columns with fields', async () => {
    const csv = await download(t, acme.analyst, exportPath('?format=csv&fields=market_value,isin, units'));
    expect(csv.status).toBe(200);
    const rows = parseCsv(csv.body.toString('utf8'));
    expect(rows[0]).toEqual(['market_value', 'isin', 'units']);
    const first = statement.model.holdings.find((h) => h.isin === rows[1][1])!;
    expect(rows.slice(1).every((r) => r.length === 3)).toBe(true);
    expect(rows.find((r) => r[1] === first.isin)).toEqual([first.market_value.toFixed(2), first.isin, first.units.toFixed(3)]);

    const json = await download(t, acme.analyst, exportPath('?format=json&fields=nav,scheme_name'));
    const doc = JSON.parse(json.body.toString('utf8'));
    expect(doc.fields.map((f: { key: string }) => f.key)).toEqual(['nav', 'scheme_name']);
    expect(Object.keys(doc.rows[0])).toEqual(['nav', 'scheme_name']);

    const xlsx = await readXlsx((await download(t, acme.analyst, exportPath('?format=xlsx&fields=isin,market_value'))).body);
    expect(xlsx.labels).toEqual(['ISIN', 'Market value']);
  });

  it('records the report, writes report.generated in the outbox, and serves the same bytes again', async () => {
    const res = await download(t, acme.analyst, exportPath('?export_type=holdings&format=xlsx'));
    const reportId = res.headers['x-report-id'];
    // The statement's two investors, each linked to the client of its PAN, the first investor's first.
    const clientIds: string[] = [];
    for (const investor of statement.model.investors) {
      const found = await t.http.get(`/api/v1/clients?pan=${investor.pan}`).set(bearer(acme.viewer));
      clientIds.push(found.body.result.items[0].client_id);
    }
    expect(clientIds).toEqual([expect.stringMatching(/^cli_/), expect.stringMatching(/^cli_/)]);
    const events = await sql<{ event_type: string; tenant_id: string; data: Record<string, unknown> }>(
      `SELECT event_type, tenant_id, data FROM outbox_events WHERE data->>'report_id' = $1`,
      [reportId],
    );
    expect(events).toEqual([
      {
        event_type: 'report.generated',
        tenant_id: acme.analyst.tenantId,
        data: {
          report_id: reportId,
          report_type: 'holdings',
          client_id: clientIds[0],
          client_ids: clientIds,
          document_id: job.doc_id,
          url: `${PUBLIC_BASE_URL}/api/v1/nexus/reports/${reportId}`,
          format: 'xlsx',
          generated_by: acme.analyst.userId,
        },
      },
    ]);
    const [row] = await sql<Record<string, unknown>>(`SELECT * FROM reports WHERE id = $1`, [reportId]);
    expect(row).toMatchObject({
      tenant_id: acme.analyst.tenantId,
      document_id: job.doc_id,
      created_by: acme.analyst.userId,
      report_type: 'holdings',
      format: 'xlsx',
      storage_key: `${acme.analyst.tenantId}/reports/${reportId}.xlsx`,
      size_bytes: String(res.body.length),
      row_count: statement.model.holdings.length,
    });

    for (const account of [acme.analyst, acme.admin]) {
      const again = await download(t, account, `/api/v1/nexus/reports/${reportId}`);
      expect(again.status).toBe(200);
      expect(again.headers['content-type']).toBe(XLSX);
      expect(again.headers['content-disposition']).toBe(res.headers['content-disposition']);
      expect(again.body.equals(res.body)).toBe(true);
    }
    const csv = await download(t, acme.analyst, exportPath('?format=csv&fields=isin'));
    const csvAgain = await download(t, acme.analyst, `/api/v1/nexus/reports/${csv.headers['x-report-id']}`);
    expect(csvAgain.body.equals(csv.body)).toBe(true);
    expect(csvAgain.headers['content-type']).toBe('text/csv; charset=utf-8');

    expect((await t.http.get(`/api/v1/nexus/reports/${reportId}`).set(bearer(acme.viewer))).status).toBe(403);
    for (const other of [rival.admin, rival.analyst]) {
      const foreign = await t.http.get(`/api/v1/nexus/reports/${reportId}`).set(bearer(other));
      expect(foreign.status).toBe(404);
      expect(errorCode(foreign)).toBe('NOT_FOUND');
    }
    for (const id of ['not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
      const missing = await t.http.get(`/api/v1/nexus/reports/${id}`).set(bearer(acme.analyst));
      expect({ id, status: missing.status, code: errorCode(missing) }).toEqual({ id, status: 404, code: 'NOT_FOUND' });
    }
  });

  it("lets a tenant admin export any of the tenant's documents, as the admin", async () => {
    const res = await download(t, acme.admin, exportPath('?format=json&fields=isin'));
    expect(res.status).toBe(200);
    const [event] = await sql<{ data: Record<string, unknown> }>(`SELECT data FROM outbox_events WHERE data->>'report_id' = $1`, [res.headers['x-report-id']]);
    expect(event.data).toMatchObject({ generated_by: acme.admin.userId, client_id: expect.stringMatching(/^cli_/), document_id: job.doc_id, format: 'json' });
  });

  it('keeps exporting the latest successful extraction after a re-run fails, as the extraction endpoint serves it', async () => {
    const rerun = await uploadPdf(t, acme.analyst, statement.pdf, 'rerun.pdf');
    const first = await t.http.post('/api/v2/nexus/pipeline/process').set(bearer(acme.analyst)).send({ job_id: rerun.job_id });
    expect((await waitForProcess(t, acme.analyst, first.body.process_id)).final.status).toBe('completed');
    const before = await download(t, acme.analyst, `/api/v1/nexus/export/${rerun.job_id}?format=json`);
    expect(before.status).toBe(200);

    // The stored original no longer matches the upload, so the re-run fails at its first stage.
    const [{ storage_key }] = await sql<{ storage_key: string }>(`SELECT storage_key FROM documents WHERE id = $1`, [rerun.doc_id]);
    const tampered = Buffer.from('%PDF-1.7 not the uploaded bytes');
    await t.app.get(DocumentStorage).put(storage_key, { bytes: tampered }, { size: tampered.length });
    const second = await t.http.post('/api/v2/nexus/pipeline/process').set(bearer(acme.analyst)).send({ job_id: rerun.job_id });
    const { final } = await waitForProcess(t, acme.analyst, second.body.process_id);
    expect(final.status).toBe('failed');
    expect(final.error.code).toBe('FILE_CORRUPTED');
    const [{ status }] = await sql<{ status: string }>(`SELECT status FROM documents WHERE id = $1`, [rerun.doc_id]);
    expect(status).toBe('failed');

    const extraction = await t.http.get(`/api/v1/nexus/documents/${rerun.doc_id}/extraction`).set(bearer(acme.analyst));
    expect(extraction.status).toBe(200);
    const after = await download(t, acme.analyst, `/api/v1/nexus/export/${rerun.job_id}?format=json`);
    expect(after.status).toBe(200);
    const rows = (body: Buffer) => (JSON.parse(body.toString('utf8')) as { rows: unknown[] }).rows;
    expect(rows(after.body)).toEqual(rows(before.body));
    expect(rows(after.body)).toHaveLength(extraction.body.result.entities.flatMap((e: { holdings: unknown[] }) => e.holdings).length);
  });

  it('writes a holding whose units, NAV and value were not read as empty CSV and XLSX cells and JSON null, never 0', async () => {
    const unread = await uploadPdf(t, acme.analyst, statement.pdf, 'unread.pdf');
    const start = await t.http.post('/api/v2/nexus/pipeline/process').set(bearer(acme.analyst)).send({ job_id: unread.job_id });
    expect((await waitForProcess(t, acme.analyst, start.body.process_id)).final.status).toBe('completed');
    // The stored result as the pipeline writes a holding whose figures it could not read: null, never 0.
    await sql(
      `UPDATE extractions SET result = jsonb_set(jsonb_set(jsonb_set(result, '{entities,0,holdings,0,units}', 'null'), '{entities,0,holdings,0,nav}', 'null'), '{entities,0,holdings,0,market_value}', 'null')
        WHERE document_id = $1`,
      [unread.doc_id],
    );
    const path = (format: string) => `/api/v1/nexus/export/${unread.job_id}?format=${format}&fields=isin,units,nav,market_value,cost_value,gain,gain_pct`;

    const csv = csvRecords((await download(t, acme.analyst, path('csv'))).body).records;
    expect(csv[0]).toMatchObject({ units: '', nav: '', market_value: '', gain: '', gain_pct: '' });
    expect(csv[1].market_value).toMatch(/^\d+\.\d{2}$/);
    const json = JSON.parse((await download(t, acme.analyst, path('json'))).body.toString('utf8'));
    expect(json.rows[0]).toMatchObject({ units: null, nav: null, market_value: null, gain: null, gain_pct: null });
    expect(json.rows[0].isin).toBe(csv[0].isin);
    const xlsx = await readXlsx((await download(t, acme.analyst, path('xlsx'))).body);
    expect(xlsx.rows[0].slice(1, 4)).toEqual([null, null, null]);
    expect(xlsx.rows).toEqual(json.rows.map((r: Record<string, unknown>) => json.fields.map((f: { key: string }) => r[f.key])));
  });

  it('answers every bad request with a clear 4xx and records nothing', async () => {
    const [{ n: before }] = await sql<{ n: number }>(`SELECT count(*)::int AS n FROM reports WHERE document_id = ANY($1)`, [[job.doc_id, pending.doc_id]]);
    const cases: Array<[string, Account, number, string, RegExp?]> = [
      [exportPath('?fields=isin,no_such_field'), acme.analyst, 400, 'VALIDATION_ERROR', /no_such_field/],
      [exportPath('?export_type=underlying&fields=market_value'), acme.analyst, 400, 'VALIDATION_ERROR', /market_value/],
      [exportPath('?fields=isin,isin'), acme.analyst, 400, 'VALIDATION_ERROR', /isin/],
      [exportPath('?fields='), acme.analyst, 400, 'VALIDATION_ERROR'],
      [exportPath('?fields=isin,,units'), acme.analyst, 400, 'VALIDATION_ERROR'],
      [exportPath('?export_type=portfolio'), acme.analyst, 400, 'VALIDATION_ERROR', /export_type/],
      [exportPath('?format=pdf'), acme.analyst, 400, 'VALIDATION_ERROR', /format/],
      [exportPath('?format=csv&format=json'), acme.analyst, 400, 'VALIDATION_ERROR', /format/],
      [exportPath('?colour=blue'), acme.analyst, 400, 'VALIDATION_ERROR', /colour/],
      [`/api/v1/nexus/export/${pending.job_id}?format=csv`, acme.analyst, 409, 'CONFLICT', /uploaded/],
      [exportPath('?format=csv'), acme.viewer, 403, 'FORBIDDEN'],
      [exportPath('?format=csv'), rival.admin, 404, 'NOT_FOUND'],
      [exportPath('?format=csv'), rival.analyst, 404, 'NOT_FOUND'],
      ['/api/v1/nexus/export/not-a-uuid?format=csv', acme.analyst, 404, 'NOT_FOUND'],
      ['/api/v1/nexus/export/00000000-0000-4000-8000-000000000000?format=csv', acme.analyst, 404, 'NOT_FOUND'],
      [`/api/v1/nexus/export/${job.job_id}/fields?export_type=portfolio`, acme.analyst, 400, 'VALIDATION_ERROR', /export_type/],
      [`/api/v1/nexus/export/${job.job_id}/fields`, acme.viewer, 404, 'NOT_FOUND'],
      [`/api/v1/nexus/export/${job.job_id}/fields`, rival.admin, 404, 'NOT_FOUND'],
      ['/api/v1/nexus/export/not-a-uuid/fields', acme.analyst, 404, 'NOT_FOUND'],
    ];
    for (const [path, account, status, code, details] of cases) {
      const res = await t.http.get(path).set(bearer(account));
      expect({ path, status: res.status, code: errorCode(res) }).toEqual({ path, status, code });
      if (details) expect(res.body.error.details).toMatch(details);
    }
    expect((await t.http.get(exportPath()).set('Authorization', 'Bearer nope')).status).toBe(401);
    const [{ n: after }] = await sql<{ n: number }>(`SELECT count(*)::int AS n FROM reports WHERE document_id = ANY($1)`, [[job.doc_id, pending.doc_id]]);
    expect(after).toBe(before);
  });

  it("bounds a tenant's exports: two made at once, eight waiting, the rest refused with 429 TENANT_BUSY, and another tenant's export answers meanwhile", async () => {
    const theirs = await uploadPdf(t, rival.analyst, statement.pdf, 'rival.pdf');
    const started = await t.http.post('/api/v2/nexus/pipeline/process').set(bearer(rival.analyst)).send({ job_id: theirs.job_id });
    expect((await waitForProcess(t, rival.analyst, started.body.process_id)).final.status).toBe('completed');
    // Holding the tenant's stored-bytes lock keeps every export of acme that got a slot inside it
    // (an export is recorded under that lock), so the bound is seen whatever the machine's speed.
    const holder = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await holder.connect();
    const waitingOnLock = async () =>
      (await sql<{ n: number }>(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND wait_event = 'advisory'`))[0].n;
    try {
      await holder.query('SELECT pg_advisory_lock($1::int4, hashtext($2))', [STORED_BYTES_LOCK_CLASS, acme.analyst.tenantId]);
      const burst = Array.from({ length: 12 }, () => download(t, acme.analyst, exportPath('?format=csv')));
      await someoneWaitsForALock();
      await new Promise((resolve) => setTimeout(resolve, 300)); // the rest of the burst reaches the gate
      expect(await waitingOnLock()).toBe(2);
      const other = await download(t, rival.analyst, `/api/v1/nexus/export/${theirs.job_id}?format=csv`);
      expect(other.status).toBe(200);
      await holder.query('SELECT pg_advisory_unlock($1::int4, hashtext($2))', [STORED_BYTES_LOCK_CLASS, acme.analyst.tenantId]);
      const answers = await Promise.all(burst);
      const refused = answers.filter((r) => r.status === 429);
      expect(answers.filter((r) => r.status === 200)).toHaveLength(10);
      expect(refused.map((r) => JSON.parse(r.body.toString('utf8')).error.code)).toEqual(['TENANT_BUSY', 'TENANT_BUSY']);
      expect(Number(refused[0].headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await holder.end();
    }
  }, 30_000);
});
