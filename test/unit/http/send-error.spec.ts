import { describe, expect, it } from '@jest/globals';
import type { Request, Response } from 'express';
import type { Logger } from 'pino';
import { sendError } from '../../../src/common/http/all-exceptions.filter.js';
import { StorageUnavailable, StoredObjectMissing } from '../../../src/modules/nexus/storage/document-storage.js';

// What the server log says of a file gone from the store (a warning naming the key, for an operator)
// against a store that does not answer (a warning of its own), and what the client is answered.
function send(exception: unknown) {
  const lines: Array<{ level: string; fields: Record<string, unknown>; message: string }> = [];
  const at = (level: string) => (fields: Record<string, unknown>, message: string) => lines.push({ level, fields, message });
  const logger = { warn: at('warn'), error: at('error') } as unknown as Logger;
  const answer: { status?: number; body?: any } = {};
  const res = {
    headersSent: false,
    removeHeader: () => undefined,
    setHeader: () => undefined,
    status(code: number) {
      answer.status = code;
      return this;
    },
    json(body: unknown) {
      answer.body = body;
    },
  } as unknown as Response;
  sendError(exception, { method: 'GET', path: '/api/v1/nexus/doc-fetch/j' } as Request, res, logger);
  return { lines, answer };
}

describe('sendError: a stored file gone, and a store away', () => {
  it('a missing object: 410 FILE_NOT_STORED to the client, a warning with its key in the log (no error, no stack)', () => {
    const key = 'ten_a/0b5c3e2a-1f4d-4c1e-9a7b-2d3e4f5a6b7c.pdf';
    const { lines, answer } = send(new StoredObjectMissing(key));
    expect(answer).toMatchObject({ status: 410, body: { success: false, error: { code: 'FILE_NOT_STORED' } } });
    expect(lines).toEqual([{ level: 'warn', fields: expect.objectContaining({ key, method: 'GET', path: '/api/v1/nexus/doc-fetch/j' }), message: expect.stringContaining('stored object missing') }]);
  });

  it('the store away: 503 STORAGE_UNAVAILABLE, logged as a dependency away', () => {
    const { lines, answer } = send(new StorageUnavailable('The document store failed reading ten_a/x.pdf: ECONNREFUSED'));
    expect(answer).toMatchObject({ status: 503, body: { error: { code: 'STORAGE_UNAVAILABLE' } } });
    expect(lines.map((l) => [l.level, l.message])).toEqual([['warn', 'dependency unavailable']]);
  });
});
