// The pieces of GET /api/v1/documents/me measured apart, by the CPU time this one process spends on
// each (process.cpuUsage, the lowest of three rounds), so that a busy machine's scheduling does not
// count: the token's verification, the query's validation, the guard's session statement, the page's
// statement and its decoding, the answer's serialisation.
// Run on a database seeded by bench:load (`BENCH_KEEP_DB=1`; with `BENCH_BASELINE_SETUP` applied it
// also measures the page read as the ready text the build with the shortcuts used):
//   npm run build && BENCH_DATABASE_URL=postgres://…/foliodesk_bench_load node bench/read-pieces.mjs
import 'reflect-metadata';
import { createHash, createSecretKey } from 'node:crypto';
import jwt from 'jsonwebtoken';
import pg from 'pg';
import { ROOT } from './lib.mjs';

const DB_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/foliodesk_bench_load';
await import(`${ROOT}dist/src/app.module.js`); // every DTO's validation metadata, as in the service
const { createValidationPipe } = await import(`${ROOT}dist/src/common/http/validation.js`);
const { DocumentListQueryDto, toDocumentListItem } = await import(`${ROOT}dist/src/modules/nexus/dto/document.dto.js`);
const { DropOnTimeoutClient } = await import(`${ROOT}dist/src/database/drop-on-timeout-client.js`);
const { ok } = await import(`${ROOT}dist/src/common/http/envelope.js`);

const pool = new pg.Pool({ connectionString: DB_URL, max: 20, query_timeout: 30_000, Client: DropOnTimeoutClient });
const ISO = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;
const PAGE = `FROM documents WHERE tenant_id = $1 AND owner_id = $2 ORDER BY created_at DESC, id DESC LIMIT $3 OFFSET $4`;
const LIST = { name: 'list', text: `SELECT id, job_id AS "jobId", file_name AS "fileName", status, classification, confidence_score AS "confidenceScore",
  to_char(created_at AT TIME ZONE 'UTC', ${ISO}) AS "createdAt", to_char(updated_at AT TIME ZONE 'UTC', ${ISO}) AS "updatedAt" ${PAGE}` };
const READY = { name: 'ready', text: `SELECT '[' || coalesce(string_agg(list_item, ',' ORDER BY created_at DESC, id DESC), '') || ']' AS page FROM (SELECT list_item, created_at, id ${PAGE}) p` };
const SESSION = { name: 'session', text: `SELECT (s.revoked_at IS NOT NULL OR s.absolute_expires_at <= now()) AS session_ended, u.disabled_at IS NOT NULL AS user_disabled,
  u.role AS user_role, u.email AS user_email, u.tenant_id AS user_tenant_id FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.id = $1 AND s.user_id = $2` };

const { rows: [owner] } = await pool.query('SELECT tenant_id, owner_id FROM documents GROUP BY 1, 2 ORDER BY count(*) DESC LIMIT 1');
const { rows: [session] } = await pool.query('SELECT id FROM sessions WHERE user_id = $1 LIMIT 1', [owner.owner_id]);
const { rows: [{ ready }] } = await pool.query(`SELECT count(*) > 0 AS ready FROM information_schema.columns WHERE table_name = 'documents' AND column_name = 'list_item'`);
const page = [owner.tenant_id, owner.owner_id, 50, 0];
const key = createSecretKey(Buffer.from('bench-jwt-secret-0123456789abcdef0123456789'));
const token = jwt.sign({ sub: owner.owner_id, tid: owner.tenant_id, role: 'viewer', sid: session.id }, key, { algorithm: 'HS256', expiresIn: 900, issuer: 'foliodesk', audience: 'foliodesk-api' });
const pipe = createValidationPipe();
const query = { type: 'query', metatype: DocumentListQueryDto, data: undefined };
const rows = (await pool.query({ ...LIST, values: page })).rows;
const body = JSON.stringify(ok(rows.map(toDocumentListItem)));

const best = new Map();
/** CPU microseconds per call of `fn`, `inFlight` at a time. */
async function measure(name, fn, calls, inFlight = 1) {
  for (let i = 0; i < Math.min(calls, 1000); i++) await fn();
  const start = process.cpuUsage();
  let left = calls;
  await Promise.all(Array.from({ length: inFlight }, async () => { while (left-- > 0) await fn(); }));
  const used = process.cpuUsage(start);
  best.set(name, Math.min(best.get(name) ?? Infinity, (used.user + used.system) / calls));
}
for (let round = 0; round < 3; round++) {
  await measure('verify the access token (jsonwebtoken)', () => jwt.verify(token, key, { algorithms: ['HS256'], issuer: 'foliodesk', audience: 'foliodesk-api' }), 20_000);
  await measure('validate the empty query (the validation pipe)', () => pipe.transform({}, query), 20_000);
  await measure('session statement, 8 in flight', () => pool.query({ ...SESSION, values: [session.id, owner.owner_id] }), 3000, 8);
  await measure(`page statement, ${rows.length} rows decoded, 8 in flight`, () => pool.query({ ...LIST, values: page }), 3000, 8);
  await measure('page statement, 1 row, 8 in flight', () => pool.query({ ...LIST, values: [owner.tenant_id, owner.owner_id, 1, 0] }), 3000, 8);
  if (ready) await measure(`the same page as one ready text (list_item), 8 in flight`, () => pool.query({ ...READY, values: page }), 3000, 8);
  await measure('map the rows, envelope, JSON.stringify', () => JSON.stringify(ok(rows.map(toDocumentListItem))), 5000);
  await measure('Buffer of the answer (Express, for its length)', () => Buffer.from(body), 5000);
  // What Express's default ETag hashed (the etag package: SHA-1 of the body), now off.
  await measure('SHA-1 of the answer (the ETag Express computed before)', () => createHash('sha1').update(Buffer.from(body)).digest('base64'), 5000);
}
console.log(`| piece of GET /api/v1/documents/me | µs of CPU |\n|---|---|`);
for (const [name, us] of best) console.log(`| ${name} | ${us.toFixed(1)} |`);
await pool.end();
