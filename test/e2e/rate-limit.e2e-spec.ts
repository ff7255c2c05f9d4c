import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { bearer, errorCode, register, startTestApp, STRONG_PASSWORD, uniqueEmail, type TestApp } from '../support/app.js';
import { sql } from '../support/db.js';

describe('brute-force protection (Redis-backed)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({
      LOGIN_MAX_FAILURES_PER_ACCOUNT: '3',
      LOGIN_MAX_FAILURES_PER_IP: '8',
      LOGIN_FAILURE_WINDOW_SECONDS: '120',
      REGISTRATIONS_PER_IP_PER_HOUR: '1000',
      // As if behind one proxy, which appends the address it was reached from to X-Forwarded-For: each
      // test speaks from its own address, so the per-IP counts stay apart.
      TRUST_PROXY: '1',
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

  it('behind one proxy, a client cannot rotate its address by writing X-Forwarded-For: the address the proxy appended is counted and audited', async () => {
    const account = await register(t.http);
    // What the proxy forwards: whatever the client wrote, then the address the proxy saw (198.51.100.20).
    const forged = (i: number, email: string) =>
      t.http.post('/api/v1/auth/login').set('X-Forwarded-For', `10.9.${i}.1, 203.0.113.${i}, 198.51.100.20`).send({ email, password: 'Wrong-Passw0rd!' });
    const statuses = [(await forged(0, account.email)).status];
    for (let i = 1; i < 10; i++) statuses.push((await forged(i, uniqueEmail('rotate'))).status);
    // The per-IP limit is 8: a new forged address on every attempt changes nothing.
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 401, 401, 429, 429]);
    const res = await t.http.get('/api/v1/audit?limit=50').set(bearer(account));
    const failures = (res.body.result.items as Array<{ action: string; outcome: string; ip: string | null }>).filter((e) => e.action === 'auth.login' && e.outcome === 'failure');
    expect(failures.map((e) => e.ip)).toEqual(['198.51.100.20']);
  });

  it('counts an IPv6 client by its /64: a new interface id on every attempt does not escape the limit', async () => {
    const from = (address: string) => t.http.post('/api/v1/auth/login').set('X-Forwarded-For', address).send({ email: uniqueEmail('v6'), password: 'Wrong-Passw0rd!' });
    for (let i = 1; i <= 8; i++) expect((await from(`2001:db8:5:6::${i.toString(16)}`)).status).toBe(401);
    const refused = await from('2001:db8:5:6:ffff:1:2:3');
    expect(refused.status).toBe(429);
    expect(errorCode(refused)).toBe('RATE_LIMITED');
    // Another /64 is another client.
    expect((await from('2001:db8:5:7::1')).status).toBe(401);
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

  it('limits registrations by the address the trusted proxies name, not by what the client writes (TRUST_PROXY as a list)', async () => {
    // The test client connects over loopback, so with TRUST_PROXY=loopback the client is the
    // right-most X-Forwarded-For address that is not loopback.
    const app = await startTestApp({ REGISTRATIONS_PER_IP_PER_HOUR: '2', TRUST_PROXY: 'loopback', QUEUE_PREFIX: `rlregxff${Date.now()}` });
    try {
      const attempt = (i: number) =>
        app.http.post('/api/v1/auth/register').set('X-Forwarded-For', `192.0.2.${i}, 198.51.100.30`).send({ email: uniqueEmail(), password: STRONG_PASSWORD, full_name: `Rotating ${i}` });
      const statuses = [];
      for (let i = 1; i <= 4; i++) statuses.push((await attempt(i)).status);
      expect(statuses).toEqual([201, 201, 429, 429]);
      const [first] = await sql<{ ip: string }>(`SELECT ip FROM audit_logs WHERE action = 'auth.register' ORDER BY created_at DESC LIMIT 1`);
      expect(first.ip).toBe('198.51.100.30');
    } finally {
      await app.close();
    }
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
