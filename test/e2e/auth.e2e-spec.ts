import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import jwt from 'jsonwebtoken';
import { bearer, errorCode, register, startTestApp, STRONG_PASSWORD, uniqueEmail, type TestApp } from '../support/app.js';

const JWT_SECRET = process.env.JWT_SECRET!;

// The rules of sessions (rotation, concurrent refreshes, idle and absolute expiry, a disabled account,
// logout sparing the other sessions) are service tests: test/service/sessions.service-spec.ts.
describe('accounts: register, login, refresh, logout', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  describe('register', () => {
    it('creates a tenant and its first user as admin, answering like login (201)', async () => {
      const email = uniqueEmail('founder');
      const res = await t.http.post('/api/v1/auth/register').send({ email, password: STRONG_PASSWORD, full_name: 'Meera Iyer' });
      expect(res.status).toBe(201);
      expect(res.body.success).toBe(true);
      const r = res.body.result;
      expect(r).toMatchObject({ token_type: 'bearer', expires_in: 3600, user: { email, role: 'admin', full_name: 'Meera Iyer' } });
      expect(r.user.id).toMatch(/^usr_[0-9a-f]{24}$/);
      expect(r.user.tenant_id).toMatch(/^ten_[0-9a-f]{24}$/);
      const claims = jwt.verify(r.access_token, JWT_SECRET) as jwt.JwtPayload;
      expect(claims).toMatchObject({ sub: r.user.id, tid: r.user.tenant_id, role: 'admin' });
      expect(typeof claims.sid).toBe('string');
      expect(typeof claims.jti).toBe('string');
      expect(claims.exp! - claims.iat!).toBe(3600);
    });

    it('normalises the e-mail and refuses a second account with it (409 EMAIL_TAKEN)', async () => {
      const email = uniqueEmail('dup');
      await register(t.http, { email });
      const res = await t.http.post('/api/v1/auth/register').send({ email: `  ${email.toUpperCase()} `, password: STRONG_PASSWORD, full_name: 'X' });
      expect(res.status).toBe(409);
      expect(errorCode(res)).toBe('EMAIL_TAKEN');
    });

    it.each([
      { name: 'too short', password: 'Sh0rt-pass!', rule: '12 characters' },
      { name: 'no uppercase', password: 'lowercase-only-1!', rule: 'uppercase' },
      { name: 'no lowercase', password: 'UPPERCASE-ONLY-1!', rule: 'lowercase' },
      { name: 'no digit', password: 'No-Digits-Here!!', rule: 'digit' },
      { name: 'no symbol', password: 'NoSymbolsHere123', rule: 'symbol' },
    ])('refuses a password with $name (400 PASSWORD_POLICY_VIOLATION)', async ({ password, rule }) => {
      const res = await t.http.post('/api/v1/auth/register').send({ email: uniqueEmail(), password, full_name: 'P' });
      expect(res.status).toBe(400);
      expect(errorCode(res)).toBe('PASSWORD_POLICY_VIOLATION');
      expect(res.body.error.details).toContain(rule);
    });

    it.each([
      { name: 'a missing e-mail', body: { password: STRONG_PASSWORD, full_name: 'A' }, field: 'email' },
      { name: 'a malformed e-mail', body: { email: 'not-an-email', password: STRONG_PASSWORD, full_name: 'A' }, field: 'email' },
      { name: 'a number as full_name', body: { email: uniqueEmail(), password: STRONG_PASSWORD, full_name: 42 }, field: 'full_name' },
      { name: 'an empty full_name', body: { email: uniqueEmail(), password: STRONG_PASSWORD, full_name: '   ' }, field: 'full_name' },
      { name: 'an unknown field', body: { email: uniqueEmail(), password: STRONG_PASSWORD, full_name: 'A', role: 'admin' }, field: 'role' },
      { name: 'a password that is not a string', body: { email: uniqueEmail(), password: ['x'], full_name: 'A' }, field: 'password' },
    ])('answers 400 VALIDATION_ERROR for $name, naming the field', async ({ body, field }) => {
      const res = await t.http.post('/api/v1/auth/register').send(body);
      expect(res.status).toBe(400);
      expect(errorCode(res)).toBe('VALIDATION_ERROR');
      expect(res.body.error.details).toContain(field);
    });
  });

  describe('login', () => {
    it('answers the token pair and user in the envelope', async () => {
      const account = await register(t.http);
      const res = await t.http.post('/api/v1/auth/login').send({ email: account.email, password: STRONG_PASSWORD });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ success: true, error: null, message: 'Logged in' });
      expect(res.body.result).toMatchObject({
        token_type: 'bearer',
        expires_in: 3600,
        user: { id: account.userId, email: account.email, role: 'admin', tenant_id: account.tenantId, full_name: 'Asha Admin' },
      });
      const me = await t.http.get('/api/v1/users/me').set('Authorization', `Bearer ${res.body.result.access_token}`);
      expect(me.status).toBe(200);
      expect(me.body.result.id).toBe(account.userId);
    });

    it('answers the same 401 INVALID_CREDENTIALS for a wrong password and an unknown e-mail', async () => {
      const account = await register(t.http);
      const wrong = await t.http.post('/api/v1/auth/login').send({ email: account.email, password: 'Wrong-Passw0rd!' });
      const unknown = await t.http.post('/api/v1/auth/login').send({ email: uniqueEmail('ghost'), password: 'Wrong-Passw0rd!' });
      expect(wrong.status).toBe(401);
      expect(unknown.status).toBe(401);
      expect(errorCode(wrong)).toBe('INVALID_CREDENTIALS');
      expect(wrong.body).toEqual(unknown.body);
    });

    it('answers 400 for malformed JSON and for wrong types, never 500', async () => {
      const malformed = await t.http.post('/api/v1/auth/login').set('Content-Type', 'application/json').send('{"email": "a@b.in", ');
      expect(malformed.status).toBe(400);
      expect(errorCode(malformed)).toBe('MALFORMED_JSON');
      const wrongType = await t.http.post('/api/v1/auth/login').send({ email: { $ne: null }, password: true });
      expect(wrongType.status).toBe(400);
      expect(errorCode(wrongType)).toBe('VALIDATION_ERROR');
      const arrayBody = await t.http.post('/api/v1/auth/login').send([1, 2, 3]);
      expect(arrayBody.status).toBe(400);
    });

    it('answers 413 PAYLOAD_TOO_LARGE for a JSON body over the limit', async () => {
      const res = await t.http.post('/api/v1/auth/login').send({ email: 'a@b.in', password: 'x'.repeat(2 * 1024 * 1024) });
      expect(res.status).toBe(413);
      expect(errorCode(res)).toBe('PAYLOAD_TOO_LARGE');
    });
  });

  describe('refresh', () => {
    it('rotates the pair from a JSON body; the used token is then refused and revokes the session', async () => {
      const account = await register(t.http);
      const first = await t.http.post('/api/v1/auth/refresh').send({ refresh_token: account.refreshToken });
      expect(first.status).toBe(200);
      expect(first.body.result).toMatchObject({ token_type: 'bearer', expires_in: 3600, user: { id: account.userId } });
      expect(first.body.result.refresh_token).not.toBe(account.refreshToken);

      const reused = await t.http.post('/api/v1/auth/refresh').send({ refresh_token: account.refreshToken });
      expect(reused.status).toBe(401);
      expect(errorCode(reused)).toBe('REFRESH_TOKEN_REUSED');

      // Theft detection: the whole session is gone, including the legitimately rotated tokens.
      const rotated = await t.http.post('/api/v1/auth/refresh').send({ refresh_token: first.body.result.refresh_token });
      expect(rotated.status).toBe(401);
      expect(errorCode(rotated)).toBe('SESSION_REVOKED');
      const access = await t.http.get('/api/v1/users/me').set('Authorization', `Bearer ${first.body.result.access_token}`);
      expect(access.status).toBe(401);
      expect(errorCode(access)).toBe('SESSION_REVOKED');
    });

    it('accepts the refresh token as a Bearer header', async () => {
      const account = await register(t.http);
      const res = await t.http.post('/api/v1/auth/refresh').set('Authorization', `Bearer ${account.refreshToken}`);
      expect(res.status).toBe(200);
      const again = await t.http.post('/api/v1/auth/refresh').set('Authorization', `Bearer ${res.body.result.refresh_token}`);
      expect(again.status).toBe(200);
    });

    it('refuses an access token used as a refresh token, a missing token, and garbage', async () => {
      const account = await register(t.http);
      const asAccess = await t.http.post('/api/v1/auth/refresh').send({ refresh_token: account.accessToken });
      expect(asAccess.status).toBe(401);
      expect(errorCode(asAccess)).toBe('TOKEN_INVALID');
      const missing = await t.http.post('/api/v1/auth/refresh').send({});
      expect(missing.status).toBe(400);
      expect(errorCode(missing)).toBe('VALIDATION_ERROR');
      const garbage = await t.http.post('/api/v1/auth/refresh').send({ refresh_token: 'not.a.jwt' });
      expect(garbage.status).toBe(401);
    });

    it('refuses an expired refresh token with TOKEN_EXPIRED', async () => {
      const account = await register(t.http);
      const claims = jwt.decode(account.refreshToken) as jwt.JwtPayload;
      const expired = jwt.sign({ sub: claims.sub, sid: claims.sid, jti: claims.jti, iat: 1000, exp: 2000 }, JWT_SECRET, {
        issuer: 'foliodesk',
        audience: 'foliodesk-refresh',
      });
      const res = await t.http.post('/api/v1/auth/refresh').send({ refresh_token: expired });
      expect(res.status).toBe(401);
      expect(errorCode(res)).toBe('TOKEN_EXPIRED');
    });
  });

  describe('logout', () => {
    it('ends the session: the access token and refresh token are refused from the next request', async () => {
      const account = await register(t.http);
      const out = await t.http.post('/api/v1/auth/logout').set(bearer(account));
      expect(out.status).toBe(200);
      expect(out.body).toMatchObject({ success: true, message: 'Logged out', result: null });
      const me = await t.http.get('/api/v1/users/me').set(bearer(account));
      expect(me.status).toBe(401);
      expect(errorCode(me)).toBe('SESSION_REVOKED');
      const refresh = await t.http.post('/api/v1/auth/refresh').send({ refresh_token: account.refreshToken });
      expect(refresh.status).toBe(401);
    });
  });

  describe('access tokens', () => {
    const forge = (header: object, payload: object, secret = JWT_SECRET) => {
      const enc = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
      const body = `${enc(header)}.${enc(payload)}`;
      return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
    };

    it('answers 401 UNAUTHORIZED without a token', async () => {
      const res = await t.http.get('/api/v1/users/me');
      expect(res.status).toBe(401);
      expect(errorCode(res)).toBe('UNAUTHORIZED');
    });

    it('refuses an expired access token with TOKEN_EXPIRED', async () => {
      const account = await register(t.http);
      const c = jwt.decode(account.accessToken) as jwt.JwtPayload;
      const token = jwt.sign({ sub: c.sub, tid: c.tid, role: c.role, sid: c.sid, jti: 'x', iat: 1000, exp: 2000 }, JWT_SECRET, {
        issuer: 'foliodesk',
        audience: 'foliodesk-api',
      });
      const res = await t.http.get('/api/v1/users/me').set('Authorization', `Bearer ${token}`);
      expect(res.status).toBe(401);
      expect(errorCode(res)).toBe('TOKEN_EXPIRED');
    });

    it('refuses a token it has already accepted once the token expires', async () => {
      const account = await register(t.http);
      const c = jwt.decode(account.accessToken) as jwt.JwtPayload;
      const exp = Math.floor(Date.now() / 1000) + 5;
      const token = jwt.sign({ sub: c.sub, tid: c.tid, role: c.role, sid: c.sid, jti: 'short-lived', exp }, JWT_SECRET, {
        issuer: 'foliodesk',
        audience: 'foliodesk-api',
      });
      const me = () => t.http.get('/api/v1/users/me').set('Authorization', `Bearer ${token}`);
      expect((await me()).status).toBe(200);
      expect((await me()).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, exp * 1000 - Date.now() + 50));
      const res = await me();
      expect(res.status).toBe(401);
      expect(errorCode(res)).toBe('TOKEN_EXPIRED');
    });

    it('refuses alg:none, a tampered payload, a foreign signing key and an RS256 header', async () => {
      const account = await register(t.http);
      const claims = jwt.decode(account.accessToken) as jwt.JwtPayload;
      const [h, , s] = account.accessToken.split('.');
      const escalated = Buffer.from(JSON.stringify({ ...claims, role: 'admin', tid: 'ten_000000000000000000000000' })).toString('base64url');
      const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`;
      const tokens = {
        none,
        tampered: `${h}.${escalated}.${s}`,
        foreignKey: forge({ alg: 'HS256', typ: 'JWT' }, claims, 'some-other-secret-0123456789abcdef0123'),
        rs256: forge({ alg: 'RS256', typ: 'JWT' }, claims),
      };
      for (const [name, token] of Object.entries(tokens)) {
        const res = await t.http.get('/api/v1/users/me').set('Authorization', `Bearer ${token}`);
        expect({ name, status: res.status, code: errorCode(res) }).toEqual({ name, status: 401, code: 'TOKEN_INVALID' });
      }
    });

    it('refuses a validly signed token whose session does not exist', async () => {
      const account = await register(t.http);
      const c = jwt.decode(account.accessToken) as jwt.JwtPayload;
      const token = jwt.sign({ sub: c.sub, tid: c.tid, role: c.role, sid: '00000000-0000-4000-8000-000000000000', jti: 'x' }, JWT_SECRET, {
        issuer: 'foliodesk',
        audience: 'foliodesk-api',
        expiresIn: 600,
      });
      const res = await t.http.get('/api/v1/users/me').set('Authorization', `Bearer ${token}`);
      expect(res.status).toBe(401);
    });
  });

  describe('wire conventions', () => {
    it('answers an unknown route with the 404 envelope', async () => {
      const res = await t.http.get('/api/v1/no-such-thing');
      expect(res.status).toBe(404);
      expect(errorCode(res)).toBe('ROUTE_NOT_FOUND');
    });

    it('echoes a sane X-Request-Id and makes one up otherwise', async () => {
      const given = await t.http.get('/api/v1/health').set('X-Request-Id', 'trace-abc-12345');
      expect(given.headers['x-request-id']).toBe('trace-abc-12345');
      const invented = await t.http.get('/api/v1/health').set('X-Request-Id', '<script>');
      expect(invented.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    });
  });
});
