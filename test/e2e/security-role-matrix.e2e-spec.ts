import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Response } from 'supertest';
import { generateStatement } from '../fixtures/generator/index.js';
import { addUser, bearer, invite, login, twoTenants, uniqueEmail, type Account, type Tenant, type TestApp } from '../support/app.js';
import { simplePdf } from '../support/pdf.js';
import { uploadPdf, waitForProcess } from '../support/pipeline.js';
import { startSamlIdp, type SamlTestIdp } from '../support/idp/saml-idp.js';
import { Receiver } from '../support/receiver.js';
import { CALLERS, loadRoleMatrix, type Caller, type Expectation, type MatrixRow } from '../support/role-matrix.js';

// Walks every route of openapi/openapi.json (and the few served outside it) as five callers and
// checks each answer against the role matrix of docs/security.md.

const OPENAPI = JSON.parse(readFileSync(new URL('../../openapi/openapi.json', import.meta.url), 'utf8')) as { paths: Record<string, Record<string, unknown>> };
const HTTP_METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);
const openApiRoutes = Object.entries(OPENAPI.paths).flatMap(([path, ops]) =>
  Object.keys(ops)
    .filter((m) => HTTP_METHODS.has(m))
    .map((m) => `${m.toUpperCase()} ${path}`),
);
const matrix = loadRoleMatrix();
const keyOf = (row: Pick<MatrixRow, 'method' | 'path'>) => `${row.method} ${row.path}`;

/** The tenant's resources that path parameters and bodies name: all created by the tenant itself. */
interface Ids {
  tenant_id: string;
  user_id: string;
  job_id: string;
  doc_id: string;
  /** Deleted by the analyst (their own) and by the admin, one each: the admin is known by admin_id. */
  doc_to_delete: string;
  doc_to_delete_by_admin: string;
  admin_id: string;
  process_id: string;
  report_id: string;
  /** A client report of client_id's (the client report routes name it report_id). */
  client_report_id: string;
  session_id: string;
  chat_doc_id: string;
  webhook_id: string;
  delivery_id: string;
  job_to_process: string;
  session_to_close: string;
  session_to_delete: string;
  webhook_to_delete: string;
  invitation_id: string;
  client_id: string;
  household_id: string;
  client_to_delete: string;
  household_to_delete: string;
  batch_id: string;
}

/** How one route is called: its query, body, the resources its path names, and whether it ends the session. */
interface Call {
  params?: Partial<Record<string, string>>;
  query?: Record<string, string>;
  json?: object;
  form?: Record<string, string>;
  multipart?: { fields: Record<string, string>; pdf?: Buffer; fileField?: string };
  /** The route ends or rotates the caller's session: call it with a session of its own. */
  freshSession?: boolean;
}
type Recipe = (ids: Ids, account: Account | null, pdf: Buffer) => Call;

// Routes need no recipe when their path parameters are enough; these add what makes an allowed call
// reach the resource (so that a refusal is the authorization's, not the validation's).
const RECIPES: Record<string, Recipe> = {
  'POST /api/v1/auth/refresh': (_ids, account) => ({ freshSession: true, json: account ? { refresh_token: account.refreshToken } : {} }),
  'POST /api/v1/auth/logout': () => ({ freshSession: true }),
  'GET /api/v1/auth/sso/login': (ids) => ({ query: { tenant: ids.tenant_id } }),
  'POST /api/v1/auth/sso/login': (ids) => ({ json: { tenant: ids.tenant_id } }),
  'GET /api/v1/auth/sso/saml/metadata': (ids) => ({ query: { tenant: ids.tenant_id } }),
  'PATCH /api/v1/users/me': () => ({ json: { full_name: 'Same Name' } }),
  'PATCH /api/v1/users/{user_id}': () => ({ json: { role: 'viewer' } }),
  'POST /api/v2/nexus/pipeline/process': (ids) => ({ json: { job_id: ids.job_to_process } }),
  'GET /api/v1/nexus/export/{job_id}': () => ({ query: { format: 'csv' } }),
  'DELETE /api/v1/nexus/documents/{doc_id}': (ids, account) => ({ params: { doc_id: account?.userId === ids.admin_id ? ids.doc_to_delete_by_admin : ids.doc_to_delete } }),
  'POST /api/v1/zen/chat/invoke': (ids) => ({ form: { session_id: ids.session_id, query: 'What is the total value of my portfolio?' } }),
  'PUT /api/v1/zen/chat/session/{session_id}': () => ({ json: { title: 'Renamed' } }),
  'DELETE /api/v1/zen/chat/session/{session_id}': (ids) => ({ params: { session_id: ids.session_to_delete } }),
  'POST /api/v1/zen/chat/session/{session_id}/close': (ids) => ({ params: { session_id: ids.session_to_close } }),
  'POST /api/v1/zen/chat/{session_id}/message': () => ({ json: { query: 'Which are my top 3 holdings?' } }),
  'POST /api/v1/zen/uploads': (ids, _account, pdf) => ({ multipart: { fields: { session_id: ids.session_id }, pdf } }),
  'POST /api/v1/nexus/upload/batch': (_ids, _account, pdf) => ({ multipart: { fields: {}, pdf, fileField: 'files' } }),
  'GET /api/v1/zen/chat/{session_id}/documents/{doc_id}/status': (ids) => ({ params: { doc_id: ids.chat_doc_id } }),
  'POST /api/v1/zen/chat/{session_id}/documents/{doc_id}/attach': (ids) => ({ params: { doc_id: ids.chat_doc_id } }),
  'POST /api/v1/webhooks/test': (ids) => ({ json: { webhook_id: ids.webhook_id, event: 'document.completed' } }),
  'PATCH /api/v1/webhooks/{webhook_id}': () => ({ json: { events: ['document.completed'] } }),
  'DELETE /api/v1/webhooks/{webhook_id}': (ids) => ({ params: { webhook_id: ids.webhook_to_delete } }),
  'PATCH /api/v1/tenants/me': () => ({ json: { client_auto_create: true } }),
  'POST /api/v1/clients': () => ({ json: { name: 'Matrix Client', pan: randomPan() } }),
  'PATCH /api/v1/clients/{client_id}': () => ({ json: { tags: ['matrix'] } }),
  'DELETE /api/v1/clients/{client_id}': (ids) => ({ params: { client_id: ids.client_to_delete } }),
  'POST /api/v1/clients/{client_id}/reports': () => ({ json: { report_type: 'client_summary' } }),
  'GET /api/v1/reports/{report_id}': (ids) => ({ params: { report_id: ids.client_report_id } }),
  'GET /api/v1/reports/{report_id}/file': (ids) => ({ params: { report_id: ids.client_report_id } }),
  'POST /api/v1/households': () => ({ json: { name: 'Matrix household' } }),
  'POST /api/v1/households/{household_id}/reports': () => ({ json: { report_type: 'household_summary' } }),
  'PATCH /api/v1/households/{household_id}': () => ({ json: { name: 'Renamed household' } }),
  'DELETE /api/v1/households/{household_id}': (ids) => ({ params: { household_id: ids.household_to_delete } }),
  'PUT /api/v1/households/{household_id}/members/{client_id}': () => ({ json: { relationship: 'spouse' } }),
  'GET /api/v1/clients/{client_id}/gains': () => ({ query: { fy: '2025-26' } }),
  'GET /api/v1/clients/{client_id}/gains/export': () => ({ query: { fy: '2025-26', format: 'csv' } }),
  'GET /api/v1/households/{household_id}/gains': () => ({ query: { fy: '2025-26' } }),
};

/** A PAN of an individual that no other call of the run uses. */
function randomPan(): string {
  const letters = () => Array.from(randomBytes(4), (b) => String.fromCharCode(65 + (b % 26)));
  const [a, b, c, d] = letters();
  return `${a}${b}${c}P${d}${String(randomBytes(2).readUInt16BE() % 10000).padStart(4, '0')}${letters()[0]}`;
}

/** The same kind of id, naming nothing: what "does not exist" answers, to compare "not yours" with. */
function ghostOf(id: string): string {
  const prefixed = /^([a-z]{2,3})_([0-9a-f]+)$/.exec(id);
  if (prefixed) return `${prefixed[1]}_${randomBytes(prefixed[2].length / 2).toString('hex')}`;
  return randomUUID();
}

const expected = (e: Expectation) => (e.kind === 'allowed' ? 'allowed' : `${e.status} ${e.code}`);

interface Answer {
  status: number;
  text: string;
  code: string | undefined;
}

/** allowed, or the refusal: anything but 401/403/404 (and never a 5xx) is the route doing its work. */
function classify(a: Answer): string {
  if (a.status >= 500) return `${a.status} server error: ${a.text.slice(0, 200)}`;
  if (a.status === 401 || a.status === 403 || a.status === 404) return `${a.status} ${a.code}`;
  return 'allowed';
}

describe('role matrix (docs/security.md) against every route', () => {
  let t: TestApp;
  let acme: Tenant;
  let rival: Tenant;
  let receiver: Receiver;
  let idp: SamlTestIdp;
  let ids: Ids;
  let pdf: Buffer;
  /** Every identifier of acme's: none may appear in an answer to rival's admin. */
  let acmeIdentifiers: string[];

  const accountOf = (caller: Caller): Account | null =>
    ({ anonymous: null, viewer: acme.viewer, analyst: acme.analyst, admin: acme.admin, other_admin: rival.admin })[caller];

  async function call(row: MatrixRow, caller: Caller, names: Ids): Promise<Answer & { sent: string }> {
    let account = accountOf(caller);
    const recipe = RECIPES[keyOf(row)]?.(names, account, pdf) ?? {};
    if (recipe.freshSession && account) {
      account = await login(t.http, account.email);
      Object.assign(recipe, RECIPES[keyOf(row)](names, account, pdf));
    }
    const params: Record<string, string | undefined> = { ...names, ...recipe.params };
    const path = row.path.replace(/\{(\w+)\}/g, (_, name: string) => {
      const value = params[name];
      if (!value) throw new Error(`${keyOf(row)}: no resource for {${name}}`);
      return value;
    });
    let req = t.http[row.method.toLowerCase() as 'get'](path);
    if (account) req = req.set(bearer(account));
    if (recipe.query) req = req.query(recipe.query);
    if (recipe.multipart) {
      for (const [k, v] of Object.entries(recipe.multipart.fields)) req = req.field(k, v);
      if (recipe.multipart.pdf) req = req.attach(recipe.multipart.fileField ?? 'file', recipe.multipart.pdf, { filename: 'statement.pdf', contentType: 'application/pdf' });
    } else if (recipe.form) req = req.type('form').send(recipe.form);
    else if (recipe.json) req = req.send(recipe.json);
    const res: Response = await req.buffer(true).parse((stream, done) => {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => done(null, Buffer.concat(chunks)));
    });
    const text = (res.body as Buffer).toString('utf8');
    let code: string | undefined;
    try {
      code = (JSON.parse(text) as { error?: { code?: string } }).error?.code;
    } catch {
      code = undefined;
    }
    return { status: res.status, text, code, sent: JSON.stringify([path, recipe.query, recipe.json, recipe.form, recipe.multipart?.fields]) };
  }

  beforeAll(async () => {
    [receiver, idp] = await Promise.all([new Receiver().start(), startSamlIdp()]);
    ({ t, acme, rival } = await twoTenants({ WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' }));
    const sso = await t.http.post('/api/v1/auth/sso/configure').set(bearer(acme.admin)).send({ protocol: 'saml2', metadata_url: idp.metadataUrl, attribute_mapping: { email: 'email' } });
    if (sso.status !== 200) throw new Error(`sso configure: ${sso.status} ${JSON.stringify(sso.body)}`);
    const spare = await addUser(t.http, acme.admin, 'viewer');
    await invite(t.http, acme.admin, { email: uniqueEmail('invitee'), role: 'viewer' });
    const invitations = await t.http.get('/api/v1/invitations').set(bearer(acme.admin));
    if (invitations.status !== 200) throw new Error(`invitations: ${invitations.status} ${JSON.stringify(invitations.body)}`);
    pdf = await simplePdf(['A note for the chat, not a statement']);

    // Documents, a process and a report of acme's analyst.
    const statement = await generateStatement('cams_detailed', { seed: 41 });
    const main = await uploadPdf(t, acme.analyst, statement.pdf);
    const toProcess = await uploadPdf(t, acme.analyst, pdf, 'to-process.pdf');
    const [toDelete, toDeleteByAdmin] = [await uploadPdf(t, acme.analyst, pdf, 'to-delete.pdf'), await uploadPdf(t, acme.analyst, pdf, 'to-delete-by-admin.pdf')];
    const started = await t.http.post('/api/v2/nexus/pipeline/process').set(bearer(acme.analyst)).send({ job_id: main.job_id });
    const { final } = await waitForProcess(t, acme.analyst, started.body.process_id);
    if (final.status !== 'completed') throw new Error(`pipeline did not complete: ${JSON.stringify(final)}`);
    const exported = await t.http.get(`/api/v1/nexus/export/${main.job_id}?format=json`).set(bearer(acme.analyst));
    if (exported.status !== 200) throw new Error(`export failed: ${exported.status}`);

    // Chat sessions of acme's analyst, one with a document in it.
    const sessions: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await t.http.post('/api/v1/zen/chat').set(bearer(acme.analyst));
      if (res.status !== 201) throw new Error(`chat session: ${res.status} ${JSON.stringify(res.body)}`);
      sessions.push(res.body as string);
    }
    const chatUpload = await t.http.post('/api/v1/zen/uploads').set(bearer(acme.analyst)).field('session_id', sessions[0]).attach('file', pdf, { filename: 'note.pdf', contentType: 'application/pdf' });
    if (chatUpload.status !== 201) throw new Error(`chat upload: ${chatUpload.status} ${JSON.stringify(chatUpload.body)}`);

    // Webhook subscriptions of acme's, one with a delivery.
    const subscribe = async () => {
      const res = await t.http.post('/api/v1/webhooks/subscribe').set(bearer(acme.admin)).send({ url: receiver.url, events: ['report.generated'], secret: `whsec_${randomBytes(12).toString('hex')}` });
      if (res.status !== 201) throw new Error(`subscribe: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.result.webhook_id as string;
    };
    const [webhook, webhookToDelete] = [await subscribe(), await subscribe()];
    const test = await t.http.post('/api/v1/webhooks/test').set(bearer(acme.admin)).send({ webhook_id: webhook, event: 'report.generated' });
    if (test.status !== 200) throw new Error(`webhook test: ${test.status} ${JSON.stringify(test.body)}`);

    // Clients and households of acme's.
    const client = async (name: string) => {
      const res = await t.http.post('/api/v1/clients').set(bearer(acme.analyst)).send({ name, pan: randomPan(), date_of_birth: '1980-01-01' });
      if (res.status !== 201) throw new Error(`client: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.result.client_id as string;
    };
    const household = async (name: string) => {
      const res = await t.http.post('/api/v1/households').set(bearer(acme.analyst)).send({ name });
      if (res.status !== 201) throw new Error(`household: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.result.household_id as string;
    };
    const [clientId, clientToDelete, householdId, householdToDelete] = [await client('Matrix A'), await client('Matrix B'), await household('Matrix family'), await household('Matrix doomed')];

    // A client report of acme's (a file not made yet answers 409, which is past the authorization).
    const clientReport = await t.http.post(`/api/v1/clients/${clientId}/reports`).set(bearer(acme.analyst)).send({ report_type: 'client_summary' });
    if (clientReport.status !== 202) throw new Error(`client report: ${clientReport.status} ${JSON.stringify(clientReport.body)}`);

    // A batch of acme's analyst's.
    const batch = await t.http.post('/api/v1/nexus/upload/batch').set(bearer(acme.analyst)).attach('files', pdf, { filename: 'batch.pdf', contentType: 'application/pdf' });
    if (batch.status !== 201) throw new Error(`batch: ${batch.status} ${JSON.stringify(batch.body)}`);

    ids = {
      batch_id: batch.body.result.batch_id,
      client_id: clientId,
      household_id: householdId,
      client_to_delete: clientToDelete,
      household_to_delete: householdToDelete,
      tenant_id: acme.admin.tenantId,
      user_id: spare.userId,
      job_id: main.job_id,
      doc_id: main.doc_id,
      doc_to_delete: toDelete.doc_id,
      doc_to_delete_by_admin: toDeleteByAdmin.doc_id,
      admin_id: acme.admin.userId,
      process_id: started.body.process_id,
      report_id: exported.headers['x-report-id'],
      client_report_id: clientReport.body.result.report_id,
      session_id: sessions[0],
      chat_doc_id: chatUpload.body.result.document_ids[0],
      webhook_id: webhook,
      delivery_id: test.body.result.delivery_id,
      job_to_process: toProcess.job_id,
      session_to_close: sessions[1],
      session_to_delete: sessions[2],
      webhook_to_delete: webhookToDelete,
      invitation_id: invitations.body.result.items[0].invitation_id,
    };
    acmeIdentifiers = [...Object.values(ids), ...[acme.admin, acme.analyst, acme.viewer, spare].flatMap((a) => [a.userId, a.email])];
  });

  afterAll(async () => {
    // Let the pipelines this suite started finish before the app goes away.
    const deadline = Date.now() + 30_000;
    while (t && Date.now() < deadline) {
      const res = await t.http.get('/api/v1/nexus/documents?limit=100').set(bearer(acme.admin));
      if (!(res.body.result?.items ?? []).some((d: { status: string }) => d.status === 'processing')) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    await t?.close();
    await Promise.all([receiver?.stop(), idp?.close()]);
  });

  it('has exactly one row per route of openapi/openapi.json, and none for a route it no longer has', () => {
    const rows = matrix.filter((r) => r.table === 'openapi').map(keyOf);
    expect({ withoutRow: openApiRoutes.filter((r) => !rows.includes(r)), stale: rows.filter((r) => !openApiRoutes.includes(r)) }).toEqual({ withoutRow: [], stale: [] });
  });

  it('keeps the routes of its "outside" table out of the OpenAPI document, and every recipe names a row', () => {
    const outside = matrix.filter((r) => r.table === 'outside').map(keyOf);
    expect(outside.filter((r) => openApiRoutes.includes(r))).toEqual([]);
    expect(Object.keys(RECIPES).filter((k) => !matrix.some((r) => keyOf(r) === k))).toEqual([]);
  });

  it('answers "not yours" exactly like "does not exist" wherever the matrix says 404', async () => {
    const ghosts = Object.fromEntries(Object.entries(ids).map(([k, v]) => [k, ghostOf(v)])) as unknown as Ids;
    const normalise = (text: string, names: Ids) => Object.values(names).reduce((s, id) => s.split(id).join('<id>'), text);
    const differences: string[] = [];
    let compared = 0;
    for (const row of matrix) {
      for (const caller of CALLERS) {
        const e = row.expect[caller];
        if (e.kind !== 'refused' || e.status !== 404) continue;
        const [real, ghost] = [await call(row, caller, ids), await call(row, caller, ghosts)];
        compared++;
        const a = { status: real.status, body: normalise(real.text, ids) };
        const b = { status: ghost.status, body: normalise(ghost.text, ghosts) };
        if (JSON.stringify(a) !== JSON.stringify(b)) differences.push(`${keyOf(row)} [${caller}]: ${JSON.stringify(a)} vs ${JSON.stringify(b)}`);
      }
    }
    expect(compared).toBeGreaterThan(20);
    expect(differences).toEqual([]);
  });

  it('answers every (route, caller) as the matrix says, and never a 5xx', async () => {
    const mismatches: string[] = [];
    for (const row of matrix) {
      // Refusals first: a caller that is allowed may delete or change the resource.
      const callers = [...CALLERS].sort((a, b) => Number(row.expect[a].kind === 'allowed') - Number(row.expect[b].kind === 'allowed'));
      for (const caller of callers) {
        const answer = await call(row, caller, ids);
        const got = classify(answer);
        const want = expected(row.expect[caller]);
        if (got !== want) mismatches.push(`${keyOf(row)} [${caller}]: expected ${want}, got ${got}`);
        if (caller === 'other_admin' && got === 'allowed') {
          // What the caller itself sent (a public route's ?tenant=) is not a leak.
          const leaked = acmeIdentifiers.filter((s) => answer.text.includes(s) && !answer.sent.includes(s));
          if (leaked.length) mismatches.push(`${keyOf(row)} [${caller}]: the answer names the other tenant's ${leaked.join(', ')}`);
        }
      }
    }
    expect(mismatches).toEqual([]);
  });
});
