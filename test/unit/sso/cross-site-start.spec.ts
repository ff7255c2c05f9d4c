import { describe, expect, it } from '@jest/globals';
import { confirmationHtml, confirmCookieOf, confirms, isCrossSite, newConfirmToken } from '../../../src/modules/sso/cross-site-start.js';

const OWN = ['api.firm.example', 'app.firm.example'];

describe('isCrossSite: whether another site began a sign-in start', () => {
  it.each([
    { headers: { 'sec-fetch-site': 'cross-site' }, crossSite: true },
    { headers: { 'sec-fetch-site': 'Cross-Site' }, crossSite: true },
    // Fetch Metadata decides when present, whatever the Referer says.
    { headers: { 'sec-fetch-site': 'cross-site', referer: 'https://api.firm.example/' }, crossSite: true },
    { headers: { 'sec-fetch-site': 'same-origin', referer: 'https://attacker.example/' }, crossSite: false },
    { headers: { 'sec-fetch-site': 'same-site' }, crossSite: false },
    { headers: { 'sec-fetch-site': 'none' }, crossSite: false },
    { headers: { referer: 'https://attacker.example/lure' }, crossSite: true },
    { headers: { origin: 'https://attacker.example' }, crossSite: true },
    { headers: { origin: 'null' }, crossSite: true },
    { headers: { referer: 'not a url' }, crossSite: true },
    { headers: { referer: 'https://api.firm.example/app' }, crossSite: false },
    { headers: { origin: 'https://APP.firm.example' }, crossSite: false },
    // A sibling of one of ours is another host: without Fetch Metadata it counts as another site.
    { headers: { referer: 'https://evil.firm.example/' }, crossSite: true },
    { headers: {}, crossSite: false },
  ])('$headers → $crossSite', ({ headers, crossSite }) => {
    expect(isCrossSite(headers, OWN)).toBe(crossSite);
  });
});

describe('the confirmation token', () => {
  it('confirms only the token in the cookie', () => {
    const token = newConfirmToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(confirms(token, token)).toBe(true);
    expect(confirms(token, newConfirmToken())).toBe(false);
    expect(confirms(null, token)).toBe(false);
    expect(confirms(token, undefined)).toBe(false);
    expect(confirms('short', 'short')).toBe(false);
  });

  it('is read from the Cookie header by its own name only', () => {
    expect(confirmCookieOf('a=1; __Host-foliodesk-sso-confirm=abc; __Host-foliodesk-sso=def')).toBe('abc');
    expect(confirmCookieOf('__Host-foliodesk-sso=def')).toBeNull();
    expect(confirmCookieOf(undefined)).toBeNull();
  });
});

describe('confirmationHtml', () => {
  it('names the tenant and the IdP host, escaped', () => {
    const html = confirmationHtml({ action: '/api/v1/auth/sso/login', tenantId: 'ten_1', tenantName: '<script>alert(1)</script> & "Co"', idpHost: 'idp.example', token: 'tok' });
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Co&quot;');
    expect(html).not.toContain('<script>');
    expect(html).toContain('<strong>idp.example</strong>');
    expect(html).toContain('<input type="hidden" name="confirm" value="tok">');
    expect(html).toContain('Continue to sign in');
  });
});
