import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { ConfigError, loadConfig } from '../../../src/config/app-config.js';

const pem = (name: string) => readFileSync(new URL(`../../support/idp/keys/${name}`, import.meta.url), 'utf8');

describe('SSO configuration variables', () => {
  it('defaults the redirect to the built-in completion page under PUBLIC_BASE_URL', () => {
    const c = loadConfig({ PUBLIC_BASE_URL: 'https://api.foliodesk.in/' });
    expect(c.sso).toEqual({
      redirectUrl: 'https://api.foliodesk.in/api/v1/auth/sso/complete',
      loginTtlSeconds: 600,
      codeTtlSeconds: 60,
      clockSkewSeconds: 60,
      metadataRefreshSeconds: 86400,
      samlSigning: null,
    });
  });

  it('reads an SP signing key pair, with \\n escapes standing for line breaks', () => {
    const c = loadConfig({ SSO_SAML_SP_PRIVATE_KEY: pem('sp-key.pem').replace(/\n/g, '\\n'), SSO_SAML_SP_CERT: pem('sp-cert.pem') });
    expect(c.sso.samlSigning?.privateKey).toContain('\n');
    expect(c.sso.samlSigning?.certificate).toMatch(/^-----BEGIN CERTIFICATE-----/);
  });

  it.each([
    { env: { SSO_REDIRECT_URL: 'not a url' }, name: 'SSO_REDIRECT_URL' },
    { env: { SSO_LOGIN_TTL_SECONDS: '5' }, name: 'SSO_LOGIN_TTL_SECONDS' },
    { env: { SSO_CLOCK_SKEW_SECONDS: '-1' }, name: 'SSO_CLOCK_SKEW_SECONDS' },
    { env: { SSO_SAML_SP_PRIVATE_KEY: pem('sp-key.pem') }, name: 'SSO_SAML_SP_CERT' },
    { env: { SSO_SAML_SP_PRIVATE_KEY: 'garbage', SSO_SAML_SP_CERT: pem('sp-cert.pem') }, name: 'SSO_SAML_SP_PRIVATE_KEY' },
    { env: { SSO_SAML_SP_PRIVATE_KEY: pem('sp-key.pem'), SSO_SAML_SP_CERT: 'garbage' }, name: 'SSO_SAML_SP_CERT' },
  ])('names the bad variable in $env', ({ env, name }) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(name));
  });
});
