import { describe, expect, it } from '@jest/globals';
import { ConfigError, loadConfig } from '../../src/config/app-config.js';

const PRODUCTION = { NODE_ENV: 'production', JWT_SECRET: 'j'.repeat(40), APP_ENCRYPTION_KEY: 'k'.repeat(40) };

describe('loadConfig: mail and invitations', () => {
  it('applies the documented defaults: no SMTP (nothing sent), links to the front end, 72 h, 20 per admin and 50 per tenant an hour', () => {
    const c = loadConfig({ PUBLIC_BASE_URL: 'https://foliodesk.example.in' });
    expect(c.mail).toEqual({ smtpUrl: null, from: 'Foliodesk <no-reply@localhost>' });
    expect(c.invitations).toEqual({ url: 'https://foliodesk.example.in/accept-invitation', ttlHours: 72, perAdminPerHour: 20, perTenantPerHour: 50 });
  });

  it('reads SMTP_URL, MAIL_FROM, INVITATION_URL, INVITATION_TTL_HOURS and the limits', () => {
    const c = loadConfig({
      SMTP_URL: 'smtps://mailer:secret@smtp.example.in:465',
      MAIL_FROM: 'Acme Wealth <no-reply@acme.example.in>',
      INVITATION_URL: 'https://app.acme.example.in/join',
      INVITATION_TTL_HOURS: '24',
      USER_INVITES_PER_ADMIN_PER_HOUR: '5',
      USER_INVITES_PER_TENANT_PER_HOUR: '9',
    });
    expect(c.mail).toEqual({ smtpUrl: 'smtps://mailer:secret@smtp.example.in:465', from: 'Acme Wealth <no-reply@acme.example.in>' });
    expect(c.invitations).toEqual({ url: 'https://app.acme.example.in/join', ttlHours: 24, perAdminPerHour: 5, perTenantPerHour: 9 });
  });

  it.each([
    { name: 'SMTP_URL', value: 'http://smtp.example.in' },
    { name: 'SMTP_URL', value: 'not a url' },
    { name: 'INVITATION_URL', value: 'ftp://app.example.in/join' },
    { name: 'INVITATION_TTL_HOURS', value: '0' },
    { name: 'INVITATION_TTL_HOURS', value: '721' },
    { name: 'USER_INVITES_PER_ADMIN_PER_HOUR', value: '0' },
    { name: 'USER_INVITES_PER_TENANT_PER_HOUR', value: 'many' },
  ])('refuses $name=$value, naming it', ({ name, value }) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(name);
  });

  it('warns in production when no SMTP server is set (invited users could not join)', () => {
    expect(loadConfig(PRODUCTION).warnings.join(' ')).toMatch(/SMTP_URL is not set/);
    expect(loadConfig({ ...PRODUCTION, SMTP_URL: 'smtp://smtp.example.in:587' }).warnings.join(' ')).not.toMatch(/SMTP_URL/);
  });
});
