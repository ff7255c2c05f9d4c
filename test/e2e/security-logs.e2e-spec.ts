import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { generateStatement } from '../fixtures/generator/index.js';
import { uniqueEmail } from '../support/app.js';
import { invitationLink, Mailbox } from '../support/mailbox.js';
import { Receiver } from '../support/receiver.js';
import { startMockOpenAi, type MockOpenAi } from '../support/mock-openai-api.js';

// Runs the built service (dist/, built by `npm test`'s pretest step) at LOG_LEVEL=trace, takes it
// through a realistic flow with a unique random value for every secret, and greps everything it
// wrote (stdout and stderr) for each of them.

const MAIN = new URL('../../dist/src/main.js', import.meta.url).pathname;
const KEYS = new URL('../support/idp/keys/', import.meta.url);

const hex = (bytes = 12) => randomBytes(bytes).toString('hex');
/** A password the policy accepts (12+, upper, lower, digit, symbol), unique to this run. */
const password = () => `Pw-${hex(8)}-Zq9!`;

const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });

/** A minimal OpenID Provider: its discovery document, and a token endpoint that refuses every code. */
async function startOidcStub() {
  const tokenRequests: IncomingHttpHeaders[] = [];
  const server: Server = createHttpServer((req, res) => {
    if (req.url === '/.well-known/openid-configuration') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ issuer, authorization_endpoint: `${issuer}/auth`, token_endpoint: `${issuer}/token`, jwks_uri: `${issuer}/jwks`, response_types_supported: ['code'], code_challenge_methods_supported: ['S256'] }));
    }
    if (req.url === '/token') {
      tokenRequests.push(req.headers);
      req.resume();
      res.writeHead(400, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ error: 'invalid_grant', error_description: 'unknown code' }));
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return { issuer, tokenRequests, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('secrets never reach the logs (node dist/src/main.js at LOG_LEVEL=trace)', () => {
  const secrets = new Map<string, string>();
  /** Remembers a secret under a name, so a failure says which one leaked. */
  const secret = <T extends string>(name: string, value: T): T => {
    secrets.set(name, value);
    return value;
  };
  const spPem = readFileSync(new URL('sp-key.pem', KEYS), 'utf8');

  let child: ChildProcess;
  let exited: Promise<number | string | null>;
  let log = '';
  let storage: string;
  let openai: MockOpenAi;
  let oidc: Awaited<ReturnType<typeof startOidcStub>>;
  let receiver: Receiver;
  let mailbox: Mailbox;
  let http: ReturnType<typeof request>;
  let port: number;

  beforeAll(async () => {
    [openai, oidc, receiver, mailbox, port] = await Promise.all([
      startMockOpenAi({ kind: 'completion', text: 'A diversified portfolio.' }),
      startOidcStub(),
      new Receiver().start(),
      new Mailbox().start(),
      freePort(),
    ]);
    storage = mkdtempSync(join(tmpdir(), 'foliodesk-seclog-'));
    const env = {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'trace',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
      QUEUE_PREFIX: `seclog${hex(4)}`,
      STORAGE_DIR: storage,
      WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
      SMTP_URL: mailbox.url,
      JWT_SECRET: secret('JWT_SECRET', `jwt-${hex(24)}`),
      APP_ENCRYPTION_KEY: secret('APP_ENCRYPTION_KEY', `enc-${hex(24)}`),
      BOOTSTRAP_ADMIN_EMAIL: uniqueEmail('operator'),
      BOOTSTRAP_ADMIN_PASSWORD: secret('BOOTSTRAP_ADMIN_PASSWORD', password()),
      LLM_PROVIDER: 'openai',
      OPENAI_BASE_URL: openai.baseUrl,
      OPENAI_API_KEY: secret('OPENAI_API_KEY', `sk-${hex(24)}`),
      SSO_SAML_SP_PRIVATE_KEY: spPem,
      SSO_SAML_SP_CERT: readFileSync(new URL('sp-cert.pem', KEYS), 'utf8'),
    };
    // The body of the SP private key: any one of its lines in the log would be a leak.
    spPem
      .split('\n')
      .filter((l) => /^[A-Za-z0-9+/=]{40,}$/.test(l))
      .forEach((line, i) => secret(`SSO_SAML_SP_PRIVATE_KEY line ${i + 1}`, line));

    child = spawn(process.execPath, [MAIN], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout!.on('data', (d) => (log += d));
    child.stderr!.on('data', (d) => (log += d));
    exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve(code ?? signal)));
    http = request(`http://127.0.0.1:${port}`);
    const deadline = Date.now() + 30_000;
    for (;;) {
      const up = await fetch(`http://127.0.0.1:${port}/api/v1/health`).catch(() => null);
      if (up?.status === 200) break;
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`the service did not start:\n${log.slice(-3000)}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  });

  afterAll(async () => {
    if (child && child.exitCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    await Promise.all([openai?.close(), oidc?.close(), receiver?.stop(), mailbox?.stop()]);
    if (storage) rmSync(storage, { recursive: true, force: true });
  });

  it('writes none of the flow’s passwords, tokens, keys or secrets, in clear, base64 or URL-encoded', async () => {
    const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
    const tokens = (label: string, result: { access_token: string; refresh_token: string }) => {
      secret(`${label} access token`, result.access_token);
      secret(`${label} refresh token`, result.refresh_token);
      return result;
    };

    // Accounts: register, a wrong password, login, refresh (body and header), a password change, a new user.
    const email = uniqueEmail('seclog');
    const firstPassword = secret('registration password', password());
    const registered = await http.post('/api/v1/auth/register').send({ email, password: firstPassword, full_name: 'Log Test' });
    expect(registered.status).toBe(201);
    tokens('register', registered.body.result);
    const wrong = await http.post('/api/v1/auth/login').send({ email, password: secret('wrong password', password()) });
    expect(wrong.status).toBe(401);
    const malformed = await http
      .post('/api/v1/auth/login')
      .set('Content-Type', 'application/json')
      .send(`{"email":"${email}","password":"${secret('password in malformed JSON', password())}"`);
    expect(malformed.status).toBe(400);
    const loggedIn = await http.post('/api/v1/auth/login').send({ email, password: firstPassword });
    expect(loggedIn.status).toBe(200);
    let session = tokens('login', loggedIn.body.result);
    const viaBody = await http.post('/api/v1/auth/refresh').send({ refresh_token: session.refresh_token });
    expect(viaBody.status).toBe(200);
    session = tokens('refresh (body)', viaBody.body.result);
    const viaHeader = await http.post('/api/v1/auth/refresh').set(auth(session.refresh_token));
    expect(viaHeader.status).toBe(200);
    session = tokens('refresh (header)', viaHeader.body.result);
    const reused = await http.post('/api/v1/auth/refresh').send({ refresh_token: viaBody.body.result.refresh_token });
    expect(reused.status).toBe(401);
    const relogin = await http.post('/api/v1/auth/login').send({ email, password: firstPassword });
    session = tokens('login after reuse', relogin.body.result);
    const newPassword = secret('changed password', password());
    const changed = await http.patch('/api/v1/users/me').set(auth(session.access_token)).send({ current_password: firstPassword, new_password: newPassword });
    expect(changed.status).toBe(200);
    const invitee = uniqueEmail('analyst');
    const created = await http.post('/api/v1/users').set(auth(session.access_token)).send({ email: invitee, full_name: 'New Analyst', role: 'analyst' });
    expect(created.status).toBe(201);
    const { link, token } = invitationLink(await mailbox.nextMailTo(invitee, 0));
    secret('invitation link', link);
    secret('invitation token', token);
    const accepted = await http.post('/api/v1/invitations/accept').send({ token, password: secret('invited user password', password()) });
    expect(accepted.status).toBe(201);
    const garbage = await http.get('/api/v1/users/me').set(auth(secret('garbage bearer', `garbage.${hex()}.token`)));
    expect(garbage.status).toBe(401);
    const withCookie = await http.get('/api/v1/users/me').set(auth(session.access_token)).set('Cookie', `fd_session=${secret('cookie value', `ck-${hex()}`)}`);
    expect(withCookie.status).toBe(200);

    // An encrypted statement: upload, a wrong password, the right one; then the same into a chat.
    const pdfPassword = secret('PDF password', `PDF${hex(6)}`);
    const statement = await generateStatement('cams_detailed', { seed: 5, encrypt: { password: pdfPassword } });
    const upload = await http.post('/api/v1/nexus/upload/').set(auth(session.access_token)).attach('file', statement.pdf, { filename: 'cas.pdf', contentType: 'application/pdf' });
    expect(upload.body.result).toMatchObject({ password_required: true });
    const badPdfPassword = await http
      .post('/api/v2/nexus/pipeline/process')
      .set(auth(session.access_token))
      .send({ job_id: upload.body.result.job_id, password: secret('wrong PDF password', `BAD${hex(6)}`) });
    expect(badPdfPassword.status).toBe(422);
    const started = await http.post('/api/v2/nexus/pipeline/process').set(auth(session.access_token)).send({ job_id: upload.body.result.job_id, password: pdfPassword });
    expect(started.status).toBe(200);
    const chat = await http.post('/api/v1/zen/chat').set(auth(session.access_token));
    expect(chat.status).toBe(201);
    const chatUpload = await http
      .post('/api/v1/zen/uploads')
      .set(auth(session.access_token))
      .field('session_id', chat.body as string)
      .field('password', pdfPassword)
      .attach('file', statement.pdf, { filename: 'cas.pdf', contentType: 'application/pdf' });
    expect(chatUpload.status).toBe(201);
    // A batch whose encrypted files are opened with the register's passwords: every candidate tried
    // (the passwords a client holds, those derived from its PAN and date of birth) is a secret.
    const letters = () => Array.from({ length: 3 }, () => 'ABCDEFGHJKLMNPQRSTUVWXYZ'[randomBytes(1)[0] % 24]).join('');
    const clientSecrets = [
      { pan: `${letters()}P${letters().slice(0, 1)}${1000 + (randomBytes(2).readUInt16LE(0) % 9000)}${letters().slice(0, 1)}`, dob: '1963-02-27', held: [secret('client statement password', `stmt-${hex(6)}`)] },
      { pan: `${letters()}P${letters().slice(0, 1)}${1000 + (randomBytes(2).readUInt16LE(0) % 9000)}${letters().slice(0, 1)}`, dob: '1958-11-29', held: [] as string[] },
    ];
    for (const c of clientSecrets) {
      const made = await http.post('/api/v1/clients').set(auth(session.access_token)).send({ name: 'Log Check', pan: c.pan, date_of_birth: c.dob, statement_passwords: c.held });
      expect(made.status).toBe(201);
      const ddmmyyyy = `${c.dob.slice(8, 10)}${c.dob.slice(5, 7)}${c.dob.slice(0, 4)}`;
      [c.pan, c.pan.slice(0, 5) + ddmmyyyy, c.pan + ddmmyyyy, ddmmyyyy, c.pan.slice(0, 4) + ddmmyyyy.slice(0, 4)].forEach((candidate, i) => secret(`batch password candidate ${i} of ${c.pan.slice(0, 3)}…`, candidate));
    }
    const derivedPassword = clientSecrets[1].pan.slice(0, 5) + '29111958';
    const opened = await generateStatement('nsdl_cas', { seed: 6, encrypt: { password: derivedPassword } });
    const unopened = await generateStatement('cdsl_cas', { seed: 7, encrypt: { password: secret('batch password nobody holds', `none-${hex(6)}`) } });
    const batch = await http
      .post('/api/v1/nexus/upload/batch')
      .set(auth(session.access_token))
      .attach('files', opened.pdf, { filename: 'NSDL_CAS.pdf', contentType: 'application/pdf' })
      .attach('files', unopened.pdf, { filename: 'CDSL_CAS.pdf', contentType: 'application/pdf' });
    expect(batch.status).toBe(201);
    const batchDeadline = Date.now() + 60_000;
    for (;;) {
      const state = await http.get(`/api/v1/nexus/upload/batch/${batch.body.result.batch_id}`).set(auth(session.access_token));
      if (state.body.result.done) {
        expect(state.body.result.files.map((f: { status: string }) => f.status)).toEqual(['completed', 'password_required']);
        break;
      }
      if (Date.now() > batchDeadline) throw new Error('the batch did not finish');
      await new Promise((r) => setTimeout(r, 200));
    }
    const deadline = Date.now() + 30_000;
    for (;;) {
      const progress = await http.get(`/api/v2/nexus/status/process/${started.body.process_id}/progress`).set(auth(session.access_token));
      if (progress.body.status !== 'processing') {
        expect(progress.body.status).toBe('completed');
        break;
      }
      if (Date.now() > deadline) throw new Error('the pipeline did not finish');
      await new Promise((r) => setTimeout(r, 200));
    }
    const answer = await http.post('/api/v1/zen/chat/invoke').set(auth(session.access_token)).type('form').send({ session_id: chat.body, query: 'What is the total value of my portfolio?' });
    expect(answer.status).toBe(200);

    // Webhooks: subscribe with a secret, rotate it, send a test delivery.
    const subscribed = await http
      .post('/api/v1/webhooks/subscribe')
      .set(auth(session.access_token))
      .send({ url: receiver.url, events: ['document.completed'], secret: secret('webhook secret', `whsec_${hex()}`) });
    expect(subscribed.status).toBe(201);
    const webhook = subscribed.body.result.webhook_id;
    const rotated = await http.patch(`/api/v1/webhooks/${webhook}`).set(auth(session.access_token)).send({ secret: secret('rotated webhook secret', `whsec_${hex()}`) });
    expect(rotated.status).toBe(200);
    const test = await http.post('/api/v1/webhooks/test').set(auth(session.access_token)).send({ webhook_id: webhook, event: 'document.completed' });
    expect(test.body.result).toMatchObject({ success: true });

    // A client of the register: its PAN, date of birth and statement passwords; a PAN refused, a PAN taken, a search by PAN.
    const pan = secret('client PAN', `KLMP${String.fromCharCode(65 + (parseInt(hex(), 16) % 26))}${String(parseInt(hex(), 16) % 10000).padStart(4, '0')}Q`);
    const client = await http
      .post('/api/v1/clients')
      .set(auth(session.access_token))
      .send({ name: 'Logged Nowhere', pan, date_of_birth: secret('client date of birth', '1971-11-29'), statement_passwords: [secret('client statement password', `stmt-${hex()}`)] });
    expect(client.status).toBe(201);
    const clientChanged = await http
      .patch(`/api/v1/clients/${client.body.result.client_id}`)
      .set(auth(session.access_token))
      .send({ statement_passwords: [secret('client statement password (changed)', `stmt2-${hex()}`)] });
    expect(clientChanged.status).toBe(200);
    expect((await http.post('/api/v1/clients').set(auth(session.access_token)).send({ name: 'Taken', pan })).status).toBe(409);
    const refused = await http.post('/api/v1/clients').set(auth(session.access_token)).send({ name: 'Refused', pan: secret('refused PAN', 'QRSXT9876Z') });
    expect(refused.status).toBe(400);
    expect((await http.get(`/api/v1/clients?pan=${pan}`).set(auth(session.access_token))).body.result.total).toBe(1);

    // OIDC single sign-on with a client secret: configure, start a login, a callback the provider refuses.
    const configured = await http
      .post('/api/v1/auth/sso/configure')
      .set(auth(session.access_token))
      .send({ protocol: 'oidc', metadata_url: `${oidc.issuer}/.well-known/openid-configuration`, attribute_mapping: { email: 'email' }, client_id: 'foliodesk', client_secret: secret('OIDC client secret', `oidc-${hex()}`) });
    expect(configured.status).toBe(200);
    const start = await http.get(`/api/v1/auth/sso/login?tenant=${registered.body.result.user.tenant_id}`);
    expect(start.status).toBe(302);
    const state = new URL(start.headers.location).searchParams.get('state');
    // The browser that started the sign-in comes back with its binding cookie.
    const bindingCookie = ([start.headers['set-cookie'] ?? []] as unknown as string[][]).flat()[0]?.split(';')[0] ?? '';
    const callback = await http
      .get(`/api/v1/auth/sso/oidc/callback?code=${secret('OIDC authorization code', `code-${hex()}`)}&state=${state}&iss=${encodeURIComponent(oidc.issuer)}`)
      .set('Cookie', bindingCookie);
    expect(callback.status).toBe(302);

    // The queue board with a token in the query string (refused: a tenant admin), then logout.
    const board = await http.get(`/admin/queues?access_token=${session.access_token}`);
    expect(board.status).toBe(403);
    const out = await http.post('/api/v1/auth/logout').set(auth(session.access_token));
    expect(out.status).toBe(200);

    // The secrets were really used: the model got the key, the provider the client secret.
    expect(openai.calls.some((c) => c.headers.authorization === `Bearer ${secrets.get('OPENAI_API_KEY')}`)).toBe(true);
    // client_secret_basic: base64 of the form-encoded "id:secret" (RFC 6749 §2.3.1).
    const basic = oidc.tokenRequests.map((h) => /^Basic (.+)$/.exec(h.authorization ?? '')?.[1]).find(Boolean) ?? '';
    const [, sentSecret] = Buffer.from(basic, 'base64').toString('utf8').split(':').map(decodeURIComponent);
    expect(sentSecret).toBe(secrets.get('OIDC client secret'));
    secret('OIDC client credentials (Basic)', basic);

    child.kill('SIGTERM');
    await exited;
    // The log is real and detailed: request lines and debug-level entries, with the routes used.
    const lines = log.split('\n').filter((l) => l.startsWith('{'));
    expect(lines.length).toBeGreaterThan(100);
    expect(lines.some((l) => l.includes('"level":20'))).toBe(true);
    expect(log).toContain('/api/v1/auth/login');
    expect(log).toContain('/api/v1/webhooks/subscribe');

    const leaks = [...secrets].flatMap(([name, value]) =>
      [
        ['clear', value],
        ['base64', Buffer.from(value).toString('base64')],
        ['base64url', Buffer.from(value).toString('base64url')],
        ['URL-encoded', encodeURIComponent(value)],
      ]
        .filter(([, form]) => form.length >= 8 && log.includes(form))
        .map(([how]) => `${name} (${how})`),
    );
    expect(leaks).toEqual([]);
  });
});
