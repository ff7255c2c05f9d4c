import { describe, expect, it } from '@jest/globals';
import { QueryFailedError } from 'typeorm';
import { createLogger } from '../../../src/common/logging/logger.js';

/** What the logger writes for `logger.error({ err }, …)`, parsed. */
function logged(err: unknown): Record<string, any> {
  const lines: string[] = [];
  createLogger('info', { write: (line: string) => void lines.push(line) }).error({ err, requestId: 'req-1' }, 'unhandled error');
  expect(lines).toHaveLength(1);
  return JSON.parse(lines[0]);
}

const QUESTION = 'My PAN is ABCDE1234F, what is my total value?';
const SQL = 'INSERT INTO "chat_messages"("id", "session_id", "content") VALUES ($1, $2, $3)';

describe('logger: failed SQL statements', () => {
  const failedInsert = () =>
    new QueryFailedError(
      SQL,
      ['0b7c2f0e-0000-4000-8000-000000000001', '0b7c2f0e-0000-4000-8000-000000000002', QUESTION],
      Object.assign(new Error('insert or update on table "chat_messages" violates foreign key constraint "FK_chat_messages_session"'), {
        code: '23503',
        detail: `Failing row contains (0b7c2f0e-0000-4000-8000-000000000001, ${QUESTION}).`,
        constraint: 'FK_chat_messages_session',
        parameters: [QUESTION],
      }),
    );

  it('logs the SQL text, the SQLSTATE and the constraint, but never the values bound to it', () => {
    const line = logged(failedInsert());
    const text = JSON.stringify(line);
    expect(text).not.toContain('ABCDE1234F');
    expect(line.err).toMatchObject({ type: 'QueryFailedError', query: SQL, code: '23503', constraint: 'FK_chat_messages_session' });
    expect(line.err).not.toHaveProperty('parameters');
    expect(line.err).not.toHaveProperty('detail');
    expect(line.err.driverError).toMatchObject({ code: '23503' });
    expect(line.err.driverError).not.toHaveProperty('parameters');
    expect(line.err.message).toContain('violates foreign key constraint');
    expect(line.requestId).toBe('req-1');
  });

  it('drops them however deep the failed statement sits, and leaves the error itself unchanged', () => {
    const error = failedInsert();
    const wrapper = Object.assign(new Error('could not store the answer'), { context: { failed: error, at: 'chat' } });
    expect(JSON.stringify(logged(wrapper))).not.toContain('ABCDE1234F');
    expect(error.parameters).toContain(QUESTION);
  });

  it('logs other errors as before: type, message, stack and own fields', () => {
    const line = logged(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED', port: 5432 }));
    expect(line.err).toMatchObject({ type: 'Error', message: 'connect ECONNREFUSED 127.0.0.1:5432', code: 'ECONNREFUSED', port: 5432, stack: expect.stringContaining('Error: connect') });
  });
});
