import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

/**
 * A sign-in bound to a cookie must not be startable by another site (login CSRF with the attacker's
 * own IdP): anyone can register a tenant whose IdP signs any browser in as the attacker without
 * asking, and the binding cookie would then be the victim's own. So a cookie-bound start that comes
 * from another site answers a confirmation page (naming the tenant and the IdP's host) whose form
 * POSTs back with a one-time token; the token is also in a SameSite=Strict cookie, which a browser
 * sends only with a request another site did not start, so only the user's own click continues.
 *
 * The `__Host-` prefix: Secure, host-only, path / (a sibling subdomain cannot plant a value).
 */
export const CONFIRM_COOKIE = '__Host-foliodesk-sso-confirm';

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * Whether a request was started by another site. Fetch Metadata decides when the browser sends it
 * (every current browser does): only `cross-site` is; `same-origin`, `same-site` (a front end on a
 * sibling host) and `none` (typed, bookmarked) are not. Without it (older browsers, API clients), an
 * Origin or Referer naming a host that is not ours is, as is an opaque Origin (`null`); a request with
 * neither is taken as not cross-site, so direct clients keep working.
 */
export function isCrossSite(headers: IncomingHttpHeaders, ownHosts: readonly string[]): boolean {
  const site = single(headers['sec-fetch-site'])?.toLowerCase();
  if (site) return site === 'cross-site';
  const from = single(headers.origin) ?? single(headers.referer);
  if (!from) return false;
  if (from === 'null') return true;
  try {
    return !ownHosts.includes(new URL(from).host.toLowerCase());
  } catch {
    return true;
  }
}

/** A new one-time confirmation token (cookie value and form field). */
export const newConfirmToken = () => randomBytes(32).toString('base64url');

/** Whether the form's token is the one in this browser's confirmation cookie. */
export function confirms(cookieToken: string | null, formToken: string | undefined): boolean {
  if (!cookieToken || !formToken || !TOKEN.test(cookieToken) || !TOKEN.test(formToken)) return false;
  return timingSafeEqual(Buffer.from(cookieToken), Buffer.from(formToken));
}

/** What the confirmation page names. */
export interface ConfirmationPage {
  action: string;
  tenantId: string;
  tenantName: string;
  idpHost: string;
  token: string;
}

/** The confirmation page: plain HTML, no script; the one button POSTs the form. */
export function confirmationHtml(page: ConfirmationPage): string {
  const e = escapeHtml;
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="referrer" content="no-referrer">
<title>Continue to sign in</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;line-height:1.5}button{font-size:1rem;padding:.5rem 1.25rem}</style></head>
<body>
<h1>Continue to sign in?</h1>
<p>A link from another site asked to sign you in to <strong>${e(page.tenantName)}</strong> through its identity provider at <strong>${e(page.idpHost)}</strong>.</p>
<p>Continue only if you meant to sign in to this organisation. If you did not expect this, close this page.</p>
<form method="post" action="${e(page.action)}">
<input type="hidden" name="tenant" value="${e(page.tenantId)}">
<input type="hidden" name="confirm" value="${e(page.token)}">
<button type="submit">Continue to sign in</button>
</form>
</body>
</html>
`;
}

/**
 * The page's Content-Security-Policy: nothing loads, no framing (no clickjacking of the button), and
 * the form may go here and, through our redirect, on to the IdP (browsers apply form-action to it).
 */
export function confirmationCsp(idpOrigin: string): string {
  return `default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'; form-action 'self' ${idpOrigin}`;
}

/** The confirmation cookie's value in a Cookie header, or null. */
export function confirmCookieOf(cookieHeader: string | undefined): string | null {
  for (const part of (cookieHeader ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === CONFIRM_COOKIE) return part.slice(eq + 1).trim() || null;
  }
  return null;
}

const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
