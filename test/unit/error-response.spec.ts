import { BadRequestException, NotFoundException, PayloadTooLargeException } from '@nestjs/common';
import { describe, expect, it } from '@jest/globals';
import { QueryFailedError } from 'typeorm';
import { AppException } from '../../src/common/errors/app.exception.js';
import { toErrorResponse } from '../../src/common/errors/error-response.js';

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
});
