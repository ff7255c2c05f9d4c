import { describe, expect, it } from '@jest/globals';
import { BINDING_COOKIE, bindingCookieOf, bindSignIn, proves, s256 } from '../../../src/modules/sso/sign-in-binding.js';

// RFC 7636 Appendix B.
const RFC_VERIFIER = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
const RFC_CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

describe('sign-in binding', () => {
  it('computes S256 as RFC 7636 does', () => {
    expect(s256(RFC_VERIFIER)).toBe(RFC_CHALLENGE);
  });

  it('binds to the front end’s challenge and sets no cookie when one is given', () => {
    expect(bindSignIn('oidc', RFC_CHALLENGE, null)).toEqual({ bound: { binding: 'pkce', codeChallenge: RFC_CHALLENGE }, cookie: null });
  });

  it('binds to a new cookie otherwise: SameSite None for SAML (cross-site POST), Lax for OIDC', () => {
    const saml = bindSignIn('saml2', undefined, null);
    expect(saml.cookie).toMatchObject({ sameSite: 'none', value: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
    expect(saml.bound).toEqual({ binding: 'cookie', codeChallenge: s256(saml.cookie!.value) });
    expect(bindSignIn('oidc', undefined, null).cookie!.sameSite).toBe('lax');
    expect(bindSignIn('oidc', undefined, null).cookie!.value).not.toBe(saml.cookie!.value);
  });

  it('keeps a well-formed cookie the browser already holds, and replaces a malformed one', () => {
    const held = bindSignIn('oidc', undefined, null).cookie!.value;
    expect(bindSignIn('oidc', undefined, held).cookie!.value).toBe(held);
    expect(bindSignIn('oidc', undefined, 'short').cookie!.value).not.toBe('short');
  });

  it.each([
    { name: 'the PKCE verifier', bound: { binding: 'pkce' as const, codeChallenge: RFC_CHALLENGE }, proof: { cookie: null, codeVerifier: RFC_VERIFIER }, expected: true },
    { name: 'another verifier', bound: { binding: 'pkce' as const, codeChallenge: RFC_CHALLENGE }, proof: { cookie: null, codeVerifier: RFC_VERIFIER.replace('d', 'e') }, expected: false },
    { name: 'no verifier', bound: { binding: 'pkce' as const, codeChallenge: RFC_CHALLENGE }, proof: { cookie: null }, expected: false },
    { name: 'a cookie for a PKCE binding', bound: { binding: 'pkce' as const, codeChallenge: RFC_CHALLENGE }, proof: { cookie: RFC_VERIFIER }, expected: false },
    { name: 'the cookie', bound: { binding: 'cookie' as const, codeChallenge: RFC_CHALLENGE }, proof: { cookie: RFC_VERIFIER }, expected: true },
    { name: 'a verifier for a cookie binding', bound: { binding: 'cookie' as const, codeChallenge: RFC_CHALLENGE }, proof: { cookie: null, codeVerifier: RFC_VERIFIER }, expected: false },
    { name: 'anything for a row without a binding', bound: { binding: null, codeChallenge: null }, proof: { cookie: RFC_VERIFIER, codeVerifier: RFC_VERIFIER }, expected: false },
  ])('proof by $name: $bound', ({ bound, proof, expected }) => {
    expect(proves(bound, proof)).toBe(expected);
  });

  it('reads its cookie from a Cookie header among others', () => {
    expect(bindingCookieOf(`a=1; ${BINDING_COOKIE}=abc; b=2`)).toBe('abc');
    expect(bindingCookieOf(`x${BINDING_COOKIE}=abc`)).toBeNull();
    expect(bindingCookieOf(undefined)).toBeNull();
  });
});
