// Property-based fuzzing of every JSON and form endpoint of the OpenAPI document, and of the path and
// query parameters of every operation without a body (docs/reliability.md, "Hostile input"). Reproduce
// a failure with the seed it prints: FUZZ_SEED=<seed> (FUZZ_RUNS, FUZZ_BUDGET_MS change the size of the run).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { buildOpenApiDocument } from '../../src/app.factory.js';
import { bearer, createTenant, startTestApp, type Tenant, type TestApp } from '../support/app.js';
import { simplePdf } from '../support/pdf.js';
import { uploadPdf } from '../support/pipeline.js';
import { bodyOperations, paramOperations, sampleBody, sampleOf, type BodyOperation, type ParamOperation } from '../support/hostile/openapi-operations.js';
import {
  fromPlain,
  hostileKey,
  hostileString,
  hostileValue,
  JsonObject,
  rawJsonBodies,
  toJson,
  WRONG_CONTENT_TYPES,
  type JsonTree,
} from '../support/hostile/payloads.js';

/**
 * FUZZ_SEED, else one derived from the code and tests of the checked-out commit (their git trees): the
 * same code always fuzzes the same way, so what CI found is what a rerun finds, while each change to
 * the code or the tests explores other inputs. Random outside a git checkout.
 */
function defaultSeed(): number {
  try {
    const trees = execFileSync('git', ['rev-parse', 'HEAD:src', 'HEAD:test'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    return parseInt(createHash('sha256').update(trees).digest('hex').slice(0, 7), 16);
  } catch {
    return Math.floor(Math.random() * 2 ** 28);
  }
}
const SEED = Number(process.env.FUZZ_SEED ?? defaultSeed());
const RUNS = Number(process.env.FUZZ_RUNS ?? 40);
/** The random phase's whole time budget, shared by the operations. */
const BUDGET_MS = Number(process.env.FUZZ_BUDGET_MS ?? 30_000);

/** An answer slower than this is a hang in the making (a small body must not cost seconds of the event loop). */
const SLOW_MS = Number(process.env.FUZZ_SLOW_MS ?? 2_500);

type Res = { status: number; body: any; text: string; ms: number };

/** A path segment or form value encoded even when it holds a lone surrogate (sent as invalid UTF-8). */
function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return [...value].map((ch) => (/^[A-Za-z0-9_.~-]$/.test(ch) ? ch : [...Buffer.from(ch, 'utf16le')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join(''))).join('');
  }
}

const PROTOTYPE_KEYS = Object.getOwnPropertyNames(Object.prototype).sort().join(',');

function prototypeIntact(): boolean {
  return ({} as Record<string, unknown>).polluted === undefined && Object.getOwnPropertyNames(Object.prototype).sort().join(',') === PROTOTYPE_KEYS;
}

/** What every answer must be: never a 5xx, the error envelope on every 4xx, no prototype pollution, quick. */
function violation(res: Res): string | null {
  if (res.status >= 500) return `answered ${res.status}: ${res.text.slice(0, 300)}`;
  if (res.ms > SLOW_MS) return `took ${res.ms} ms (over ${SLOW_MS} ms) to answer ${res.status}`;
  if (res.status >= 400) {
    const b = res.body;
    const envelope = b && b.success === false && b.result === null && b.error && typeof b.error.code === 'string' && typeof b.error.details === 'string';
    if (!envelope) return `answered ${res.status} without the error envelope: ${res.text.slice(0, 300)}`;
  }
  if (!prototypeIntact()) return 'Object.prototype was polluted';
  return null;
}

/** A failed property in one line: the counterexample (fast-check's message) and what was wrong with the answer (its cause). */
function failureOf(label: string, seed: number, error: unknown): string {
  const { message, cause } = error as Error & { cause?: Error };
  return `${label} (seed ${seed}): ${message.split('\n').slice(0, 4).join(' | ')} | ${cause?.message ?? ''}`;
}

describe('hostile input: every JSON and form endpoint of the OpenAPI document', () => {
  let t: TestApp;
  let acme: Tenant;
  let ops: BodyOperation[];
  let paramOps: ParamOperation[];
  let pdf: Buffer;
  /** Real ids of the caller's own resources, by path parameter or body field name. */
  const own: Record<string, string[]> = {};

  beforeAll(async () => {
    const storage = await mkdtemp(join(tmpdir(), 'foliodesk-hostile-api-'));
    t = await startTestApp({ STORAGE_DIR: join(storage, 'storage'), WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' });
    acme = await createTenant(t.http);
    pdf = await simplePdf(['Consolidated Account Statement']);
    const upload = await uploadPdf(t, acme.admin, pdf);
    const started = await t.http.post('/api/v2/nexus/pipeline/process').set(bearer(acme.admin)).send({ job_id: upload.job_id });
    const session = await t.http.post('/api/v1/zen/chat').set(bearer(acme.admin));
    const hook = await t.http
      .post('/api/v1/webhooks/subscribe')
      .set(bearer(acme.admin))
      .send({ url: 'http://127.0.0.1:9/hooks', events: ['document.completed'], secret: 'whsec_0123456789abcdef' });
    // The caller (the admin) is never the target of a user route: a fuzzed role change or disable must not lock it out.
    Object.assign(own, {
      user_id: [acme.analyst.userId, acme.viewer.userId],
      doc_id: [upload.doc_id],
      job_id: [upload.job_id],
      process_id: [started.body.process_id],
      session_id: [session.body],
      webhook_id: [hook.body.result.id],
    });
    const document = buildOpenApiDocument(t.app);
    ops = bodyOperations(document);
    paramOps = paramOperations(document);
    // eslint-disable-next-line no-console
    console.log(`hostile-api: seed ${SEED}, ${RUNS} runs per operation, ${ops.length} body and ${paramOps.length} parameter operations (rerun with FUZZ_SEED=${SEED})`);
  });
  afterAll(() => t.close());

  const pathOf = (op: { path: string }, values: Record<string, string>) => op.path.replace(/\{(\w+)\}/g, (_, name: string) => encode(values[name] ?? 'x'));

  /** Each path parameter the caller's own id (mostly), a random UUID or a hostile string. */
  const pathArbitrary = (pathParams: string[]) =>
    fc.record(
      Object.fromEntries(
        pathParams.map((p) => [p, fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...(own[p] ?? ['x'])) }, { weight: 1, arbitrary: fc.uuid() }, { weight: 1, arbitrary: hostileString.filter((s) => s.length < 500) })]),
      ),
    );

  const ownPath = (op: BodyOperation) => pathOf(op, Object.fromEntries(op.pathParams.map((p) => [p, own[p]?.[0] ?? 'x'])));

  /** The schema's valid-looking body with the caller's real ids where a field names one. */
  const baseBody = (op: BodyOperation) => Object.fromEntries(Object.entries(sampleBody(op)).map(([k, v]) => [k, own[k]?.[0] ?? v]));

  interface Body {
    json?: string | Buffer;
    contentType?: string;
    form?: Array<[string, string]>;
    files?: Array<{ field: string; name: string; data: Buffer }>;
    encoding?: string;
  }

  async function send(op: BodyOperation, path: string, body: Body): Promise<Res> {
    const started = Date.now();
    const res = await request(op, path, body);
    return { status: res.status, body: res.body, text: res.text ?? '', ms: Date.now() - started };
  }

  function request(op: BodyOperation, path: string, body: Body) {
    let req = (t.http as any)[op.method](path).set(bearer(acme.admin)).timeout({ deadline: 20_000 });
    if (body.form && op.kind === 'multipart') {
      for (const [k, v] of body.form) req = req.field(k, v);
      for (const f of body.files ?? []) req = req.attach(f.field, f.data, { filename: f.name, contentType: 'application/pdf' });
      return req;
    }
    if (body.form) return req.set('Content-Type', 'application/x-www-form-urlencoded').send(body.form.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&'));
    if (body.contentType !== undefined) req = req.set('Content-Type', body.contentType);
    if (body.encoding) req = req.set('Content-Encoding', body.encoding);
    return req.send(body.json ?? '');
  }

  /** The service still answers its health check and the prototype is clean (else a failure goes into `sink`). */
  async function expectHealthy(label: string, sink: string[]) {
    const health = await t.http.get('/api/v1/health');
    if (health.status !== 200) sink.push(`${label}: health answered ${health.status} afterwards`);
    if (!prototypeIntact()) sink.push(`${label}: Object.prototype polluted`);
  }

  const label = (op: BodyOperation) => `${op.method.toUpperCase()} ${op.path} (${op.kind})`;

  it('finds the JSON, multipart and form endpoints in the document', () => {
    const kinds = new Set(ops.map((o) => o.kind));
    expect([...kinds].sort()).toEqual(['form', 'json', 'multipart']);
    expect(ops.map(label)).toEqual(expect.arrayContaining(['POST /api/v1/auth/register (json)', 'POST /api/v1/nexus/upload (multipart)', 'POST /api/v1/zen/chat/invoke (form)']));
  });

  it('random bodies: wrong types, missing and extra fields, huge, unicode, NUL, injections, prototype keys — never a 5xx', async () => {
    const failures: string[] = [];
    const perOp = Math.max(2_000, Math.floor(BUDGET_MS / ops.length));
    for (const [i, op] of ops.entries()) {
      const base = baseBody(op);
      const names = Object.keys(base).length ? Object.keys(base) : ['value'];
      const pathArb = pathArbitrary(op.pathParams);
      const settings = { seed: SEED + i, numRuns: RUNS, interruptAfterTimeLimit: perOp, markInterruptAsFailure: false, endOnFailure: true };
      try {
        if (op.kind === 'json') await fc.assert(jsonProperty(op, base, names, pathArb), settings);
        else await fc.assert(formProperty(op, base, names, pathArb), settings);
      } catch (error) {
        failures.push(failureOf(label(op), SEED + i, error));
      }
      await expectHealthy(label(op), failures);
    }
    expect(failures).toEqual([]);
  });

  it('null in each field of every JSON body, one field at a time — a 4xx or a success, never a 5xx', async () => {
    const failures: string[] = [];
    for (const op of ops.filter((o) => o.kind === 'json')) {
      for (const name of Object.keys(baseBody(op))) {
        const res = await send(op, ownPath(op), { json: JSON.stringify({ ...baseBody(op), [name]: null }), contentType: 'application/json' });
        const wrong = violation(res);
        if (wrong) failures.push(`${label(op)} with ${name}: null ${wrong}`);
      }
    }
    expect(failures).toEqual([]);
  });

  function jsonProperty(op: BodyOperation, base: Record<string, unknown>, names: string[], pathArb: fc.Arbitrary<Record<string, string>>) {
    const entries = (o: Record<string, unknown>) => Object.entries(o).map(([k, v]) => [k, fromPlain(v)] as [string, JsonTree]);
    const body: fc.Arbitrary<JsonTree> = fc.oneof(
      fc.tuple(fc.constantFrom(...names), hostileValue).map(([field, value]) => new JsonObject([...entries(base).filter(([k]) => k !== field), [field, value]])),
      fc.tuple(...names.map(() => hostileValue)).map((values) => new JsonObject(names.map((n, i) => [n, values[i]]))),
      fc.subarray(names, { minLength: 1 }).map((drop) => new JsonObject(entries(base).filter(([k]) => !drop.includes(k)))),
      fc.tuple(hostileKey, hostileValue).map(([key, value]) => new JsonObject([...entries(base), [key, value]])),
      hostileValue,
    );
    return fc.asyncProperty(pathArb, body, async (params, tree) => {
      const res = await send(op, pathOf(op, params), { json: toJson(tree), contentType: 'application/json' });
      const problem = violation(res);
      if (problem) throw new Error(`${problem}\n  body: ${toJson(tree).slice(0, 300)}`);
    });
  }

  function formProperty(op: BodyOperation, base: Record<string, unknown>, names: string[], pathArb: fc.Arbitrary<Record<string, string>>) {
    const fields = Object.entries(base).map(([k, v]) => [k, String(v)] as [string, string]);
    const form: fc.Arbitrary<Array<[string, string]>> = fc.oneof(
      fc.tuple(fc.constantFrom(...names), hostileString).map(([f, v]) => [...fields.filter(([k]) => k !== f), [f, v]] as Array<[string, string]>),
      fc.subarray(names).map((drop) => fields.filter(([k]) => !drop.includes(k))),
      fc.tuple(hostileKey, hostileString).map(([k, v]) => [...fields, [k, v]] as Array<[string, string]>),
      fc.tuple(fc.constantFrom(...names), fc.array(hostileString, { minLength: 2, maxLength: 3 })).map(([f, vs]) => [...fields.filter(([k]) => k !== f), ...vs.map((v) => [f, v] as [string, string])]),
    );
    const files = fc.option(
      fc.record({
        field: op.files.length ? fc.constantFrom(...op.files, 'other') : fc.constant('file'),
        name: fc.oneof(fc.constant('statement.pdf'), hostileString.filter((s) => s.length > 0 && s.length < 300)),
        data: fc.constantFrom(pdf, Buffer.from('not a pdf at all'), Buffer.alloc(0), Buffer.from('%PDF-1.7\n%%EOF')),
      }),
      { nil: undefined },
    );
    return fc.asyncProperty(pathArb, form, files, async (params, entries, file) => {
      const res = await send(op, pathOf(op, params), { form: entries, files: file ? [file] : [] });
      const problem = violation(res);
      if (problem) throw new Error(`${problem}\n  fields: ${JSON.stringify(entries).slice(0, 300)} file: ${file ? JSON.stringify(file.name) : 'none'}`);
    });
  }

  it('raw bodies: 10k-deep nesting as text, non-JSON with a JSON content type, over-limit, BOM, invalid UTF-8, prototype pollution', async () => {
    const local: string[] = [];
    for (const op of ops.filter((o) => o.kind === 'json')) {
      const valid = toJson(fromPlain(baseBody(op)));
      for (const raw of rawJsonBodies(valid)) {
        const problem = violation(await send(op, ownPath(op), { json: raw.body, contentType: 'application/json' }));
        if (problem) local.push(`${label(op)} [${raw.name}]: ${problem}`);
      }
      await expectHealthy(label(op), local);
    }
    expect(local).toEqual([]);
  });

  it('wrong content types and encodings: form or multipart to JSON routes, charsets, gzip garbage and a gzip bomb', async () => {
    const local: string[] = [];
    const bomb = gzipSync(Buffer.concat([Buffer.from('{"a":"'), Buffer.alloc(64 * 1024 * 1024, 0x78), Buffer.from('"}')]));
    for (const op of ops.filter((o) => o.kind === 'json')) {
      const valid = toJson(fromPlain(baseBody(op)));
      const cases: Array<{ name: string; json: string | Buffer; contentType: string; encoding?: string }> = [
        ...WRONG_CONTENT_TYPES.map((contentType) => ({ name: contentType || '(empty)', json: valid, contentType })),
        { name: 'gzip garbage', json: Buffer.from('not gzip at all'), contentType: 'application/json', encoding: 'gzip' },
        { name: 'unknown encoding', json: valid, contentType: 'application/json', encoding: 'compress' },
        { name: 'gzip bomb (64 MiB)', json: bomb, contentType: 'application/json', encoding: 'gzip' },
      ];
      for (const c of cases) {
        const problem = violation(await send(op, ownPath(op), c));
        if (problem) local.push(`${label(op)} [${c.name}]: ${problem}`);
      }
      await expectHealthy(label(op), local);
    }
    expect(local).toEqual([]);
  });

  it('malformed forms and multipart bodies: no boundary, truncated parts, too many or too large fields, unexpected files', async () => {
    const local: string[] = [];
    const boundary = '----hostile';
    const part = (name: string, value: string | Buffer, filename?: string) =>
      Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"${filename !== undefined ? `; filename="${filename}"` : ''}\r\n${filename !== undefined ? 'Content-Type: application/pdf\r\n' : ''}\r\n`),
        Buffer.isBuffer(value) ? value : Buffer.from(value),
        Buffer.from('\r\n'),
      ]);
    const end = Buffer.from(`--${boundary}--\r\n`);
    for (const op of ops.filter((o) => o.kind !== 'json')) {
      const fields = Object.entries(baseBody(op)).map(([k, v]) => part(k, String(v)));
      const file = part(op.files[0] ?? 'file', pdf, 'statement.pdf');
      const multipart = `multipart/form-data; boundary=${boundary}`;
      const cases: Array<{ name: string; json: string | Buffer; contentType: string }> = [
        { name: 'no boundary', json: Buffer.concat([...fields, file, end]), contentType: 'multipart/form-data' },
        { name: 'wrong boundary', json: Buffer.concat([...fields, file, end]), contentType: 'multipart/form-data; boundary=other' },
        { name: 'truncated', json: Buffer.concat([...fields, file]).subarray(0, 200), contentType: multipart },
        { name: 'no closing boundary', json: Buffer.concat([...fields, file]), contentType: multipart },
        { name: '30 fields', json: Buffer.concat([...Array.from({ length: 30 }, (_, i) => part(`f${i}`, 'v')), ...fields, end]), contentType: multipart },
        { name: 'a 100 KiB field', json: Buffer.concat([part('query', 'q'.repeat(100 * 1024)), ...fields, end]), contentType: multipart },
        { name: 'two files', json: Buffer.concat([...fields, file, file, end]), contentType: multipart },
        { name: 'a file under another name', json: Buffer.concat([...fields, part('surprise', pdf, 'x.pdf'), end]), contentType: multipart },
        { name: 'a field named __proto__', json: Buffer.concat([part('__proto__', 'polluted'), part('constructor[prototype][polluted]', 'yes'), ...fields, end]), contentType: multipart },
        { name: 'a header without a name', json: Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data\r\n\r\nx\r\n`), ...fields, end]), contentType: multipart },
        { name: 'garbage', json: Buffer.from('\u0000\u0001garbage'), contentType: multipart },
        { name: 'urlencoded with bad escapes', json: 'session_id=%E0%A4%A&query=%00%ZZ&&=&a[b]=c', contentType: 'application/x-www-form-urlencoded' },
        { name: 'urlencoded, 2000 parameters', json: Array.from({ length: 2000 }, (_, i) => `p${i}=1`).join('&'), contentType: 'application/x-www-form-urlencoded' },
        { name: 'urlencoded over 1 MiB', json: `query=${'x'.repeat(1_100_000)}`, contentType: 'application/x-www-form-urlencoded' },
        { name: 'JSON', json: toJson(fromPlain(baseBody(op))), contentType: 'application/json' },
        { name: 'JSON 10k deep', json: '{"a":'.repeat(10_000) + '1' + '}'.repeat(10_000), contentType: 'application/json' },
        { name: 'text/plain', json: 'hello', contentType: 'text/plain' },
      ];
      for (const c of cases) {
        const problem = violation(await send(op, ownPath(op), c));
        if (problem) local.push(`${label(op)} [${c.name}]: ${problem}`);
      }
      await expectHealthy(label(op), local);
    }
    expect(local).toEqual([]);
  });

  const paramLabel = (op: ParamOperation) => `${op.method.toUpperCase()} ${op.path}`;

  it('finds the operations that take path or query parameters but no body', () => {
    expect(paramOps.map(paramLabel)).toEqual(
      expect.arrayContaining(['GET /api/v1/documents/me', 'GET /api/v1/dashboard', 'GET /api/v1/nexus/doc-fetch/{job_id}', 'DELETE /api/v1/webhooks/{webhook_id}']),
    );
    expect(paramOps.every((op) => op.pathParams.length || Object.keys(op.query).length)).toBe(true);
  });

  it('random path and query parameters: hostile ids and values, repeated, unknown and out-of-range keys — never a 5xx', async () => {
    const failures: string[] = [];
    const perOp = Math.max(1_000, Math.floor(BUDGET_MS / paramOps.length));
    const NUMBERS = ['-1', '0', '1.5', '1e309', '99999999999999999999', '2147483648', 'NaN', ' 7', '0x10', ''];
    const shortHostile = hostileString.filter((s) => s.length < 200);
    for (const [i, op] of paramOps.entries()) {
      const names = Object.keys(op.query);
      const pathArb = pathArbitrary(op.pathParams);
      const valueOf = (name: string): fc.Arbitrary<string> => {
        const schema = op.query[name];
        const valid = fc.constant(String(sampleOf(schema)));
        const numeric = schema.type === 'integer' || schema.type === 'number' ? [fc.constantFrom(...NUMBERS)] : [];
        const listed = schema.enum?.length ? [fc.constantFrom(...schema.enum.map(String), 'holdings ', 'original')] : [];
        return fc.oneof(valid, hostileString.filter((s) => s.length < 2_000), ...numeric, ...listed);
      };
      // Each entry a [key, value] pair: the same key twice is a list to Express's query parser.
      const pairs: fc.Arbitrary<Array<[string, string]>> = names.length
        ? fc.oneof(
            fc.tuple(...names.map((n) => fc.option(valueOf(n), { nil: undefined }))).map((values) => names.flatMap((n, k) => (values[k] === undefined ? [] : [[n, values[k]!] as [string, string]]))),
            fc.tuple(fc.constantFrom(...names), fc.array(shortHostile, { minLength: 2, maxLength: 3 })).map(([n, vs]) => vs.map((v) => [n, v] as [string, string])),
            fc.tuple(fc.constantFrom(...names), shortHostile).map(([n, v]) => [[`${n}[a]`, v] as [string, string]]),
            fc.tuple(hostileKey, shortHostile).map(([k, v]) => [[k, v] as [string, string]]),
          )
        : fc.option(fc.tuple(hostileKey, shortHostile).map(([k, v]) => [[k, v] as [string, string]]), { nil: [] as Array<[string, string]> });
      const property = fc.asyncProperty(pathArb, pairs, async (params, query) => {
        const qs = query.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&');
        const url = `${pathOf(op, params)}${qs ? `?${qs}` : ''}`;
        const started = Date.now();
        const res = await (t.http as any)[op.method](url).set(bearer(acme.admin)).timeout({ deadline: 20_000 });
        const problem = violation({ status: res.status, body: res.body, text: res.text ?? '', ms: Date.now() - started });
        if (problem) throw new Error(`${problem}\n  url: ${url.slice(0, 300)}`);
      });
      try {
        await fc.assert(property, { seed: SEED + 1000 + i, numRuns: RUNS, interruptAfterTimeLimit: perOp, markInterruptAsFailure: false, endOnFailure: true });
      } catch (error) {
        failures.push(failureOf(paramLabel(op), SEED + 1000 + i, error));
      }
      await expectHealthy(paramLabel(op), failures);
    }
    expect(failures).toEqual([]);
  });

  it('is still up and unpolluted afterwards, and the caller can still work', async () => {
    expect((await t.http.get('/api/v1/health')).status).toBe(200);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(prototypeIntact()).toBe(true);
    const me = await t.http.get('/api/v1/users/me').set(bearer(acme.admin));
    expect(me.status).toBe(200);
  });
});
