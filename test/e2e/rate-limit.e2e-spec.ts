import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { bearer, errorCode, register, startTestApp, STRONG_PASSWORD, uniqueEmail, type TestApp } from '../support/app.js';

describe('brute-force protection (Redis-backed)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({
      LOGIN_MAX_FAILURES_PER_ACCOUNT: '3',
      LOGIN_MAX_FAILURES_PER_IP: '8',
      LOGIN_FAILURE_WINDOW_SECONDS: '120',
      REGISTRATIONS_PER_IP_PER_HOUR: '1000',
      // Each test speaks from its own address (X-Forwarded-For), so the per-IP counts stay apart.
      TRUST_PROXY: 'true',
      QUEUE_PREFIX: `rl${Date.now()}`,
    });
  });
  afterAll(() => t.close());

  const fail = (email: string, ip: string) =>
    t.http.post('/api/v1/auth/login').set('X-Forwarded-For', ip).send({ email, password: 'Wrong-Passw0rd!' });

  it('locks an account after repeated failures with 429 and Retry-After, even for the right password', async () => {
    const account = await register(t.http);
    for (let i = 0; i < 3; i++) expect((await fail(account.email, '198.51.100.1')).status).toBe(401);
    const locked = await t.http.post('/api/v1/auth/login').send({ email: account.email, password: STRONG_PASSWORD });
    expect(locked.status).toBe(429);
    expect(errorCode(locked)).toBe('RATE_LIMITED');
    const retryAfter = Number(locked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(120);
  });

  it('counts every attempt before its password is checked: a parallel burst cannot overtake the limit', async () => {
    const account = await register(t.http);
    const burst = await Promise.all(Array.from({ length: 12 }, () => fail(account.email, '198.51.100.3')));
    const statuses = burst.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(9);
    // The refused attempts were never counted, the three failures are: the right password is refused too,
    // for the rest of the window.
    const locked = await t.http.post('/api/v1/auth/login').set('X-Forwarded-For', '198.51.100.3').send({ email: account.email, password: STRONG_PASSWORD });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(60);
  });

  it('a parallel burst from one address across accounts stops at the per-IP limit', async () => {
    const burst = await Promise.all(Array.from({ length: 12 }, () => fail(uniqueEmail('burst'), '198.51.100.4')));
    expect(burst.filter((r) => r.status === 401)).toHaveLength(8);
    expect(burst.filter((r) => r.status === 429).every((r) => errorCode(r) === 'RATE_LIMITED' && Number(r.headers['retry-after']) > 0)).toBe(true);
    expect(burst.filter((r) => r.status === 429)).toHaveLength(4);
  });

  it('logins still being checked hold places only while in flight: a burst of right passwords waits a second, and nothing is counted', async () => {
    const account = await register(t.http);
    const login = () => t.http.post('/api/v1/auth/login').set('X-Forwarded-For', '198.51.100.6').send({ email: account.email, password: STRONG_PASSWORD });
    const burst = await Promise.all(Array.from({ length: 6 }, login));
    expect(burst.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(3);
    for (const r of burst.filter((x) => x.status !== 200)) {
      expect(r.status).toBe(429);
      expect(r.headers['retry-after']).toBe('1');
    }
    for (let i = 0; i < 3; i++) expect((await login()).status).toBe(200);
  });

  it('a successful login takes back its own reservation: it never counts against the address', async () => {
    const account = await register(t.http);
    for (let i = 0; i < 10; i++) {
      await t.http.post('/api/v1/auth/login').set('X-Forwarded-For', '198.51.100.5').send({ email: account.email, password: STRONG_PASSWORD }).expect(200);
    }
    // Ten successes from this address; the per-IP limit is 8, and failures still go through up to it.
    expect((await fail(uniqueEmail('after'), '198.51.100.5')).status).toBe(401);
  });

  it('records a refused login in the audit log once per lock, with the address, not once per attempt', async () => {
    const account = await register(t.http);
    for (let i = 0; i < 3; i++) expect((await fail(account.email, '198.51.100.7')).status).toBe(401);
    for (let i = 0; i < 4; i++) expect((await fail(account.email, '198.51.100.7')).status).toBe(429);
    const res = await t.http.get('/api/v1/audit?limit=50').set(bearer(account));
    const logins = (res.body.result.items as Array<{ action: string; outcome: string; ip: string | null; metadata: Record<string, unknown> }>).filter(
      (e) => e.action === 'auth.login' && e.outcome === 'failure',
    );
    expect(logins.map((e) => e.metadata.reason).sort()).toEqual(['invalid_password', 'invalid_password', 'invalid_password', 'rate_limited']);
    const refused = logins.find((e) => e.metadata.reason === 'rate_limited')!;
    expect(refused.ip).toBe('198.51.100.7');
    expect(refused.metadata.retry_after_seconds).toBeGreaterThan(60);
  });

  it('counts failures per IP across accounts', async () => {
    const ipApp = await startTestApp({
      LOGIN_MAX_FAILURES_PER_ACCOUNT: '100',
      LOGIN_MAX_FAILURES_PER_IP: '4',
      QUEUE_PREFIX: `rlip${Date.now()}`,
    });
    try {
      for (let i = 0; i < 4; i++) {
        const res = await ipApp.http.post('/api/v1/auth/login').send({ email: uniqueEmail('spray'), password: 'Wrong-Passw0rd!' });
        expect(res.status).toBe(401);
      }
      const blocked = await ipApp.http.post('/api/v1/auth/login').send({ email: uniqueEmail('spray'), password: 'Wrong-Passw0rd!' });
      expect(blocked.status).toBe(429);
      expect(blocked.headers['retry-after']).toBeDefined();
    } finally {
      await ipApp.close();
    }
  });

  it('resets the account counter after a successful login', async () => {
    const account = await register(t.http);
    for (let i = 0; i < 2; i++) await fail(account.email, '198.51.100.2');
    await t.http.post('/api/v1/auth/login').send({ email: account.email, password: STRONG_PASSWORD }).expect(200);
    for (let i = 0; i < 2; i++) expect((await fail(account.email, '198.51.100.2')).status).toBe(401);
  });

  it('limits registrations per IP per hour', async () => {
    const app = await startTestApp({ REGISTRATIONS_PER_IP_PER_HOUR: '2', QUEUE_PREFIX: `rlreg${Date.now()}` });
    try {
      await register(app.http);
      await register(app.http);
      const third = await app.http.post('/api/v1/auth/register').send({ email: uniqueEmail(), password: STRONG_PASSWORD, full_name: 'Third' });
      expect(third.status).toBe(429);
      expect(errorCode(third)).toBe('RATE_LIMITED');
    } finally {
      await app.close();
    }
  });
});
