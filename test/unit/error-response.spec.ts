import { BadRequestException, NotFoundException, PayloadTooLargeException } from '@nestjs/common';
import { describe, expect, it } from '@jest/globals';
import { QueryFailedError } from 'typeorm';
import { AppException } from '../../src/common/errors/app.exception.js';
import { DependencyTimeout, isDependencyUnavailable } from '../../src/common/errors/dependency-errors.js';
import { toErrorResponse } from '../../src/common/errors/error-response.js';
import { LlmError } from '../../src/modules/llm/llm-provider.js';

const pgError = (code: string) => new QueryFailedError('SELECT secret FROM users', [], Object.assign(new Error('relation "users" leaked'), { code }));

describe('toErrorResponse', () => {
  it.each([
    ['an AppException', new AppException('RATE_LIMITED', 'slow down', { headers: { 'Retry-After': '5' } }), 429, 'RATE_LIMITED'],
    ['an unknown route', new NotFoundException('Cannot GET /x'), 404, 'ROUTE_NOT_FOUND'],
    ['a plain bad request', new BadRequestException('nope'), 400, 'BAD_REQUEST'],
    ['multer’s file too large', new PayloadTooLargeException('File too large'), 413, 'PAYLOAD_TOO_LARGE'],
    ['malformed JSON from body-parser', Object.assign(new SyntaxError('Unexpected token'), { type: 'entity.parse.failed', status: 400 }), 400, 'MALFORMED_JSON'],
    ['a body over the limit', Object.assign(new Error('request entity too large'), { type: 'entity.too.large', status: 413 }), 413, 'PAYLOAD_TOO_LARGE'],
    ['a unique violation', pgError('23505'), 409, 'CONFLICT'],
    ['a bad uuid in SQL', pgError('22P02'), 400, 'VALIDATION_ERROR'],
  ])('maps %s to %i %s', (_name, error, status, code) => {
    const r = toErrorResponse(error, 'req-1');
    expect(r.status).toBe(status);
    expect(r.body).toMatchObject({ success: false, result: null, error: { code } });
    expect(r.unexpected).toBe(false);
  });

  it('turns anything else into a safe 500 that carries the request id and no internals', () => {
    for (const error of [new TypeError('Cannot read properties of undefined (reading "x")'), pgError('42P01'), 'a string', null]) {
      const r = toErrorResponse(error, 'req-42');
      expect(r.status).toBe(500);
      expect(r.unexpected).toBe(true);
      expect(r.body).toEqual({ success: false, message: 'An internal error occurred', error: { code: 'INTERNAL_ERROR', details: 'Reference: req-42' }, result: null });
    }
  });

  it('passes Retry-After through from an AppException', () => {
    expect(toErrorResponse(new AppException('RATE_LIMITED', 'x', { headers: { 'Retry-After': '5' } }), 'r').headers).toEqual({ 'Retry-After': '5' });
  });

  // PostgreSQL or Redis away: what the fault tests (test/e2e/faults-*.e2e-spec.ts) met, one case each.
  it.each([
    ['a refused connection (pg-pool)', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    ['PostgreSQL starting up (57P03)', Object.assign(new Error('the database system is starting up'), { code: '57P03' })],
    ['a session ended by a fast shutdown (57P01), wrapped by TypeORM', pgError('57P01')],
    ['a connection lost mid-query, wrapped by TypeORM', new QueryFailedError('SELECT 1', [], new Error('Connection terminated unexpectedly'))],
    ['pg-pool giving up on a connection', new Error('timeout exceeded when trying to connect')],
    ['a hung PostgreSQL: no answer within DATABASE_QUERY_TIMEOUT_MS, wrapped by TypeORM', new QueryFailedError('SELECT 1', [], new Error('Query read timeout'))],
    ['ioredis without a connection', new Error("Stream isn't writeable and enableOfflineQueue options is false")],
    ['ioredis giving up', Object.assign(new Error('Reached the max retries per request limit (which is 20).'), { name: 'MaxRetriesPerRequestError' })],
    ['a wait for Redis past its deadline', new DependencyTimeout('Redis did not answer within 1000 ms')],
  ])('maps %s to 503 SERVICE_UNAVAILABLE with Retry-After and no driver message', (_name, error) => {
    expect(isDependencyUnavailable(error)).toBe(true);
    const r = toErrorResponse(error, 'req-7');
    expect({ status: r.status, headers: r.headers, unexpected: r.unexpected }).toEqual({ status: 503, headers: { 'Retry-After': '5' }, unexpected: true });
    expect(r.body).toEqual({
      success: false,
      message: 'A dependency is unavailable',
      error: { code: 'SERVICE_UNAVAILABLE', details: 'A dependency is not answering; retry shortly. Reference: req-7' },
      result: null,
    });
  });

  it.each([
    ['a schema error', pgError('42P01')],
    ['a unique violation', pgError('23505')],
    ['a bug', new TypeError('x is not a function')],
  ])('does not take %s for an unavailable dependency', (_name, error) => {
    expect(isDependencyUnavailable(error)).toBe(false);
  });

  it.each(['ENOSPC', 'EDQUOT'])('maps a full document store (%s) to 507 INSUFFICIENT_STORAGE, logged', (code) => {
    const r = toErrorResponse(Object.assign(new Error(`${code}: no space left on device, write`), { code, errno: -28, syscall: 'write' }), 'req-9');
    expect({ status: r.status, code: r.body.error?.code, unexpected: r.unexpected }).toEqual({ status: 507, code: 'INSUFFICIENT_STORAGE', unexpected: true });
    expect(JSON.stringify(r.body)).not.toContain('no space left on device');
  });

  it("maps PostgreSQL's disk being full (53100) to 507 INSUFFICIENT_STORAGE, logged, without the SQL", () => {
    const r = toErrorResponse(pgError('53100'), 'req-10');
    expect({ status: r.status, code: r.body.error?.code, unexpected: r.unexpected }).toEqual({ status: 507, code: 'INSUFFICIENT_STORAGE', unexpected: true });
    expect(JSON.stringify(r.body)).not.toMatch(/secret|leaked/);
  });

  // Two requests on the same rows: the transaction was rolled back, so retrying is safe.
  it.each([
    ['a deadlock (40P01)', '40P01', true],
    ['a serialization failure (40001)', '40001', true],
    ['a foreign-key violation (23503): the row it referred to was deleted meanwhile', '23503', false],
  ])('maps %s to 409 CONFLICT, without the SQL', (_name, sqlState, logged) => {
    const r = toErrorResponse(pgError(sqlState), 'req-11');
    expect({ status: r.status, code: r.body.error?.code, unexpected: r.unexpected }).toEqual({ status: 409, code: 'CONFLICT', unexpected: logged });
    expect(JSON.stringify(r.body)).not.toMatch(/secret|leaked/);
  });

  it.each([
    ['an unreachable or failing model', new LlmError('LLM_UNAVAILABLE', 'The language model is unavailable (HTTP 500); try again later', true), 503, { 'Retry-After': '5' }],
    ['a model that refused the request', new LlmError('LLM_REQUEST_REJECTED', 'The language model rejected the request (HTTP 400)', false), 502, {}],
  ])('maps %s (LlmError) to its own code and status', (_name, error, status, headers) => {
    const r = toErrorResponse(error, 'req-12');
    expect({ status: r.status, headers: r.headers, unexpected: r.unexpected }).toEqual({ status, headers, unexpected: false });
    expect(r.body).toEqual({ success: false, message: error.message, error: { code: error.code, details: error.message }, result: null });
  });
});
