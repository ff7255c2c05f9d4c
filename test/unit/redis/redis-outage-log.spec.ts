import { describe, expect, it } from '@jest/globals';
import type { Logger } from 'pino';
import { RedisOutageLog, redisAddress } from '../../../src/modules/redis/redis-outage-log.js';

interface Line {
  level: 'warn' | 'info';
  fields: Record<string, unknown>;
  message: string;
}

const harness = (url = 'redis://:s3cret@127.0.0.1:6390/2') => {
  const lines: Line[] = [];
  let now = 0;
  const logger = {
    warn: (fields: Record<string, unknown>, message: string) => lines.push({ level: 'warn', fields, message }),
    info: (fields: Record<string, unknown>, message: string) => lines.push({ level: 'info', fields, message }),
  } as unknown as Logger;
  const log = new RedisOutageLog(logger, url, 60_000, () => now);
  return { lines, log, advance: (ms: number) => (now += ms) };
};

const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:6390'), { code: 'ECONNREFUSED' });

describe('redisAddress', () => {
  it.each([
    ['redis://127.0.0.1:6379/0', '127.0.0.1:6379/0'],
    ['redis://:password@cache.internal:6380/3', 'cache.internal:6380/3'],
    ['redis://user:password@cache.internal', 'cache.internal:6379/0'],
    ['not a url', 'an unreadable address'],
  ])('%s → %s, never the password', (url, address) => {
    expect(redisAddress(url)).toBe(address);
  });
});

describe('RedisOutageLog', () => {
  it('logs an outage once, naming REDIS_URL, the address and the fix, without the password or a stack', () => {
    const { lines, log } = harness();
    for (let i = 0; i < 36; i += 1) log.report(refused(), 'queue foliodesk-pipeline-classify');
    expect(lines).toHaveLength(1);
    const [line] = lines;
    expect(line.level).toBe('warn');
    expect(line.message).toContain('REDIS_URL');
    expect(line.message).toContain('127.0.0.1:6390/2');
    expect(line.message).toContain('Start Redis');
    expect(JSON.stringify(line)).not.toContain('s3cret');
    expect(line.fields).not.toHaveProperty('err');
  });

  it('repeats at most once an interval, counting what it left out', () => {
    const { lines, log, advance } = harness();
    log.report(refused(), 'redis');
    for (let second = 1; second <= 150; second += 1) {
      advance(1000);
      log.report(refused(), 'redis');
      log.report(new Error('Connection is closed.'), 'webhook queue');
    }
    expect(lines).toHaveLength(3);
    expect(lines[1].fields.repeated).toBe(118);
    expect(lines[1].message).toContain('118 more connection errors');
  });

  it('says when Redis answers again, and logs the next outage at once', () => {
    const { lines, log, advance } = harness();
    log.report(refused(), 'redis');
    log.recovered();
    log.recovered();
    advance(1000);
    log.report(refused(), 'redis');
    expect(lines.map((l) => l.level)).toEqual(['warn', 'info', 'warn']);
    expect(lines[1].message).toBe('Redis answering again at 127.0.0.1:6390/2');
  });

  it('names the credentials when Redis refuses them', () => {
    const { lines, log } = harness();
    log.report(new Error('WRONGPASS invalid username-password pair or user is disabled.'), 'redis');
    expect(lines[0].message).toContain('correct the user and password in REDIS_URL');
  });

  it('logs an error that is not about the connection as it comes, with the error', () => {
    const { lines, log } = harness();
    const error = new Error('ERR Error running script: attempt to compare nil with number');
    log.report(error, 'webhook queue');
    log.report(error, 'webhook queue');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toEqual({ level: 'warn', fields: { err: error, source: 'webhook queue' }, message: 'webhook queue error' });
  });

  it('says nothing on a first connection', () => {
    const { lines, log } = harness();
    log.recovered();
    expect(lines).toEqual([]);
  });
});
