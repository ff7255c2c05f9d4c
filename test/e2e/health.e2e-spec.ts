import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestApp, type TestApp } from '../support/app.js';

describe('health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it.each(['/api/v1/health', '/api/v1/health/', '/api/v1/health/ready', '/api/v1/discovery/services/nexus/health'])(
    '%s answers the envelope with status ok after checking PostgreSQL and Redis',
    async (path) => {
      const res = await t.http.get(path);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ success: true, error: null, status: 'ok', result: { status: 'ok', checks: { database: 'up', redis: 'up' } } });
    },
  );

  it('/api/v1/health/live answers 200 without checking dependencies', async () => {
    const res = await t.http.get('/api/v1/health/live');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'OK', error: null, result: { status: 'ok' }, status: 'ok' });
  });

  it('answers 503 naming Redis when Redis does not answer (readiness too); liveness still 200', async () => {
    const broken = await startTestApp({ REDIS_URL: 'redis://127.0.0.1:1/0' });
    try {
      const res = await broken.http.get('/api/v1/health');
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ success: false, status: 'error', result: null, error: { code: 'SERVICE_UNAVAILABLE' }, checks: { database: 'up', redis: 'down' } });
      expect((await broken.http.get('/api/v1/health/ready')).status).toBe(503);
      expect((await broken.http.get('/api/v1/health/live')).status).toBe(200);
    } finally {
      // Bull's queues cannot close cleanly without their Redis; that is not what this test is about.
      await broken.close().catch(() => undefined);
    }
  });
});

describe('metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('exposes Prometheus metrics with an HTTP latency histogram labelled by route template', async () => {
    await t.http.get('/api/v1/users/usr_does_not_matter');
    await t.http.get('/api/v1/health');
    const res = await t.http.get('/metrics');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.text).toContain('# TYPE http_request_duration_seconds histogram');
    expect(res.text).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/api\/v1\/health",status_code="200"\} [1-9]/);
    // Ids never become label values: the route template is used.
    expect(res.text).toContain('route="/api/v1/users/:user_id",status_code="401"');
    expect(res.text).not.toContain('usr_does_not_matter');
    expect(res.text).toContain('foliodesk_process_cpu_user_seconds_total');
  });
});
