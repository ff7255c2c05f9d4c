import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { Logger } from 'pino';
import { LOGGER } from '../../src/common/logging/logging.module.js';
import { BootstrapAdminService } from '../../src/modules/bootstrap/bootstrap-admin.service.js';
import { bearer, errorCode, login, register, startTestApp, STRONG_PASSWORD, twoTenants, uniqueEmail, type Tenant, type TestApp } from '../support/app.js';
import { sql } from '../support/db.js';
import { simplePdf } from '../support/pdf.js';
import { uploadPdf, waitForProcess } from '../support/pipeline.js';

describe('nexus admin: stats, queue board and queue metrics', () => {
  let t: TestApp;
  let acme: Tenant;
  let rival: Tenant;
  const operatorEmail = uniqueEmail('operator');
  beforeAll(async () => ({ t, acme, rival } = await twoTenants({ BOOTSTRAP_ADMIN_EMAIL: operatorEmail, BOOTSTRAP_ADMIN_PASSWORD: STRONG_PASSWORD })));
  afterAll(() => t.close());

  it('GET /api/v1/nexus/stats counts the admin’s tenant only, for admins only', async () => {
    const pdf = await simplePdf(['Not a statement at all']);
    const done = await uploadPdf(t, acme.analyst, pdf);
    await uploadPdf(t, acme.analyst, pdf);
    const start = await t.http.post('/api/v2/nexus/pipeline/process').set(bearer(acme.analyst)).send({ job_id: done.job_id });
    await waitForProcess(t, acme.analyst, start.body.process_id);

    const res = await t.http.get('/api/v1/nexus/stats').set(bearer(acme.admin));
    expect(res.status).toBe(200);
    expect(res.body.result.documents).toEqual({ total: 2, by_status: { completed: 1, uploaded: 1 } });
    expect(res.body.result.success_rate).toBe(100);
    expect(res.body.result.processing_time_ms.samples).toBe(1);
    expect(res.body.result.users).toEqual({ n: 3, active: 3 });
    expect(Object.keys(res.body.result.queue_depth)).toHaveLength(10);
    const rivalStats = await t.http.get('/api/v1/nexus/stats').set(bearer(rival.admin));
    expect(rivalStats.body.result.documents.total).toBe(0);
    for (const account of [acme.analyst, acme.viewer]) {
      expect((await t.http.get('/api/v1/nexus/stats').set(bearer(account))).status).toBe(403);
    }
  });

  it('serves Bull Board to the operator (the bootstrap admin) only, not to tenant admins', async () => {
    const anon = await t.http.get('/admin/queues');
    expect(anon.status).toBe(401);
    expect(errorCode(anon)).toBe('UNAUTHORIZED');
    const viewer = await t.http.get('/admin/queues').set(bearer(acme.viewer));
    expect(viewer.status).toBe(403);
    // The queues hold every tenant's jobs, and anyone can register a tenant and be its admin.
    const tenantAdmin = await t.http.get('/admin/queues/api/queues').set(bearer(acme.admin));
    expect(tenantAdmin.status).toBe(403);
    expect(errorCode(tenantAdmin)).toBe('FORBIDDEN');
    const operator = await login(t.http, operatorEmail);
    const admin = await t.http.get('/admin/queues').set(bearer(operator));
    expect(admin.status).toBe(200);
    expect(admin.text).toContain('<html');
    const viaQuery = await t.http.get(`/admin/queues?access_token=${operator.accessToken}`);
    expect(viaQuery.status).toBe(200);
    const cookie = viaQuery.headers['set-cookie']?.[0] ?? '';
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/;\s*Secure(;|$)/); // it carries the operator's access token: never over plain http
    expect(cookie).toMatch(/SameSite=Strict/);
    const api = await t.http.get('/admin/queues/api/queues').set('Cookie', cookie.split(';')[0]);
    expect(api.status).toBe(200);
    // Every queue of the service: the ten stages, client reports and webhook deliveries.
    expect(api.body.queues.map((q: { name: string }) => q.name)).toEqual(expect.arrayContaining(['pipeline-upload', 'pipeline-parsing', 'pipeline-completion', 'client-report', 'webhook-delivery']));
    expect(api.body.queues).toHaveLength(12);
    // The bootstrap created that account, in tenant Default, and marked it.
    const [row] = await sql<{ is_operator: boolean; tenant: string }>(
      `SELECT u.is_operator, t.name AS tenant FROM users u JOIN tenants t ON t.id = u.tenant_id WHERE u.email = $1`,
      [operatorEmail],
    );
    expect(row).toEqual({ is_operator: true, tenant: 'Default' });
  });

  it('never makes an account the operator for its e-mail alone: one registered before the bootstrap stays a tenant admin', async () => {
    // Someone registers the operator's e-mail (and becomes the admin of a new tenant) before the
    // service is started with it as BOOTSTRAP_ADMIN_EMAIL.
    const squatterEmail = uniqueEmail('operator');
    await register(t.http, { email: squatterEmail });
    const booted = await startTestApp({ BOOTSTRAP_ADMIN_EMAIL: squatterEmail, BOOTSTRAP_ADMIN_PASSWORD: STRONG_PASSWORD });
    try {
      const squatter = await login(booted.http, squatterEmail);
      for (const path of ['/admin/queues', '/admin/queues/api/queues']) {
        const res = await booted.http.get(path).set(bearer(squatter));
        expect({ path, status: res.status, code: errorCode(res) }).toEqual({ path, status: 403, code: 'FORBIDDEN' });
      }
      const pause = await booted.http.put('/admin/queues/api/queues/pause').set(bearer(squatter));
      expect(pause.status).toBe(403);
      const viaQuery = await booted.http.get(`/admin/queues?access_token=${squatter.accessToken}`);
      expect(viaQuery.status).toBe(403);
      expect(viaQuery.headers['set-cookie']).toBeUndefined();
      const rows = await sql<{ is_operator: boolean }>(`SELECT is_operator FROM users WHERE email = $1`, [squatterEmail]);
      expect(rows).toEqual([{ is_operator: false }]);

      // And the start-up says so, as an error, without creating anything.
      const logger = booted.app.get<Logger>(LOGGER);
      const errors = jest.spyOn(logger, 'error');
      try {
        await booted.app.get(BootstrapAdminService).onApplicationBootstrap();
        expect(errors).toHaveBeenCalledWith(
          expect.objectContaining({ email: squatterEmail, userId: squatter.userId }),
          expect.stringContaining('the bootstrap did not create'),
        );
      } finally {
        errors.mockRestore();
      }
      expect(await sql(`SELECT id FROM users WHERE email = $1`, [squatterEmail])).toHaveLength(1);
    } finally {
      await booted.close();
    }
  });

  it('exposes the depth of each stage queue in /metrics', async () => {
    const res = await t.http.get('/metrics');
    for (const stage of ['upload', 'parsing', 'completion']) {
      expect(res.text).toMatch(new RegExp(`foliodesk_queue_depth\\{queue="pipeline-${stage}"\\} \\d+`));
    }
  });
});
