import type { TestApp } from '../app.js';

/** Env of an app whose IdPs run on loopback. */
export const SSO_TEST_ENV = { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true', PUBLIC_BASE_URL: 'http://localhost:3000' };

/** Path and query of an absolute URL on our service, for supertest. */
export const pathOf = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};

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

/** GET /login for the tenant: answers the IdP URL it redirects to. */
export async function startLogin(http: TestApp['http'], tenantId: string): Promise<string> {
  const res = await http.get(`/api/v1/auth/sso/login?tenant=${tenantId}`);
  if (res.status !== 302) throw new Error(`login did not redirect: ${res.status} ${JSON.stringify(res.body)}`);
  return res.headers.location;
}

/** Exchanges a one-time code: answers the response (200 with the token pair, or the error). */
export const exchange = (http: TestApp['http'], code: string) => http.post('/api/v1/auth/sso/exchange').send({ code });
