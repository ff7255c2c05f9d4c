import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { SignInBinding, SsoProtocol } from './entities/sso-configuration.entity.js';

/**
 * Ties a sign-in, and the one-time code it ends with, to whoever started it, so that an answer from
 * the IdP or a code obtained in someone else's sign-in cannot sign this browser in (login CSRF).
 *
 * - `pkce`: the front end sent `code_challenge` (S256) to GET /login; the exchange must show the
 *   matching `code_verifier`. Works for a front end on another site that exchanges server-side.
 * - `cookie`: otherwise GET /login sets an HttpOnly, Secure cookie holding a random secret whose S256
 *   is kept with the sign-in; the SAML ACS, the OIDC callback and the exchange require it.
 *
 * The `__Host-` prefix makes browsers refuse the cookie unless it is Secure, host-only and on path /,
 * so a sibling subdomain cannot plant a value it knows.
 */
export const BINDING_COOKIE = '__Host-foliodesk-sso';

/** What is stored with a started sign-in and its code. */
export interface BoundTo {
  binding: SignInBinding | null;
  codeChallenge: string | null;
}

/** What the party finishing a sign-in or exchanging a code shows. */
export interface BindingProof {
  cookie: string | null;
  codeVerifier?: string | null;
}

/** The binding cookie to set: its value and SameSite (None where the IdP POSTs cross-site). */
export interface BindingCookie {
  value: string;
  sameSite: 'none' | 'lax';
}

const SECRET = /^[A-Za-z0-9_-]{43}$/;

/** RFC 7636 S256: base64url(SHA-256(verifier)). */
export const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

/**
 * The binding of a sign-in being started. Without a challenge, the browser's binding cookie is kept
 * when it already holds one (sign-ins in two tabs both finish), else a new secret is drawn.
 */
export function bindSignIn(protocol: SsoProtocol, codeChallenge: string | undefined, presentedCookie: string | null): { bound: BoundTo; cookie: BindingCookie | null } {
  if (codeChallenge) return { bound: { binding: 'pkce', codeChallenge }, cookie: null };
  const value = presentedCookie && SECRET.test(presentedCookie) ? presentedCookie : randomBytes(32).toString('base64url');
  // The SAML response arrives by a cross-site POST from the IdP, which a Lax cookie would not join.
  return { bound: { binding: 'cookie', codeChallenge: s256(value) }, cookie: { value, sameSite: protocol === 'saml2' ? 'none' : 'lax' } };
}

/** Whether the proof matches the binding (a row without a binding, from before bindings existed, never does). */
export function proves(bound: BoundTo, proof: BindingProof): boolean {
  if (!bound.binding || !bound.codeChallenge) return false;
  const secret = bound.binding === 'cookie' ? proof.cookie : proof.codeVerifier;
  if (!secret) return false;
  const expected = Buffer.from(bound.codeChallenge);
  const actual = Buffer.from(s256(secret));
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** The binding cookie's value in a Cookie header, or null. */
export function bindingCookieOf(cookieHeader: string | undefined): string | null {
  for (const part of (cookieHeader ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === BINDING_COOKIE) return part.slice(eq + 1).trim() || null;
  }
  return null;
}
