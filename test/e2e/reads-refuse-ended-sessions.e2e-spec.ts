// The two most frequent reads (documents/me and the dashboard): each way a session can stop being good
// is refused on the very next request, with the answer the JWT guard gives on every route, before the
// route reads anything.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import jwt from 'jsonwebtoken';
import { addUser, bearer, errorCode, login, register, startTestApp, type Account, type TestApp } from '../support/app.js';
import { sql } from '../support/db.js';

const JWT_SECRET = process.env.JWT_SECRET!;
const READS = ['/api/v1/documents/me', '/api/v1/dashboard'] as const;

/** An access token signed with the service's key whose claims are the account's with `changes`. */
function forged(account: Account, changes: Record<string, unknown>): string {
  const c = jwt.decode(account.accessToken) as jwt.JwtPayload;
  const { iss: _iss, aud: _aud, ...claims } = c;
  return jwt.sign({ ...claims, ...changes }, JWT_SECRET, { issuer: 'foliodesk', audience: 'foliodesk-api' });
}

describe.each(READS)('GET %s refuses a session that is no longer good', (path) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const read = (token: string) => t.http.get(path).set('Authorization', `Bearer ${token}`);
  const expectRefused = async (token: string, code: string) => {
    const res = await read(token);
    expect({ status: res.status, code: errorCode(res), result: res.body.result ?? null }).toEqual({ status: 401, code, result: null });
  };

  it('answers a good session, as JSON in the envelope', async () => {
    const account = await register(t.http);
    const res = await read(account.accessToken);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.body).toMatchObject({ success: true, message: 'OK', error: null });
    expect(res.body.result).toEqual(path.endsWith('/me') ? [] : expect.objectContaining({ documents_processed: 0, conversations: 0 }));
  });

  it('answers a refused session 401 even when the request is bad in another way too (the session is checked first)', async () => {
    const account = await register(t.http);
    const bad = await t.http.get(`${path}?unknown=1`).set(bearer(account));
    expect({ status: bad.status, code: errorCode(bad) }).toEqual({ status: 400, code: 'VALIDATION_ERROR' });
    await t.http.post('/api/v1/auth/logout').set(bearer(account)).expect(200);
    const refused = await t.http.get(`${path}?unknown=1`).set(bearer(account));
    expect({ status: refused.status, code: errorCode(refused) }).toEqual({ status: 401, code: 'SESSION_REVOKED' });
    const head = await t.http.head(path).set(bearer(account));
    expect(head.status).toBe(401);
  });

  it('refuses the session from the request after logout (SESSION_REVOKED), the user’s other sessions still read', async () => {
    const account = await register(t.http);
    const other = await login(t.http, account.email);
    expect((await read(account.accessToken)).status).toBe(200);
    await t.http.post('/api/v1/auth/logout').set(bearer(account)).expect(200);
    await expectRefused(account.accessToken, 'SESSION_REVOKED');
    expect((await read(other.accessToken)).status).toBe(200);
  });

  it('refuses a session past its absolute lifetime (SESSION_REVOKED)', async () => {
    const account = await register(t.http);
    const { sid } = jwt.decode(account.accessToken) as { sid: string };
    await sql(`UPDATE sessions SET absolute_expires_at = now() - interval '1 second' WHERE id = $1`, [sid]);
    await expectRefused(account.accessToken, 'SESSION_REVOKED');
  });

  it('refuses a disabled user on the next request', async () => {
    const admin = await register(t.http);
    const user = await addUser(t.http, admin, 'analyst');
    expect((await read(user.accessToken)).status).toBe(200);
    await t.http.post(`/api/v1/users/${user.userId}/disable`).set(bearer(admin)).expect(200);
    const res = await read(user.accessToken);
    expect(res.status).toBe(401);
    expect(['SESSION_REVOKED', 'ACCOUNT_DISABLED']).toContain(errorCode(res));
    // Disabled with the session left open (as a direct change in the database would): still refused.
    const again = await addUser(t.http, admin, 'viewer');
    await sql(`UPDATE users SET disabled_at = now() WHERE id = $1`, [again.userId]);
    await expectRefused(again.accessToken, 'ACCOUNT_DISABLED');
  });

  it('refuses a token whose role is no longer the user’s (TOKEN_INVALID)', async () => {
    const admin = await register(t.http);
    const user = await addUser(t.http, admin, 'analyst');
    await t.http.patch(`/api/v1/users/${user.userId}`).set(bearer(admin)).send({ role: 'viewer' }).expect(200);
    await expectRefused(user.accessToken, 'TOKEN_INVALID');
  });

  it('refuses validly signed tokens naming no session, another user’s session or another tenant (TOKEN_INVALID)', async () => {
    const account = await register(t.http);
    const stranger = await register(t.http);
    const strangerSid = (jwt.decode(stranger.accessToken) as { sid: string }).sid;
    await expectRefused(forged(account, { sid: randomUUID() }), 'TOKEN_INVALID');
    // Not a UUID: refused before any statement, which could only have failed on it.
    await expectRefused(forged(account, { sid: 'not-a-session' }), 'TOKEN_INVALID');
    // Claims PostgreSQL cannot hold (a NUL character): refused as any claim naming no one.
    await expectRefused(forged(account, { sub: `${account.userId}\u0000` }), 'TOKEN_INVALID');
    await expectRefused(forged(account, { tid: `${account.tenantId}\u0000` }), 'TOKEN_INVALID');
    await expectRefused(forged(account, { sid: strangerSid }), 'TOKEN_INVALID');
    await expectRefused(forged(account, { tid: stranger.tenantId }), 'TOKEN_INVALID');
  });

  it('still refuses without a token, and an expired or garbage token, before any read', async () => {
    const account = await register(t.http);
    const none = await t.http.get(path);
    expect({ status: none.status, code: errorCode(none) }).toEqual({ status: 401, code: 'UNAUTHORIZED' });
    await expectRefused(forged(account, { exp: Math.floor(Date.now() / 1000) - 10 }), 'TOKEN_EXPIRED');
    await expectRefused('not.a.token', 'TOKEN_INVALID');
  });
});
