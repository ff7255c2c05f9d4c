import { describe, expect, it } from '@jest/globals';
import { describeDatabaseFailure, redactedDatabaseUrl } from '../../../src/database/connection-failure.js';

const url = 'postgres://foliodesk:s3cret@127.0.0.1:5499/foliodesk';
const failure = (message: string, code?: string) => Object.assign(new Error(message), code === undefined ? {} : { code });

describe('describeDatabaseFailure', () => {
  it('names DATABASE_URL, the address tried and the fix when PostgreSQL does not answer, never the password', () => {
    const line = describeDatabaseFailure(failure('connect ECONNREFUSED 127.0.0.1:5499', 'ECONNREFUSED'), url)!;
    expect(line).toContain('PostgreSQL is not answering at 127.0.0.1:5499');
    expect(line).toContain('DATABASE_URL=postgres://foliodesk:***@127.0.0.1:5499/foliodesk');
    expect(line).toContain('Start PostgreSQL');
    expect(line).not.toContain('s3cret');
  });

  it.each([
    ['getaddrinfo ENOTFOUND db.internal', 'ENOTFOUND', 'not answering'],
    ['Connection terminated due to connection timeout', undefined, 'not answering'],
    ['password authentication failed for user "foliodesk"', '28P01', 'refused the password'],
    ['SASL: SCRAM-SERVER-FIRST-MESSAGE: client password must be a string', undefined, 'refused the password'],
    ['no pg_hba.conf entry for host "10.0.0.5", user "foliodesk"', '28000', 'refused the connection'],
    ['permission denied to create database', '42501', 'npm run migrate'],
  ])('%s → %s', (message, code, expected) => {
    const line = describeDatabaseFailure(failure(message, code), url)!;
    expect(line).toContain(expected);
    expect(line).toContain('DATABASE_URL');
    expect(line).not.toContain('s3cret');
  });

  it('leaves other errors as they are', () => {
    expect(describeDatabaseFailure(failure('relation "documents" does not exist', '42P01'), url)).toBeNull();
    expect(describeDatabaseFailure('a string', url)).toBeNull();
  });
});

describe('redactedDatabaseUrl', () => {
  it.each([
    [url, 'postgres://foliodesk:***@127.0.0.1:5499/foliodesk'],
    ['postgres://postgres@127.0.0.1:5432/foliodesk', 'postgres://postgres@127.0.0.1:5432/foliodesk'],
    ['::not a url', '(an unreadable URL)'],
  ])('%s → %s', (given, shown) => {
    expect(redactedDatabaseUrl(given)).toBe(shown);
  });
});
