import { BadRequestException, NotFoundException, PayloadTooLargeException } from '@nestjs/common';
import { describe, expect, it } from '@jest/globals';
import { QueryFailedError, QueryRunnerAlreadyReleasedError, QueryRunnerProviderAlreadyReleasedError } from 'typeorm';
import { AppException } from '../../src/common/errors/app.exception.js';
import { DependencyTimeout, isDependencyUnavailable } from '../../src/common/errors/dependency-errors.js';
import { toErrorResponse } from '../../src/common/errors/error-response.js';
import { LlmError } from '../../src/modules/llm/llm-provider.js';
import { StorageUnavailable, StoredObjectMissing } from '../../src/modules/nexus/storage/document-storage.js';

const pgError = (code: string) => new QueryFailedError('SELECT secret FROM users', [], Object.assign(new Error('relation "users" leaked'), { code }));

describe('toErrorResponse', () => {
  it.each([
    { name: 'an AppException', error: new AppException('RATE_LIMITED', 'slow down', { headers: { 'Retry-After': '5' } }), status: 429, code: 'RATE_LIMITED' },
    { name: 'an unknown route', error: new NotFoundException('Cannot GET /x'), status: 404, code: 'ROUTE_NOT_FOUND' },
    { name: 'a plain bad request', error: new BadRequestException('nope'), status: 400, code: 'BAD_REQUEST' },
    { name: 'multer’s file too large', error: new PayloadTooLargeException('File too large'), status: 413, code: 'PAYLOAD_TOO_LARGE' },
    { name: 'malformed JSON from body-parser', error: Object.assign(new SyntaxError('Unexpected token'), { type: 'entity.parse.failed', status: 400 }), status: 400, code: 'MALFORMED_JSON' },
    { name: 'a body over the limit', error: Object.assign(new Error('request entity too large'), { type: 'entity.too.large', status: 413 }), status: 413, code: 'PAYLOAD_TOO_LARGE' },
    { name: 'a unique violation', error: pgError('23505'), status: 409, code: 'CONFLICT' },
    { name: 'a bad uuid in SQL', error: pgError('22P02'), status: 400, code: 'VALIDATION_ERROR' },
  ])('maps $name to $error $status', ({ error, status, code }) => {
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
    { name: 'a refused connection (pg-pool)', error: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }) },
    { name: 'PostgreSQL starting up (57P03)', error: Object.assign(new Error('the database system is starting up'), { code: '57P03' }) },
    { name: 'a session ended by a fast shutdown (57P01), wrapped by TypeORM', error: pgError('57P01') },
    { name: 'a connection lost mid-query, wrapped by TypeORM', error: new QueryFailedError('SELECT 1', [], new Error('Connection terminated unexpectedly')) },
    { name: 'pg-pool giving up on a connection', error: new Error('timeout exceeded when trying to connect') },
    { name: 'a hung PostgreSQL: no answer within DATABASE_QUERY_TIMEOUT_MS, wrapped by TypeORM', error: new QueryFailedError('SELECT 1', [], new Error('Query read timeout')) },
    { name: 'ioredis without a connection', error: new Error("Stream isn't writeable and enableOfflineQueue options is false") },
    { name: 'ioredis giving up', error: Object.assign(new Error('Reached the max retries per request limit (which is 20).'), { name: 'MaxRetriesPerRequestError' }) },
    { name: 'a wait for Redis past its deadline', error: new DependencyTimeout('Redis did not answer within 1000 ms') },
    { name: "a transaction's next statement after PostgreSQL cut its connection (TypeORM released the query runner)", error: new QueryRunnerAlreadyReleasedError() },
    { name: "a transaction's next statement after PostgreSQL cut its connection (TypeORM released the runner's connection)", error: new QueryRunnerProviderAlreadyReleasedError() },
  ])('maps $name to 503 SERVICE_UNAVAILABLE with Retry-After and no driver message', ({ error }) => {
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
    { name: 'a schema error', error: pgError('42P01') },
    { name: 'a unique violation', error: pgError('23505') },
    { name: 'a bug', error: new TypeError('x is not a function') },
  ])('does not take $name for an unavailable dependency', ({ error }) => {
    expect(isDependencyUnavailable(error)).toBe(false);
  });

  it.each(['ENOSPC', 'EDQUOT'])('maps a full document store (%s) to 507 INSUFFICIENT_STORAGE, logged', (code) => {
    const r = toErrorResponse(Object.assign(new Error(`${code}: no space left on device, write`), { code, errno: -28, syscall: 'write' }), 'req-9');
    expect({ status: r.status, code: r.body.error?.code, unexpected: r.unexpected }).toEqual({ status: 507, code: 'INSUFFICIENT_STORAGE', unexpected: true });
    expect(JSON.stringify(r.body)).not.toContain('no space left on device');
  });

  it('maps a document store that does not answer to 503 STORAGE_UNAVAILABLE with Retry-After, logged, without the store\'s message; pipeline stages count it as a dependency away', () => {
    const error = new StorageUnavailable('The document store failed storing ten_x/y.pdf: TimeoutError: connect ETIMEDOUT 10.0.0.9:443', { cause: new Error('socket') });
    const r = toErrorResponse(error, 'req-9');
    expect(r).toMatchObject({ status: 503, headers: { 'Retry-After': expect.any(String) }, unexpected: true });
    expect(r.body.error).toMatchObject({ code: 'STORAGE_UNAVAILABLE' });
    expect(JSON.stringify(r.body)).not.toContain('10.0.0.9');
    expect(r.body.error?.details).toContain('req-9');
    expect(isDependencyUnavailable(error)).toBe(true);
  });

  it('maps an object missing from a store that answers to 410 FILE_NOT_STORED with a warning, not 503 or 500, without the key; not a dependency away', () => {
    const error = new StoredObjectMissing('ten_x/0b5c3e2a-1f4d-4c1e-9a7b-2d3e4f5a6b7c.pdf');
    const r = toErrorResponse(error, 'req-11');
    expect(r).toMatchObject({ status: 410, headers: {}, unexpected: false, warning: expect.stringContaining('stored object missing') });
    expect(r.body.error).toMatchObject({ code: 'FILE_NOT_STORED' });
    expect(r.body.error?.details).toContain('req-11');
    expect(JSON.stringify(r.body)).not.toContain('ten_x');
    expect(isDependencyUnavailable(error)).toBe(false);
  });

  it("maps PostgreSQL's disk being full (53100) to 507 INSUFFICIENT_STORAGE, logged, without the SQL", () => {
    const r = toErrorResponse(pgError('53100'), 'req-10');
    expect({ status: r.status, code: r.body.error?.code, unexpected: r.unexpected }).toEqual({ status: 507, code: 'INSUFFICIENT_STORAGE', unexpected: true });
    expect(JSON.stringify(r.body)).not.toMatch(/secret|leaked/);
  });

  // Two requests on the same rows: the transaction was rolled back, so retrying is safe.
  it.each([
    { name: 'a deadlock (40P01)', sqlState: '40P01', logged: true },
    { name: 'a serialization failure (40001)', sqlState: '40001', logged: true },
    { name: 'a foreign-key violation (23503): the row it referred to was deleted meanwhile', sqlState: '23503', logged: false },
  ])('maps $name to 409 CONFLICT, without the SQL', ({ sqlState, logged }) => {
    const r = toErrorResponse(pgError(sqlState), 'req-11');
    expect({ status: r.status, code: r.body.error?.code, unexpected: r.unexpected }).toEqual({ status: 409, code: 'CONFLICT', unexpected: logged });
    expect(JSON.stringify(r.body)).not.toMatch(/secret|leaked/);
  });

  it.each([
    { name: 'an unreachable or failing model', error: new LlmError('LLM_UNAVAILABLE', 'The language model is unavailable (HTTP 500); try again later', true), status: 503, headers: { 'Retry-After': '5' } },
    { name: 'a model that refused the request', error: new LlmError('LLM_REQUEST_REJECTED', 'The language model rejected the request (HTTP 400)', false), status: 502, headers: {} },
  ])('maps $name (LlmError) to its own code and status', ({ error, status, headers }) => {
    const r = toErrorResponse(error, 'req-12');
    expect({ status: r.status, headers: r.headers, unexpected: r.unexpected }).toEqual({ status, headers, unexpected: false });
    expect(r.body).toEqual({ success: false, message: error.message, error: { code: error.code, details: error.message }, result: null });
  });
});
