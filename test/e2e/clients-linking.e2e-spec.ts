import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { ClientRegister } from '../../src/modules/clients/index.js';
import { generateStatement, type GeneratedStatement } from '../fixtures/generator/index.js';
import { bearer, createTenant, errorCode, startTestApp, type Account, type Tenant, type TestApp } from '../support/app.js';
import { sql } from '../support/db.js';
import { uploadPdf, waitForProcess } from '../support/pipeline.js';
import { Receiver } from '../support/receiver.js';

// A completed statement links each of its investors to the client of its PAN: real PDFs from the
// statement generator through the whole pipeline, real PostgreSQL, Redis and a webhook receiver.

describe('linking statements to clients', () => {
  let t: TestApp;
  let receiver: Receiver;

  beforeAll(async () => {
    receiver = await new Receiver().start();
    t = await startTestApp({ WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true', WEBHOOK_DISPATCH_INTERVAL_MS: '50' });
  });
  afterAll(async () => {
    await t.close();
    await receiver.stop();
  });

  /** Uploads and processes a statement as the account; answers the document's ids once completed. */
  async function processed(account: Account, statement: GeneratedStatement) {
    const upload = await uploadPdf(t, account, statement.pdf);
    const start = await t.http.post('/api/v2/nexus/pipeline/process').set(bearer(account)).send({ job_id: upload.job_id });
    const { final } = await waitForProcess(t, account, start.body.process_id, 60_000);
    expect(final.status).toBe('completed');
    return upload;
  }
  const clientsWithPan = async (account: Account, pan: string) => (await t.http.get(`/api/v1/clients?pan=${pan}`).set(bearer(account))).body.result.items as Array<Record<string, any>>;
  const documentsOf = async (account: Account, clientId: string) => (await t.http.get(`/api/v1/clients/${clientId}/documents`).set(bearer(account))).body.result;

  it('creates the client of a new PAN from the statement and lists the statement under it', async () => {
    const tenant = await createTenant(t.http);
    const statement = await generateStatement('cams_detailed', { seed: 501 });
    const [investor] = statement.model.investors;
    const doc = await processed(tenant.analyst, statement);

    const [client] = await clientsWithPan(tenant.viewer, investor.pan);
    expect(client).toMatchObject({ name: investor.name, pan: investor.pan, source: 'statement', has_date_of_birth: false, password_count: 0 });
    expect(await documentsOf(tenant.viewer, client.client_id)).toEqual({
      items: [{ doc_id: doc.doc_id, document_type: 'CAMS_DETAILED_CAS', statement_date: statement.model.period.to, investor_index: 0, linked_at: expect.any(String) }],
      page: 1,
      limit: 20,
      total: 1,
      has_more: false,
    });
    const extraction = await t.http.get(`/api/v1/nexus/documents/${doc.doc_id}/extraction`).set(bearer(tenant.analyst));
    expect(extraction.body.result.entities.map((e: any) => [e.pan, e.client_id, e.client_link_flag])).toEqual([[investor.pan, client.client_id, null]]);
    // Created by no one: the audit names the document, not the investor.
    const audit = await t.http.get('/api/v1/audit?limit=50').set(bearer(tenant.admin));
    const created = (audit.body.result.items as any[]).find((e) => e.action === 'client.create' && e.target_id === client.client_id);
    expect(created).toMatchObject({ actor_id: null, metadata: { source: 'statement', document_id: doc.doc_id } });
    expect(JSON.stringify(audit.body.result.items)).not.toContain(investor.pan);
  });

  it('links a two-investor statement to two clients, and the documents listing filters by client', async () => {
    const tenant = await createTenant(t.http);
    const statement = await generateStatement('cams_detailed', { seed: 502, investors: 2 });
    const doc = await processed(tenant.analyst, statement);
    const other = await processed(tenant.analyst, await generateStatement('cams_detailed', { seed: 503 }));
    const ids = [];
    for (const [i, investor] of statement.model.investors.entries()) {
      const [client] = await clientsWithPan(tenant.viewer, investor.pan);
      expect((await documentsOf(tenant.viewer, client.client_id)).items).toEqual([expect.objectContaining({ doc_id: doc.doc_id, investor_index: i })]);
      ids.push(client.client_id);
    }
    expect(new Set(ids).size).toBe(2);
    const mine = await t.http.get(`/api/v1/documents/me?client_id=${ids[1]}`).set(bearer(tenant.analyst));
    expect(mine.body.result.map((d: any) => d.doc_id)).toEqual([doc.doc_id]);
    const all = await t.http.get('/api/v1/documents/me').set(bearer(tenant.analyst));
    expect(all.body.result.map((d: any) => d.doc_id).sort()).toEqual([doc.doc_id, other.doc_id].sort());
    const admin = await t.http.get(`/api/v1/nexus/documents?client_id=${ids[0]}`).set(bearer(tenant.admin));
    expect(admin.body.result).toMatchObject({ total: 1, items: [expect.objectContaining({ doc_id: doc.doc_id })] });
    // The viewer owns none of them: the filter narrows the caller's own documents, never widens them.
    const viewer = await t.http.get(`/api/v1/documents/me?client_id=${ids[0]}`).set(bearer(tenant.viewer));
    expect(viewer.body.result).toEqual([]);
    const bad = await t.http.get('/api/v1/documents/me?client_id=not-a-client').set(bearer(tenant.analyst));
    expect({ status: bad.status, code: errorCode(bad) }).toEqual({ status: 400, code: 'VALIDATION_ERROR' });
  });

  it('reuses the client that already has the PAN, and processing again does not link twice', async () => {
    const tenant = await createTenant(t.http);
    const statement = await generateStatement('kfintech_detailed', { seed: 504 });
    const [investor] = statement.model.investors;
    const mine = await t.http.post('/api/v1/clients').set(bearer(tenant.analyst)).send({ name: 'Named By The Firm', pan: investor.pan });
    const doc = await processed(tenant.analyst, statement);
    const again = await t.http.post('/api/v2/nexus/pipeline/process').set(bearer(tenant.analyst)).send({ job_id: doc.job_id });
    expect((await waitForProcess(t, tenant.analyst, again.body.process_id, 60_000)).final.status).toBe('completed');
    const clients = await clientsWithPan(tenant.viewer, investor.pan);
    expect(clients).toEqual([expect.objectContaining({ client_id: mine.body.result.client_id, name: 'Named By The Firm', source: 'manual' })]);
    expect((await documentsOf(tenant.viewer, mine.body.result.client_id)).total).toBe(1);
    const all = await t.http.get('/api/v1/clients').set(bearer(tenant.viewer));
    expect(all.body.result.total).toBe(1);
  });

  it('creates no client when the tenant turned auto-creation off, flags the investor, and links it once the client is added', async () => {
    const tenant = await createTenant(t.http);
    const off = await t.http.patch('/api/v1/tenants/me').set(bearer(tenant.admin)).send({ client_auto_create: false });
    expect(off.status).toBe(200);
    const statement = await generateStatement('cams_summary', { seed: 505 });
    const [investor] = statement.model.investors;
    const doc = await processed(tenant.analyst, statement);
    expect((await t.http.get('/api/v1/clients').set(bearer(tenant.viewer))).body.result.total).toBe(0);
    const extraction = await t.http.get(`/api/v1/nexus/documents/${doc.doc_id}/extraction`).set(bearer(tenant.analyst));
    expect(extraction.body.result.entities.map((e: any) => [e.client_id, e.client_link_flag])).toEqual([[null, 'NO_CLIENT_WITH_PAN']]);

    const added = await t.http.post('/api/v1/clients').set(bearer(tenant.analyst)).send({ name: 'Added Later', pan: investor.pan });
    expect(added.status).toBe(201);
    expect((await documentsOf(tenant.viewer, added.body.result.client_id)).items.map((d: any) => d.doc_id)).toEqual([doc.doc_id]);
    // A dry run of deleting the client lists the statement and deletes nothing.
    const dry = await t.http.delete(`/api/v1/clients/${added.body.result.client_id}?dry_run=true`).set(bearer(tenant.admin));
    expect(dry.body.result).toMatchObject({ deleted: false, documents: [expect.objectContaining({ doc_id: doc.doc_id, joint: false, other_client_ids: [] })] });
    expect((await documentsOf(tenant.viewer, added.body.result.client_id)).total).toBe(1);
    // Statements follow the PAN: another PAN unlinks them.
    const moved = await t.http.patch(`/api/v1/clients/${added.body.result.client_id}`).set(bearer(tenant.analyst)).send({ pan: 'ZZZPZ9999Z' });
    expect(moved.status).toBe(200);
    expect((await documentsOf(tenant.viewer, added.body.result.client_id)).total).toBe(0);
  });

  it('links an investor without a PAN to nothing and flags it PAN_MISSING', async () => {
    const tenant = await createTenant(t.http);
    const upload = await uploadPdf(t, tenant.analyst, (await generateStatement('cams_detailed', { seed: 506 })).pdf);
    const register = t.app.get(ClientRegister);
    const dataSource = t.app.get(DataSource);
    const result = await dataSource.transaction((manager) =>
      register.linkStatement(manager, {
        tenantId: tenant.admin.tenantId,
        documentId: upload.doc_id,
        documentType: 'CAMS_DETAILED_CAS',
        statementDate: null,
        investors: [
          { name: 'No PAN Printed', pan: null },
          { name: 'Garbled PAN', pan: 'ABC12' },
        ],
      }),
    );
    expect(result).toEqual([
      { investorIndex: 0, pan: null, clientId: null, flag: 'PAN_MISSING' },
      { investorIndex: 1, pan: null, clientId: null, flag: 'PAN_MISSING' },
    ]);
    expect((await t.http.get('/api/v1/clients').set(bearer(tenant.viewer))).body.result.total).toBe(0);
    const rows = await sql('SELECT client_id, flag FROM document_investors WHERE document_id = $1 ORDER BY investor_index', [upload.doc_id]);
    expect(rows).toEqual([
      { client_id: null, flag: 'PAN_MISSING' },
      { client_id: null, flag: 'PAN_MISSING' },
    ]);
  });

  it('creates one client when two statements with the same new PAN complete at the same time', async () => {
    const tenant = await createTenant(t.http);
    const pdf = (await generateStatement('cams_detailed', { seed: 508 })).pdf;
    const [first, second] = [await uploadPdf(t, tenant.analyst, pdf, 'a.pdf'), await uploadPdf(t, tenant.analyst, pdf, 'b.pdf')];
    const register = t.app.get(ClientRegister);
    const dataSource = t.app.get(DataSource);
    const link = (documentId: string) =>
      dataSource.transaction(async (manager) => {
        const links = await register.linkStatement(manager, {
          tenantId: tenant.admin.tenantId,
          documentId,
          documentType: 'CAMS_DETAILED_CAS',
          statementDate: '2026-09-30',
          investors: [{ name: 'Same Person', pan: 'SAMPE4321X' }],
        });
        // Both transactions are open at once: the second insert waits for the first to commit.
        await new Promise((r) => setTimeout(r, 100));
        return links;
      });
    const [a, b] = await Promise.all([link(first.doc_id), link(second.doc_id)]);
    expect(a[0].clientId).toMatch(/^cli_/);
    expect(b[0].clientId).toBe(a[0].clientId);
    const clients = await t.http.get('/api/v1/clients').set(bearer(tenant.viewer));
    expect(clients.body.result.total).toBe(1);
    expect((await documentsOf(tenant.viewer, a[0].clientId!)).total).toBe(2);
  });

  describe('exports and report.generated', () => {
    let tenant: Tenant;
    let statement: GeneratedStatement;
    let doc: { job_id: string; doc_id: string };
    let clientIds: string[];

    beforeAll(async () => {
      tenant = await createTenant(t.http);
      const sub = await t.http.post('/api/v1/webhooks/subscribe').set(bearer(tenant.admin)).send({ url: receiver.url, events: ['report.generated'], secret: 'whsec_clients-linking-0123' });
      expect(sub.status).toBe(201);
      statement = await generateStatement('cams_detailed', { seed: 507, investors: 2 });
      doc = await processed(tenant.analyst, statement);
      clientIds = [];
      for (const investor of statement.model.investors) clientIds.push((await clientsWithPan(tenant.viewer, investor.pan))[0].client_id);
    });

    const delivered = async (reportId: string) => {
      const [got] = (await receiver.waitFor((all) => all.some((r) => JSON.parse(r.body).data.report_id === reportId))).filter((r) => JSON.parse(r.body).data.report_id === reportId);
      return JSON.parse(got.body).data as Record<string, any>;
    };

    it("names the first investor's client and lists both in a whole-statement export's report.generated", async () => {
      const res = await t.http.get(`/api/v1/nexus/export/${doc.job_id}?format=json`).set(bearer(tenant.analyst));
      expect(res.status).toBe(200);
      const data = await delivered(res.headers['x-report-id']);
      expect(data).toMatchObject({ client_id: clientIds[0], client_ids: clientIds, document_id: doc.doc_id, report_type: 'holdings', format: 'json' });
      const rows = JSON.parse(res.text ?? res.body.toString()).rows as unknown[];
      expect(rows).toHaveLength(statement.model.holdings.length);
    });

    it("exports one investor's rows when client_id names it, and the event names that client alone", async () => {
      const res = await t.http.get(`/api/v1/nexus/export/${doc.job_id}?format=json&fields=isin,pan&client_id=${clientIds[1]}`).set(bearer(tenant.analyst));
      expect(res.status).toBe(200);
      const body = JSON.parse(res.text ?? res.body.toString());
      const second = statement.model.investors[1].pan;
      expect(body.rows.length).toBe(statement.model.holdings.filter((h) => h.investor_pan === second).length);
      expect(body.rows.every((r: any) => r.pan === second)).toBe(true);
      const data = await delivered(res.headers['x-report-id']);
      expect(data).toMatchObject({ client_id: clientIds[1], client_ids: [clientIds[1]], document_id: doc.doc_id });
    });

    it('answers CLIENT_NOT_FOUND for a client that is no investor of the statement', async () => {
      const stranger = await t.http.post('/api/v1/clients').set(bearer(tenant.analyst)).send({ name: 'Stranger', pan: 'QQQPQ1111Q' });
      for (const id of [stranger.body.result.client_id, 'cli_000000000000000000000000']) {
        const res = await t.http.get(`/api/v1/nexus/export/${doc.job_id}?format=csv&client_id=${id}`).set(bearer(tenant.analyst));
        expect({ status: res.status, code: errorCode(res) }).toEqual({ status: 404, code: 'CLIENT_NOT_FOUND' });
      }
    });
  });
});
