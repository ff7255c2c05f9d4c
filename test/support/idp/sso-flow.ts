import { createHash, randomBytes } from 'node:crypto';
import type { Test } from 'supertest';
import { BINDING_COOKIE } from '../../../src/modules/sso/sign-in-binding.js';
import type { TestApp } from '../app.js';

/** Env of an app whose IdPs run on loopback. */
export const SSO_TEST_ENV = { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true', PUBLIC_BASE_URL: 'http://localhost:3000' };

/** Path and query of an absolute URL on our service, for supertest. */
export const pathOf = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};

/**
 * What the party that started a sign-in shows to finish it: the binding cookie GET /login set (as a
 * Cookie header value), or the PKCE verifier of the code_challenge it sent.
 */
export interface Binding {
  cookie?: string | null;
  verifier?: string;
}

/** Where a finished login sent the browser: `code` on success, `error` and its description otherwise. */
export interface LoginOutcome {
  code: string | null;
  error: string | null;
  description: string | null;
}

export function outcomeOf(res: { status: number; headers: Record<string, string> }): LoginOutcome {
  if (res.status !== 302) throw new Error(`expected a 302 to SSO_REDIRECT_URL, got ${res.status}`);
  const url = new URL(res.headers.location);
  if (url.pathname !== '/api/v1/auth/sso/complete') throw new Error(`unexpected redirect ${url}`);
  return { code: url.searchParams.get('code'), error: url.searchParams.get('error'), description: url.searchParams.get('error_description') };
}

/** A started sign-in: the IdP URL GET /login redirected to, and the binding cookie it set (null with a code_challenge). */
export interface LoginStart {
  location: string;
  cookie: string | null;
  /** The Set-Cookie header as sent, to check its attributes. */
  setCookie: string | null;
}

/** GET /login for the tenant (with `code_challenge` and its method when given). */
export async function startLogin(http: TestApp['http'], tenantId: string, query: Record<string, string> = {}, cookie?: string | null): Promise<LoginStart> {
  const res = await withCookie(http.get(`/api/v1/auth/sso/login?${new URLSearchParams({ tenant: tenantId, ...query })}`), cookie);
  if (res.status !== 302) throw new Error(`login did not redirect: ${res.status} ${JSON.stringify(res.body)}`);
  const setCookie = ([res.headers['set-cookie'] ?? []] as unknown as string[][]).flat().find((c) => c.startsWith(`${BINDING_COOKIE}=`)) ?? null;
  return { location: res.headers.location, cookie: setCookie ? setCookie.split(';')[0] : null, setCookie };
}

/** The request with the binding cookie, when there is one (a browser sends what it holds). */
export function withCookie(req: Test, cookie: string | null | undefined): Test {
  return cookie ? req.set('Cookie', cookie) : req;
}

/** A PKCE pair, as a front end makes one: a random verifier and its S256 challenge. */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** Exchanges a one-time code: answers the response (200 with the token pair, or the error). */
export const exchange = (http: TestApp['http'], code: string, binding: Binding = {}) =>
  withCookie(http.post('/api/v1/auth/sso/exchange'), binding.cookie).send({ code, ...(binding.verifier ? { code_verifier: binding.verifier } : {}) });
