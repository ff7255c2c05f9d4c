import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import jwt from 'jsonwebtoken';
import { addUser, bearer, errorCode, register, twoTenants, type Account, type Tenant, type TestApp } from '../support/app.js';
import { sql } from '../support/db.js';

// Refusals the auth suite (test/e2e/auth.e2e-spec.ts) does not cover: alg:none, a tampered payload, a
// foreign key, an RS256 header and expiry are there. Every token here is signed with the service's
// own secret unless said otherwise, so only the check named in the test stands between it and a 200.

const JWT_SECRET = process.env.JWT_SECRET!;
const ISSUER = 'foliodesk';
const ACCESS = 'foliodesk-api';
const REFRESH = 'foliodesk-refresh';

const claimsOf = (token: string) => jwt.decode(token) as jwt.JwtPayload;
const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');

/** A token with any header, HMAC-signed with `secret` under the hash of the header's alg. */
function forge(header: { alg: string; [k: string]: unknown }, payload: object, secret = JWT_SECRET): string {
  const hash = { HS256: 'sha256', HS384: 'sha384', HS512: 'sha512' }[header.alg] ?? 'sha256';
  const body = `${b64({ typ: 'JWT', ...header })}.${b64(payload)}`;
  return `${body}.${createHmac(hash, secret).update(body).digest('base64url')}`;
}


describe('JWT refusals (beyond the auth suite)', () => {
  let t: TestApp;
  let acme: Tenant;
  let rival: Tenant;
  beforeAll(async () => ({ t, acme, rival } = await twoTenants()));
  afterAll(() => t.close());

  const me = (token: string) => t.http.get('/api/v1/users/me').set('Authorization', `Bearer ${token}`);
  const refusal = async (res: Promise<{ status: number; body: Record<string, unknown> }> | { status: number; body: Record<string, unknown> }) => {
    const r = await res;
    return { status: r.status, code: errorCode(r as never) };
  };
  /** The claims of a real access token, re-issued with a fresh expiry. */
  const fresh = (account: Account, extra: object = {}) => {
    const { iat: _iat, exp: _exp, aud: _aud, iss: _iss, ...claims } = claimsOf(account.accessToken);
    return { ...claims, iat: Math.floor(Date.now() / 1000), exp: Math.floor(Date.now() / 1000) + 600, iss: ISSUER, aud: ACCESS, ...extra };
  };

  it('accepts the control: an HS256 token re-signed from a real one’s claims', async () => {
    const token = forge({ alg: 'HS256' }, fresh(acme.viewer));
    expect((await me(token)).status).toBe(200);
  });

  it.each(['HS384', 'HS512'])('refuses a token signed with the right secret under %s (only HS256 is accepted)', async (alg) => {
    const token = forge({ alg }, fresh(acme.viewer));
    expect(await refusal(me(token))).toEqual({ status: 401, code: 'TOKEN_INVALID' });
  });

  it('refuses a refresh token presented as an access token', async () => {
    expect(await refusal(me(acme.viewer.refreshToken))).toEqual({ status: 401, code: 'TOKEN_INVALID' });
  });

  it.each([
    { name: 'the refresh audience', extra: { aud: REFRESH } },
    { name: 'another issuer', extra: { iss: 'someone-else' } },
    { name: 'no audience', extra: { aud: undefined } },
    { name: 'a not-before in the future', extra: { nbf: Math.floor(Date.now() / 1000) + 3600 } },
    { name: 'no session id', extra: { sid: undefined } },
    { name: 'a session id that is not a UUID', extra: { sid: "1' OR '1'='1" } },
    { name: 'a NUL character in the user id', extra: { sub: 'usr_0123456789abcdef01234567\u0000' } },
    { name: 'a NUL character in the tenant id', extra: { tid: 'ten_0123456789abcdef01234567\u0000' } },
    { name: 'no role', extra: { role: undefined } },
    { name: 'an unknown role', extra: { role: 'superuser' } },
  ])('refuses an access token with $name', async ({ extra }) => {
    const token = forge({ alg: 'HS256' }, fresh(acme.viewer, extra));
    expect(await refusal(me(token))).toEqual({ status: 401, code: 'TOKEN_INVALID' });
  });

  it('refuses a validly signed token whose role claim is above the user’s (the role is checked against the database)', async () => {
    const token = forge({ alg: 'HS256' }, fresh(acme.viewer, { role: 'admin' }));
    const res = await t.http.get('/api/v1/users').set('Authorization', `Bearer ${token}`);
    expect(await refusal(res)).toEqual({ status: 401, code: 'TOKEN_INVALID' });
  });

  it('refuses a validly signed token whose tenant claim names another tenant', async () => {
    const token = forge({ alg: 'HS256' }, fresh(acme.admin, { tid: rival.admin.tenantId }));
    const res = await t.http.get('/api/v1/users').set('Authorization', `Bearer ${token}`);
    expect(await refusal(res)).toEqual({ status: 401, code: 'TOKEN_INVALID' });
  });

  it('refuses a validly signed token naming another user’s session', async () => {
    const token = forge({ alg: 'HS256' }, fresh(acme.viewer, { sid: claimsOf(acme.admin.accessToken).sid, role: 'admin' }));
    expect(await refusal(me(token))).toEqual({ status: 401, code: 'TOKEN_INVALID' });
  });

  it('takes the token from the Authorization header only, never from the query string or a cookie', async () => {
    const query = await t.http.get(`/api/v1/users/me?access_token=${acme.viewer.accessToken}`);
    expect(await refusal(query)).toEqual({ status: 401, code: 'UNAUTHORIZED' });
    const cookie = await t.http.get('/api/v1/users/me').set('Cookie', `access_token=${acme.viewer.accessToken}`);
    expect(await refusal(cookie)).toEqual({ status: 401, code: 'UNAUTHORIZED' });
  });

  it('refuses a disabled user’s access and refresh tokens, and still after re-enabling (disabling ended the sessions)', async () => {
    const victim = await addUser(t.http, acme.admin, 'analyst');
    await t.http.post(`/api/v1/users/${victim.userId}/disable`).set(bearer(acme.admin)).expect(200);
    expect(await refusal(me(victim.accessToken))).toEqual({ status: 401, code: 'SESSION_REVOKED' });
    await t.http.post(`/api/v1/users/${victim.userId}/enable`).set(bearer(acme.admin)).expect(200);
    expect(await refusal(me(victim.accessToken))).toEqual({ status: 401, code: 'SESSION_REVOKED' });
    const refresh = await t.http.post('/api/v1/auth/refresh').send({ refresh_token: victim.refreshToken });
    expect(await refusal(refresh)).toEqual({ status: 401, code: 'SESSION_REVOKED' });
  });

  it('refuses the access and refresh tokens of a deleted user', async () => {
    const gone = await addUser(t.http, acme.admin, 'analyst');
    await sql('DELETE FROM users WHERE id = $1', [gone.userId]);
    expect(await refusal(me(gone.accessToken))).toEqual({ status: 401, code: 'TOKEN_INVALID' });
    expect((await t.http.post('/api/v1/auth/refresh').send({ refresh_token: gone.refreshToken })).status).toBe(401);
  });

  describe('POST /api/v1/auth/refresh', () => {
    it.each([
      { name: 'alg:none', make: (c: object) => `${b64({ alg: 'none', typ: 'JWT' })}.${b64(c)}.` },
      { name: 'HS512', make: (c: object) => forge({ alg: 'HS512' }, c) },
      { name: 'a foreign key', make: (c: object) => forge({ alg: 'HS256' }, c, 'some-other-secret-0123456789abcdef0123') },
      // Validly signed, with ids of shapes the service never issues (PostgreSQL could not even compare them).
      { name: 'a session id that is not a UUID', make: (c: object) => forge({ alg: 'HS256' }, { ...c, sid: "1' OR '1'='1" }) },
      { name: 'a NUL character in the user id', make: (c: jwt.JwtPayload) => forge({ alg: 'HS256' }, { ...c, sub: `${c.sub}\u0000` }) },
    ])('refuses a refresh token with $name and leaves the real one usable', async ({ make }) => {
      const account = await register(t.http);
      const claims = claimsOf(account.refreshToken);
      const res = await t.http.post('/api/v1/auth/refresh').send({ refresh_token: make(claims) });
      expect(await refusal(res)).toEqual({ status: 401, code: 'TOKEN_INVALID' });
      expect((await t.http.post('/api/v1/auth/refresh').send({ refresh_token: account.refreshToken })).status).toBe(200);
    });
  });

  describe('the queue board’s own token check (/admin/queues)', () => {
    it.each([
      { name: 'alg:none', make: (a: Account) => `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claimsOf(a.accessToken))}.` },
      { name: 'HS512', make: (a: Account) => forge({ alg: 'HS512' }, fresh(a)) },
      { name: 'a refresh token', make: (a: Account) => a.refreshToken },
      { name: 'an expired token', make: (a: Account) => forge({ alg: 'HS256' }, fresh(a, { iat: 1000, exp: 2000 })) },
    ])('refuses $name, whether as a Bearer header or ?access_token=', async ({ make }) => {
      const token = make(acme.admin);
      const header = await t.http.get('/admin/queues').set('Authorization', `Bearer ${token}`);
      const query = await t.http.get(`/admin/queues?access_token=${encodeURIComponent(token)}`);
      expect([header.status, query.status]).toEqual([401, 401]);
      expect(query.headers['set-cookie']).toBeUndefined();
    });
  });
});
