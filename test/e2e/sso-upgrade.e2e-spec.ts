import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestExpressApplication } from '@nestjs/platform-express';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { MIGRATIONS } from '../../migrations/index.js';
import { createHttpApp } from '../../src/app.factory.js';
import { createLogger } from '../../src/common/logging/logger.js';
import { loadConfig } from '../../src/config/app-config.js';
import { dataSourceOptions } from '../../src/database/data-source.js';
import { assertMigrated } from '../../src/database/migrate.js';

const BEFORE = MIGRATIONS.findIndex((m) => m.name === 'BindSsoSignIns1795496892236');
const ENTRA_TENANT = '11111111-2222-3333-4444-555555555555';

/** An OIDC configuration row as stored before BindSsoSignIns (no require_email_verified, no allowed_sso_hosts). */
function oidcRow(tenantId: string, issuer: string, metadataUrl: string, authorizationEndpoint: string) {
  return {
    tenantId,
    protocol: 'oidc',
    metadataUrl,
    idp: { kind: 'oidc', metadata: { issuer, authorization_endpoint: authorizationEndpoint, token_endpoint: `${issuer}/token`, jwks_uri: `${issuer}/keys` } },
  };
}

/**
 * The upgrade of a database with SSO configurations saved before require_email_verified existed: on
 * the real PostgreSQL, the schema as it stood before BindSsoSignIns, rows in that shape, then the
 * migrations run; and the service started on it warns about the configurations the new rules touch.
 */
describe('SSO upgrade: existing configurations keep signing in', () => {
  const suffix = randomBytes(4).toString('hex');
  const base = new URL(process.env.DATABASE_URL!);
  const database = `${base.pathname.slice(1)}_ssoup_${suffix}`;
  const url = (() => {
    const u = new URL(base);
    u.pathname = `/${database}`;
    return u.toString();
  })();
  const maintenance = (() => {
    const u = new URL(base);
    u.pathname = '/postgres';
    return u.toString();
  })();
  const rows = {
    entraV2: oidcRow(
      'ten_entra_v2',
      `https://login.microsoftonline.com/${ENTRA_TENANT}/v2.0`,
      `https://login.microsoftonline.com/${ENTRA_TENANT}/v2.0/.well-known/openid-configuration`,
      `https://login.microsoftonline.com/${ENTRA_TENANT}/oauth2/v2.0/authorize`,
    ),
    entraV1: oidcRow(
      'ten_entra_v1',
      `https://sts.windows.net/${ENTRA_TENANT}/`,
      `https://login.microsoftonline.com/${ENTRA_TENANT}/.well-known/openid-configuration`,
      `https://login.microsoftonline.com/${ENTRA_TENANT}/oauth2/authorize`,
    ),
    okta: oidcRow('ten_okta', 'https://firm.okta.com', 'https://firm.okta.com/.well-known/openid-configuration', 'https://firm.okta.com/oauth2/v1/authorize'),
    lookalike: oidcRow(
      'ten_lookalike',
      'https://login.microsoftonline.com.attacker.example',
      'https://login.microsoftonline.com.attacker.example/.well-known/openid-configuration',
      'https://login.microsoftonline.com.attacker.example/authorize',
    ),
    foreignSignIn: oidcRow('ten_foreign', 'https://idp.firm.example', 'https://idp.firm.example/.well-known/openid-configuration', 'https://phish.example/authorize'),
    samlEntra: {
      tenantId: 'ten_saml_entra',
      protocol: 'saml2',
      metadataUrl: `https://login.microsoftonline.com/${ENTRA_TENANT}/federationmetadata/2007-06/federationmetadata.xml`,
      idp: { kind: 'saml2', entity_id: `https://sts.windows.net/${ENTRA_TENANT}/`, sso_url: `https://login.microsoftonline.com/${ENTRA_TENANT}/saml2`, certificates: [] },
    },
  };
  const logged: Array<Record<string, unknown>> = [];
  let app: NestExpressApplication | undefined;

  const query = async <T extends pg.QueryResultRow>(sql: string, params: unknown[] = []) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query<T>(sql, params)).rows;
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: maintenance });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${pg.escapeIdentifier(database)}`);
    await admin.end();

    const before = new DataSource({ ...dataSourceOptions(url), migrations: MIGRATIONS.slice(0, BEFORE) });
    await before.initialize();
    await before.runMigrations({ transaction: 'each' });
    for (const row of Object.values(rows)) {
      await before.query(`INSERT INTO tenants (id, name) VALUES ($1, $2)`, [row.tenantId, `Firm ${row.tenantId}`]);
      await before.query(
        `INSERT INTO sso_configurations (tenant_id, protocol, metadata_url, attribute_mapping, default_role, client_id, idp, metadata_fetched_at, updated_by)
         VALUES ($1, $2, $3, '{"email":"email"}', 'viewer', $4, $5, now(), 'usr_0')`,
        [row.tenantId, row.protocol, row.metadataUrl, row.protocol === 'oidc' ? 'client' : null, JSON.stringify(row.idp)],
      );
    }
    await before.destroy();

    const after = new DataSource(dataSourceOptions(url));
    await after.initialize();
    await after.runMigrations({ transaction: 'each' });
    await after.destroy();
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    const admin = new pg.Client({ connectionString: maintenance });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(database)} WITH (FORCE)`);
    await admin.end();
  });

  it('gives Entra ID configurations require_email_verified = false and every other one true', async () => {
    const stored = await query<{ tenant_id: string; require_email_verified: boolean; allowed_sso_hosts: string[] }>(
      `SELECT tenant_id, require_email_verified, allowed_sso_hosts FROM sso_configurations ORDER BY tenant_id`,
    );
    expect(Object.fromEntries(stored.map((r) => [r.tenant_id, r.require_email_verified]))).toEqual({
      ten_entra_v1: false,
      ten_entra_v2: false,
      ten_foreign: true,
      ten_lookalike: true,
      ten_okta: true,
      ten_saml_entra: true,
    });
    expect(stored.every((r) => Array.isArray(r.allowed_sso_hosts) && r.allowed_sso_hosts.length === 0)).toBe(true);
  });

  it('warns at start, without secrets, about a stored sign-in URL the host rule refuses and the tenants that rely on the Entra ID exception', async () => {
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) logged.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    const config = loadConfig({ ...process.env, DATABASE_URL: url, MIGRATE_ON_START: 'false', QUEUE_PREFIX: `ssoup${suffix}` });
    await assertMigrated(config.db.url);
    app = await createHttpApp(config, createLogger('info', sink));
    await app.init();

    const warnings = logged.filter((l) => l.level === 40 && String(l.msg).startsWith('SSO:'));
    const about = (tenantId: string) => warnings.filter((w) => w.tenantId === tenantId);
    expect(about('ten_foreign')).toEqual([expect.objectContaining({ protocol: 'oidc', signInHost: 'phish.example', metadataHost: 'idp.firm.example', msg: expect.stringMatching(/SSO_SIGN_IN_URL_REFUSED/) })]);
    expect(about('ten_entra_v2')).toEqual([expect.objectContaining({ entraId: true, issuerHost: 'login.microsoftonline.com', msg: expect.stringMatching(/Entra ID without email_verified/) })]);
    expect(about('ten_entra_v1')).toEqual([expect.objectContaining({ entraId: true, issuerHost: 'sts.windows.net' })]);
    for (const quiet of ['ten_okta', 'ten_lookalike', 'ten_saml_entra']) expect(about(quiet)).toEqual([]);
    expect(JSON.stringify(warnings)).not.toMatch(/client_secret|sealed/i);
  });
});
