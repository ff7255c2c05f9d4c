import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestApp, type TestApp } from '../support/app.js';

describe('health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it.each(['/api/v1/health', '/api/v1/health/', '/api/v1/discovery/services/nexus/health'])(
    '%s answers the envelope with status ok after checking PostgreSQL and Redis',
    async (path) => {
      const res = await t.http.get(path);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ success: true, error: null, status: 'ok', result: { status: 'ok', checks: { database: 'up', redis: 'up' } } });
    },
  );

  it('answers 503 naming Redis when Redis does not answer', async () => {
    const broken = await startTestApp({ REDIS_URL: 'redis://127.0.0.1:1/0' });
    try {
      const res = await broken.http.get('/api/v1/health');
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ success: false, status: 'error', result: null, error: { code: 'SERVICE_UNAVAILABLE' }, checks: { database: 'up', redis: 'down' } });
    } finally {
      await broken.close();
    }
  });
});
