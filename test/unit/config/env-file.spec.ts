import { afterAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadEnvFile } from '../../../src/config/env-file.js';

const dir = mkdtempSync(join(tmpdir(), 'foliodesk-env-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const envFile = (text: string) => {
  const path = join(dir, `${Math.random().toString(36).slice(2)}.env`);
  writeFileSync(path, text);
  return path;
};

describe('loadEnvFile', () => {
  it('reads the file into the environment: comments, quotes and export are understood', () => {
    const env: NodeJS.ProcessEnv = {};
    const path = envFile('# the database\nDATABASE_URL=postgres://postgres:postgres@127.0.0.1:5432/foliodesk\nexport PORT=3100\nMAIL_FROM="Foliodesk <no-reply@example.in>" # the sender\n');
    expect(loadEnvFile(path, env)?.sort()).toEqual(['DATABASE_URL', 'MAIL_FROM', 'PORT']);
    expect(env).toEqual({ DATABASE_URL: 'postgres://postgres:postgres@127.0.0.1:5432/foliodesk', PORT: '3100', MAIL_FROM: 'Foliodesk <no-reply@example.in>' });
  });

  it('leaves a variable already in the environment as it is, even an empty one', () => {
    const env: NodeJS.ProcessEnv = { PORT: '4000', LOG_LEVEL: '' };
    const taken = loadEnvFile(envFile('PORT=3100\nLOG_LEVEL=debug\nROLE=api\n'), env);
    expect(taken).toEqual(['ROLE']);
    expect(env).toEqual({ PORT: '4000', LOG_LEVEL: '', ROLE: 'api' });
  });

  it('is not read under the test suite (NODE_ENV=test)', () => {
    const env: NodeJS.ProcessEnv = { NODE_ENV: 'test' };
    expect(loadEnvFile(envFile('DATABASE_URL=postgres://postgres@127.0.0.1:5432/foliodesk\n'), env)).toBeNull();
    expect(env).toEqual({ NODE_ENV: 'test' });
  });

  it('does nothing without a file', () => {
    const env: NodeJS.ProcessEnv = { PORT: '4000' };
    expect(loadEnvFile(join(dir, 'missing.env'), env)).toBeNull();
    expect(env).toEqual({ PORT: '4000' });
  });

  it('writes to process.env by default, the environment winning', () => {
    const before = process.env.FOLIODESK_ENV_FILE_SPEC_SET;
    const nodeEnv = process.env.NODE_ENV;
    process.env.FOLIODESK_ENV_FILE_SPEC_SET = 'from the environment';
    process.env.NODE_ENV = 'development';
    try {
      loadEnvFile(envFile('FOLIODESK_ENV_FILE_SPEC_SET=from the file\nFOLIODESK_ENV_FILE_SPEC_NEW=from the file\n'));
      expect(process.env.FOLIODESK_ENV_FILE_SPEC_SET).toBe('from the environment');
      expect(process.env.FOLIODESK_ENV_FILE_SPEC_NEW).toBe('from the file');
    } finally {
      if (nodeEnv === undefined) delete process.env.NODE_ENV;
      else process.env.NODE_ENV = nodeEnv;
      delete process.env.FOLIODESK_ENV_FILE_SPEC_NEW;
      if (before === undefined) delete process.env.FOLIODESK_ENV_FILE_SPEC_SET;
      else process.env.FOLIODESK_ENV_FILE_SPEC_SET = before;
    }
  });
});
