/**
 * The machine's ceiling for the load benchmark (bench/load.ts): a bare NestJS application on the same
 * Express adapter, with the service's own envelope interceptor and validation pipe, and no
 * middleware, authentication or database. Its routes answer the JSON the real routes answered in the
 * same run (read from BARE_FIXTURE), so the difference is everything the service does around it.
 * With BARE_DATABASE_URL and JWT_SECRET it also serves the floor (see BareController.floor).
 * Run by bench/load.ts as its own process: `node dist-bench/bench/bare-app.js` (BARE_PORT, BARE_FIXTURE).
 */
import 'reflect-metadata';
import { createSecretKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Body, Controller, Get, HttpCode, Module, Post, Query, Req, UseInterceptors } from '@nestjs/common';
import { APP_INTERCEPTOR, NestFactory } from '@nestjs/core';
import { NoFilesInterceptor, type NestExpressApplication } from '@nestjs/platform-express';
import type { Request } from 'express';
import jwt from 'jsonwebtoken';
import pg from 'pg';
import { JsonText } from '../src/common/http/envelope.js';
import { EnvelopeInterceptor } from '../src/common/http/envelope.interceptor.js';
// The service's own DTOs, so that the ceiling validates exactly what the real routes validate.
import { DocumentListQueryDto } from '../src/modules/nexus/dto/document.dto.js';
import { InvokeDto } from '../src/modules/zen/chat/dto/chat.dto.js';
import { createValidationPipe } from '../src/common/http/validation.js';

interface Fixture {
  /** The `result` of GET /api/v1/documents/me. */
  documents: unknown[];
  /** The `result` of POST /api/v1/zen/chat/invoke. */
  invoke: unknown;
}

const fixture = JSON.parse(readFileSync(process.env.BARE_FIXTURE ?? '', 'utf8')) as Fixture;

// The floor (BARE_DATABASE_URL set): the same route plus only the database work the service's rules
// require of it, done the cheapest way known: verify the Bearer token, then the session/user check and
// the page joined from the documents' ready items (`list_item`) in one prepared statement on a plain
// pg pool, the page answered as the text PostgreSQL built. No middleware, no guard machinery, no ORM.
// The `steps` routes take the work apart, and show the ways it was done before.
const pool = process.env.BARE_DATABASE_URL ? new pg.Pool({ connectionString: process.env.BARE_DATABASE_URL, max: 20 }) : null;
const key = createSecretKey(Buffer.from(process.env.JWT_SECRET ?? '', 'utf8'));
const ISO_UTC = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;
const SESSION = `SELECT s.revoked_at, s.absolute_expires_at, u.disabled_at, u.role, u.email, u.tenant_id
                   FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.id = $1 AND s.user_id = $2`;
const LIST = `SELECT id, job_id, file_name, status, classification, confidence_score,
                     to_char(created_at AT TIME ZONE 'UTC', ${ISO_UTC}) AS created_at, to_char(updated_at AT TIME ZONE 'UTC', ${ISO_UTC}) AS updated_at
                FROM documents WHERE tenant_id = $1 AND owner_id = $2 ORDER BY created_at DESC, id DESC LIMIT $3 OFFSET $4`;

const MERGED = `SELECT s.revoked_at, s.absolute_expires_at, u.disabled_at, u.role, u.email, u.tenant_id,
                       (SELECT coalesce(json_agg(d), '[]')::text FROM (${LIST.replace('$1', 'u.tenant_id').replace('$2', 'u.id')}) d) AS docs
                  FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.id = $1 AND s.user_id = $2`;

const READY = `SELECT s.revoked_at, s.absolute_expires_at, u.disabled_at,
                      (SELECT coalesce('[' || string_agg(p.list_item, ',' ORDER BY p.created_at DESC, p.id DESC) || ']', '[]')
                         FROM (SELECT list_item, created_at, id FROM documents WHERE tenant_id = u.tenant_id AND owner_id = u.id
                                ORDER BY created_at DESC, id DESC LIMIT $3 OFFSET $4) p) AS items
                 FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.id = $1 AND s.user_id = $2`;

type Claims = { sub: string; tid: string; sid: string };
const claimsOf = (req: Request) => jwt.verify((req.headers.authorization ?? '').slice(7), key, { algorithms: ['HS256'] }) as Claims;
async function checkSession(claims: Claims) {
  const [session] = (await pool!.query({ name: 'session', text: SESSION, values: [claims.sid, claims.sub] })).rows;
  if (!session || session.revoked_at || session.disabled_at) throw new Error('revoked');
}
const asItem = (d: Record<string, unknown>) => ({ doc_id: d.id, job_id: d.job_id, file_name: d.file_name, status: d.status, classification: d.classification, confidence_score: d.confidence_score, created_at: d.created_at, updated_at: d.updated_at });
const list = async (claims: Claims, query: DocumentListQueryDto) =>
  (await pool!.query({ name: 'list', text: LIST, values: [claims.tid, claims.sub, query.limit, query.skip] })).rows.map(asItem);

@Controller('api/v1')
class BareController {
  @Get('floor/documents/me')
  async floor(@Req() req: Request, @Query() query: DocumentListQueryDto) {
    const claims = claimsOf(req);
    const [row] = (await pool!.query({ name: 'ready', text: READY, values: [claims.sid, claims.sub, query.limit, query.skip] })).rows;
    if (!row || row.revoked_at || row.disabled_at) throw new Error('revoked');
    return new JsonText(row.items);
  }

  // The floor taken apart (BENCH_ONLY=steps): each step's cost is its difference to the one before.
  @Get('steps/jwt')
  stepJwt(@Req() req: Request, @Query() query: DocumentListQueryDto) {
    claimsOf(req);
    return this.documents(query);
  }

  @Get('steps/session')
  async stepSession(@Req() req: Request, @Query() query: DocumentListQueryDto) {
    await checkSession(claimsOf(req));
    return this.documents(query);
  }

  @Get('steps/list')
  stepList(@Req() req: Request, @Query() query: DocumentListQueryDto) {
    return list(claimsOf(req), query);
  }

  /** The session check, then the list decoded row by row: two round trips (the floor until 2026-11-23). */
  @Get('steps/separate')
  async stepSeparate(@Req() req: Request, @Query() query: DocumentListQueryDto) {
    const claims = claimsOf(req);
    await checkSession(claims);
    return list(claims, query);
  }

  /** The session check and the list in one statement (one round trip), the list as JSON built by PostgreSQL. */
  @Get('steps/merged')
  async stepMerged(@Req() req: Request, @Query() query: DocumentListQueryDto) {
    const claims = claimsOf(req);
    const [row] = (await pool!.query({ name: 'merged', text: MERGED, values: [claims.sid, claims.sub, query.limit, query.skip] })).rows;
    if (!row || row.revoked_at || row.disabled_at) throw new Error('revoked');
    return (JSON.parse(row.docs) as Array<Record<string, unknown>>).map(asItem);
  }

  @Get('documents/me')
  documents(@Query() query: DocumentListQueryDto) {
    return fixture.documents.slice(query.skip, query.skip + query.limit);
  }

  @Post('zen/chat/invoke')
  @HttpCode(200)
  @UseInterceptors(NoFilesInterceptor())
  invoke(@Body() _dto: InvokeDto) {
    return fixture.invoke;
  }
}

@Module({ controllers: [BareController], providers: [{ provide: APP_INTERCEPTOR, useClass: EnvelopeInterceptor }] })
class BareModule {}

const app = await NestFactory.create<NestExpressApplication>(BareModule, { logger: false });
app.useGlobalPipes(createValidationPipe());
await app.listen(Number(process.env.BARE_PORT ?? 3999), '127.0.0.1');
process.send?.('ready');
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
