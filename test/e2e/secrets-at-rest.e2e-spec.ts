import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { verify } from '@octokit/webhooks-methods';
import pg from 'pg';
import { SEALED_COLUMNS, type SealPurpose } from '../../src/common/crypto/sealed-columns.js';
import { keyId, SecretBox } from '../../src/common/crypto/secret-box.js';
import { bearer, errorCode, register, startTestApp, type Account, type TestApp } from '../support/app.js';
import { startOidcProvider, type OidcTestProvider } from '../support/idp/oidc-idp.js';
import { exchange, outcomeOf, pathOf, SSO_TEST_ENV, startLogin, withCookie } from '../support/idp/sso-flow.js';
import { simplePdf } from '../support/pdf.js';
import { uploadPdf, waitForProcess } from '../support/pipeline.js';
import { Receiver } from '../support/receiver.js';
import { legacySeal } from '../support/sealed.js';

// Runs the built command (dist/, built by `npm test`'s pretest step) exactly as `npm run keys:rotate` does.
const ROTATE = new URL('../../dist/scripts/rotate-keys.js', import.meta.url).pathname;
const CALLBACK = 'http://localhost:3000/api/v1/auth/sso/oidc/callback';
const OLD_KEY = process.env.APP_ENCRYPTION_KEY!;
const NEW_KEY = `rotated-encryption-key-${randomBytes(16).toString('hex')}`;
const SECRETS = { acmeFirst: 'whsec_acme-first-0123456789', acmeSecond: 'whsec_acme-second-0123456789', rival: 'whsec_rival-own-0123456789' };
const PDF_PASSWORD = 'ABCDE1234F01011990';
// A database of its own: the rotation walks every sealed value in it, and other suites seal under other keys.
const DATABASE_URL = (() => {
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `${url.pathname}_keys`;
  return url.toString();
})();
const APP_ENV = { ...SSO_TEST_ENV, WEBHOOK_DISPATCH_INTERVAL_MS: '50', DATABASE_URL };

async function onDatabase<T = Record<string, any>>(url: string, text: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, params)).rows as T[];
  } finally {
    await client.end();
  }
}
const sql = <T = Record<string, any>>(text: string, params: unknown[] = []) => onDatabase<T>(DATABASE_URL, text, params);
/** Drops this suite's database, and creates it again when asked. */
async function dropDatabase({ create }: { create: boolean }) {
  const admin = new URL(DATABASE_URL);
  admin.pathname = '/postgres';
  const name = pg.escapeIdentifier(new URL(DATABASE_URL).pathname.slice(1));
  await onDatabase(admin.toString(), `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  if (create) await onDatabase(admin.toString(), `CREATE DATABASE ${name}`);
}

/** `npm run keys:rotate` as a child process: the new key current, the suite's key as the previous one. */
function rotate(...args: string[]): Promise<{ code: number | null; output: string }> {
  return rotateWith({}, ...args);
}

/** The rotation with some of its environment changed (e.g. SECRETS_ACCEPT_LEGACY). */
function rotateWith(env: Record<string, string>, ...args: string[]): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [ROTATE, ...args], {
    env: { ...process.env, DATABASE_URL, APP_ENCRYPTION_KEY: NEW_KEY, APP_ENCRYPTION_KEYS_PREVIOUS: OLD_KEY, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, output })));
}

/** Every sealed value of a column, with the row it belongs to. */
async function sealedValues(purpose: SealPurpose) {
  const { table, column, idColumn } = SEALED_COLUMNS[purpose];
  return sql<{ id: string; tenant_id: string; sealed: string }>(`SELECT ${idColumn}::text AS id, tenant_id, ${column} AS sealed FROM ${table} WHERE ${column} IS NOT NULL`);
}

async function until(check: () => Promise<boolean>, ms = 15_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not reached');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('secrets at rest: keys per purpose, row binding, rotation (npm run keys:rotate)', () => {
  let t: TestApp;
  let op: OidcTestProvider;
  let receiver: Receiver;
  let acme: Account;
  let rival: Account;
  const hooks = { acmeFirst: '', acmeSecond: '', rival: '' };
  const docs = { acmeCurrent: '', acmeLegacy: '', acmeLegacyJob: '', rival: '', rivalJob: '' };

  const subscribe = async (admin: Account, secret: string) => {
    const res = await t.http.post('/api/v1/webhooks/subscribe').set(bearer(admin)).send({ url: receiver.url, events: ['document.completed'], secret });
    if (res.status !== 201) throw new Error(`subscribe failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.result.webhook_id as string;
  };
  const configureOidc = async (admin: Account, clientSecret: string) => {
    const res = await t.http
      .post('/api/v1/auth/sso/configure')
      .set(bearer(admin))
      .send({ protocol: 'oidc', metadata_url: op.discoveryUrl, client_id: op.clientId, client_secret: clientSecret, attribute_mapping: { email: 'email', full_name: 'name' } });
    if (res.status !== 200) throw new Error(`configure failed: ${res.status} ${JSON.stringify(res.body)}`);
  };
  const runPipeline = async (account: Account, jobId: string, password?: string) => {
    const start = await t.http.post('/api/v2/nexus/pipeline/process').set(bearer(account)).send({ job_id: jobId, ...(password ? { password } : {}) });
    if (start.status !== 200) throw new Error(`start failed: ${start.status} ${JSON.stringify(start.body)}`);
    return (await waitForProcess(t, account, start.body.process_id)).final;
  };
  const testHook = (admin: Account, webhookId: string) => t.http.post('/api/v1/webhooks/test').set(bearer(admin)).send({ webhook_id: webhookId, event: 'document.completed' });
  /** Whether the receiver got the delivery signed with this secret. */
  const signedBy = async (deliveryId: string, secret: string) => {
    await receiver.waitFor(() => receiver.forDelivery(deliveryId).length > 0);
    const [got] = receiver.forDelivery(deliveryId);
    return verify(secret, got.body, got.headers['x-service-signature'] as string);
  };

  beforeAll(async () => {
    await dropDatabase({ create: true });
    receiver = await new Receiver().start();
    op = await startOidcProvider(CALLBACK);
    // Before: the service on the suite's key, as it has run so far.
    t = await startTestApp(APP_ENV);
    [acme, rival] = await Promise.all([register(t.http), register(t.http)]);
    hooks.acmeFirst = await subscribe(acme, SECRETS.acmeFirst);
    hooks.acmeSecond = await subscribe(acme, SECRETS.acmeSecond);
    hooks.rival = await subscribe(rival, SECRETS.rival);
    await configureOidc(acme, op.clientSecret);
    await configureOidc(rival, 'rival-client-secret-the-provider-refuses');
    const encrypted = await simplePdf(['A note, not a statement'], PDF_PASSWORD);
    const current = await uploadPdf(t, acme, encrypted);
    const legacy = await uploadPdf(t, acme, encrypted);
    const rivals = await uploadPdf(t, rival, encrypted);
    Object.assign(docs, { acmeCurrent: current.doc_id, acmeLegacy: legacy.doc_id, acmeLegacyJob: legacy.job_id, rival: rivals.doc_id, rivalJob: rivals.job_id });
    expect((await runPipeline(acme, current.job_id, PDF_PASSWORD)).status).toBe('completed');
    expect((await runPipeline(acme, legacy.job_id, PDF_PASSWORD)).status).toBe('completed');
    await startLogin(t.http, acme.tenantId); // an OIDC sign-in under way: its PKCE verifier is sealed
    // A client of the register: its date of birth and statement passwords are sealed.
    const client = await t.http.post('/api/v1/clients').set(bearer(acme)).send({ name: 'Sealed Client', pan: 'ABCPS1234K', date_of_birth: '1984-07-21', statement_passwords: ['ABCPS1234K', 'abcp2107'] });
    if (client.status !== 201) throw new Error(`client failed: ${client.status} ${JSON.stringify(client.body)}`);
    // Values sealed in the first stored form, as they are in a database written before this one.
    await sql(`UPDATE webhook_subscriptions SET sealed_secret = $1 WHERE id = $2`, [legacySeal(OLD_KEY, SECRETS.acmeSecond), hooks.acmeSecond]);
    await sql(`UPDATE sso_configurations SET sealed_client_secret = $1 WHERE tenant_id = $2`, [legacySeal(OLD_KEY, op.clientSecret), acme.tenantId]);
    await sql(`UPDATE documents SET sealed_password = $1 WHERE id = $2`, [legacySeal(OLD_KEY, PDF_PASSWORD), docs.acmeLegacy]);
    await t.close();
    t = undefined as unknown as TestApp; // closed: the service on the new key starts below
  });
  afterAll(async () => {
    await t?.close();
    await op.close();
    await receiver.stop();
    await dropDatabase({ create: false });
  });

  it('re-seals every sealed value under the new key, in a child process, and a second run finds nothing to do', async () => {
    const before = await Promise.all((Object.keys(SEALED_COLUMNS) as SealPurpose[]).map(sealedValues));
    expect(before.flat().some((v) => v.sealed.startsWith('v1.'))).toBe(true);
    expect(before.flat().some((v) => v.sealed.startsWith(`v2:${keyId(OLD_KEY)}:`))).toBe(true);

    // Small batches, so the walk goes on past the first transaction of a column.
    const first = await rotate('--batch-size=2');
    expect(first).toEqual({ code: 0, output: expect.stringContaining(`Every sealed value is under key ${keyId(NEW_KEY)}`) });
    expect(first.output).toMatch(/webhook_subscriptions\.sealed_secret: [1-9]\d* re-sealed, 0 unreadable/);
    expect(first.output).toMatch(/webhook_subscriptions\.sealed_secret: [1-9]\d* re-sealed, 0 unreadable, 0 in the first format left/);
    expect(first.output).toContain('First-format values left: 0. SECRETS_ACCEPT_LEGACY=false may be set.');

    // Under the new key alone, each bound to its own row.
    const newOnly = new SecretBox({ encryptionKey: NEW_KEY, previousEncryptionKeys: [] });
    for (const purpose of Object.keys(SEALED_COLUMNS) as SealPurpose[]) {
      const values = await sealedValues(purpose);
      expect(values.length).toBeGreaterThan(0);
      for (const v of values) {
        expect({ purpose, prefix: v.sealed.slice(0, 12) }).toEqual({ purpose, prefix: `v2:${keyId(NEW_KEY)}:` });
        expect(() => newOnly.open(purpose, { id: v.id, tenantId: v.tenant_id }, v.sealed)).not.toThrow();
      }
    }
    const opened = async (purpose: SealPurpose, id: string) => {
      const v = (await sealedValues(purpose)).find((x) => x.id === id)!;
      return newOnly.open(purpose, { id: v.id, tenantId: v.tenant_id }, v.sealed);
    };
    expect(await opened('webhook-secret', hooks.acmeSecond)).toBe(SECRETS.acmeSecond);
    expect(await opened('sso-client-secret', acme.tenantId)).toBe(op.clientSecret);
    expect(await opened('pdf-password', docs.acmeLegacy)).toBe(PDF_PASSWORD);
    expect(await opened('pdf-password', docs.acmeCurrent)).toBe(PDF_PASSWORD);

    const second = await rotate();
    expect(second.code).toBe(0);
    expect(second.output.match(/: 0 re-sealed, 0 unreadable/g)).toHaveLength(Object.keys(SEALED_COLUMNS).length);
  });

  describe('the service on the new key alone', () => {
    beforeAll(async () => {
      t = await startTestApp({ ...APP_ENV, APP_ENCRYPTION_KEY: NEW_KEY });
    });

    it('signs webhook deliveries with the same secrets (the test call and a real event)', async () => {
      for (const [id, secret] of [
        [hooks.acmeFirst, SECRETS.acmeFirst],
        [hooks.acmeSecond, SECRETS.acmeSecond],
      ]) {
        const res = await testHook(acme, id);
        expect({ status: res.status, success: res.body.result?.success }).toEqual({ status: 200, success: true });
        expect(await signedBy(res.body.result.delivery_id, secret)).toBe(true);
      }
      // A re-run of the statement sealed in the first form needs no password: the re-sealed one opens.
      const final = await runPipeline(acme, docs.acmeLegacyJob);
      expect(final.status).toBe('completed');
      await until(async () => (await sql(`SELECT count(*)::int AS n FROM webhook_deliveries WHERE subscription_id = $1 AND status = 'succeeded' AND outbox_event_id IS NOT NULL`, [hooks.acmeSecond]))[0].n >= 1);
      const [delivery] = await sql(`SELECT id FROM webhook_deliveries WHERE subscription_id = $1 AND outbox_event_id IS NOT NULL ORDER BY created_at DESC LIMIT 1`, [hooks.acmeSecond]);
      expect(await signedBy(delivery.id, SECRETS.acmeSecond)).toBe(true);
    });

    it('signs in through OIDC with the re-sealed client secret', async () => {
      const accountId = `acct-${randomBytes(4).toString('hex')}`;
      op.accounts.set(accountId, { email: `oidc.${randomBytes(4).toString('hex')}@example.in`, name: 'Meera Iyer', email_verified: true });
      const start = await startLogin(t.http, acme.tenantId);
      const callback = await op.signIn(start.location, accountId);
      const outcome = outcomeOf(await withCookie(t.http.get(pathOf(callback)), start.cookie));
      expect(outcome.error).toBeNull();
      const tokens = await exchange(t.http, outcome.code!, { cookie: start.cookie });
      expect(tokens.status).toBe(200);
      expect(tokens.body.result.user.tenant_id).toBe(acme.tenantId);
    });

    describe('attack: a sealed value copied to another row or tenant in the database', () => {
      const copy = (table: string, column: string, idColumn: string, from: string, to: string) =>
        sql(`UPDATE ${table} SET ${column} = (SELECT ${column} FROM ${table} WHERE ${idColumn} = $1) WHERE ${idColumn} = $2`, [from, to]);

      it('a webhook secret does not open in the other tenant: 409 SECRET_UNREADABLE there, nothing sent, its deliveries held; the owner is unaffected', async () => {
        await copy('webhook_subscriptions', 'sealed_secret', 'id', hooks.acmeFirst, hooks.rival);
        const res = await testHook(rival, hooks.rival);
        expect({ status: res.status, code: errorCode(res) }).toEqual({ status: 409, code: 'SECRET_UNREADABLE' });
        expect(JSON.stringify(res.body)).not.toContain(SECRETS.acmeFirst);
        // A real event for the rival: the worker holds it (pauses the subscription) instead of signing it.
        const upload = await uploadPdf(t, rival, await simplePdf(['Another note']));
        expect((await runPipeline(rival, upload.job_id)).status).toBe('completed');
        await until(async () => (await t.http.get(`/api/v1/webhooks/${hooks.rival}`).set(bearer(rival))).body.result.status === 'paused');
        const paused = await t.http.get(`/api/v1/webhooks/${hooks.rival}`).set(bearer(rival));
        expect(paused.body.result.paused_reason).toMatch(/signing secret could not be decrypted/);
        const held = await sql<{ id: string }>(`SELECT id FROM webhook_deliveries WHERE subscription_id = $1`, [hooks.rival]);
        expect(held).toHaveLength(1);
        expect(receiver.forDelivery(held[0].id)).toEqual([]);
        // The owner's webhook still signs.
        const own = await testHook(acme, hooks.acmeFirst);
        expect(own.status).toBe(200);
        expect(await signedBy(own.body.result.delivery_id, SECRETS.acmeFirst)).toBe(true);
        // Setting a new secret and resuming mends it.
        const mended = await t.http.patch(`/api/v1/webhooks/${hooks.rival}`).set(bearer(rival)).send({ secret: SECRETS.rival, status: 'active' });
        expect(mended.status).toBe(200);
        const again = await testHook(rival, hooks.rival);
        expect(again.status).toBe(200);
        expect(await signedBy(again.body.result.delivery_id, SECRETS.rival)).toBe(true);
      });

      it('a webhook secret does not open in another row of the same tenant', async () => {
        await copy('webhook_subscriptions', 'sealed_secret', 'id', hooks.acmeFirst, hooks.acmeSecond);
        const res = await testHook(acme, hooks.acmeSecond);
        expect({ status: res.status, code: errorCode(res) }).toEqual({ status: 409, code: 'SECRET_UNREADABLE' });
        expect((await testHook(acme, hooks.acmeFirst)).status).toBe(200);
      });

      it('an OIDC client secret does not open in the other tenant: its sign-in answers 409 SECRET_UNREADABLE, the owner signs in', async () => {
        await copy('sso_configurations', 'sealed_client_secret', 'tenant_id', acme.tenantId, rival.tenantId);
        const res = await t.http.get(`/api/v1/auth/sso/login?tenant=${rival.tenantId}`);
        expect({ status: res.status, code: errorCode(res) }).toEqual({ status: 409, code: 'SECRET_UNREADABLE' });
        expect(JSON.stringify(res.body)).not.toContain(op.clientSecret);
        expect((await t.http.get(`/api/v1/auth/sso/login?tenant=${acme.tenantId}`)).status).toBe(302);
      });

      it('a PDF password does not open for another tenant’s copy of the file: its run asks for the password', async () => {
        await copy('documents', 'sealed_password', 'id', docs.acmeCurrent, docs.rival);
        const final = await runPipeline(rival, docs.rivalJob);
        expect(final.status).toBe('failed');
        expect(final.error.code).toBe('PDF_PASSWORD_REQUIRED');
        // With its password the rival's own run goes through (and seals it for its own row).
        expect((await runPipeline(rival, docs.rivalJob, PDF_PASSWORD)).status).toBe('completed');
      });

      it('a first-format value from a backup, planted in another tenant: opens there while SECRETS_ACCEPT_LEGACY is on; with it off the service refuses it, and the rotation counts it, leaves it and exits 1', async () => {
        // acme's webhook secret as a database written before row binding held it, planted in the rival's row.
        const planted = legacySeal(NEW_KEY, SECRETS.acmeFirst);
        await sql(`UPDATE webhook_subscriptions SET sealed_secret = $1, status = 'active' WHERE id = $2`, [planted, hooks.rival]);
        const lax = await testHook(rival, hooks.rival);
        expect({ status: lax.status, signedWithAcmes: lax.status === 200 && (await signedBy(lax.body.result.delivery_id, SECRETS.acmeFirst)) }).toEqual({ status: 200, signedWithAcmes: true });

        const strict = await startTestApp({ ...APP_ENV, APP_ENCRYPTION_KEY: NEW_KEY, SECRETS_ACCEPT_LEGACY: 'false' });
        try {
          const refused = await strict.http.post('/api/v1/webhooks/test').set(bearer(rival)).send({ webhook_id: hooks.rival, event: 'document.completed' });
          expect({ status: refused.status, code: errorCode(refused) }).toEqual({ status: 409, code: 'SECRET_UNREADABLE' });
        } finally {
          await strict.close();
        }

        const run = await rotateWith({ SECRETS_ACCEPT_LEGACY: 'false' });
        expect(run.code).toBe(1);
        expect(run.output).toMatch(/webhook_subscriptions\.sealed_secret: 0 re-sealed, 1 unreadable, 1 in the first format left/);
        expect(run.output).toContain(`unreadable: webhook_subscriptions ${hooks.rival} (tenant ${rival.tenantId}): sealed in the first format`);
        expect(run.output).toContain('First-format values left: 1. Keep SECRETS_ACCEPT_LEGACY=true until none is left.');
        expect(run.output).not.toContain(SECRETS.acmeFirst);
        const [row] = await sql(`SELECT sealed_secret FROM webhook_subscriptions WHERE id = $1`, [hooks.rival]);
        expect(row.sealed_secret).toBe(planted);
        // The rival's own secret again, for what follows.
        expect((await t.http.patch(`/api/v1/webhooks/${hooks.rival}`).set(bearer(rival)).send({ secret: SECRETS.rival, status: 'active' })).status).toBe(200);
      });

      it('the rotation lists what does not open with the configured keys (table, row, tenant; never a value), leaves it, and exits 1', async () => {
        // Sealed under a key that was dropped too early.
        const lostKey = `a-key-no-longer-configured-${randomBytes(8).toString('hex')}`;
        const lost = new SecretBox({ encryptionKey: lostKey, previousEncryptionKeys: [] }).seal('sso-client-secret', { id: rival.tenantId, tenantId: rival.tenantId }, 'lost-client-secret');
        await sql(`UPDATE sso_configurations SET sealed_client_secret = $1 WHERE tenant_id = $2`, [lost, rival.tenantId]);
        const run = await rotate();
        expect(run.code).toBe(1);
        expect(run.output).toContain(`unreadable: sso_configurations ${rival.tenantId} (tenant ${rival.tenantId}): sealed under key ${keyId(lostKey)}`);
        expect(run.output).toMatch(/sso_configurations\.sealed_client_secret: 0 re-sealed, 1 unreadable/);
        for (const value of [op.clientSecret, PDF_PASSWORD, ...Object.values(SECRETS), 'lost-client-secret', lost.split(':')[3], lostKey]) expect(run.output).not.toContain(value);
        const [row] = await sql(`SELECT sealed_client_secret FROM sso_configurations WHERE tenant_id = $1`, [rival.tenantId]);
        expect(row.sealed_client_secret).toBe(lost);
      });
    });
  });
});
