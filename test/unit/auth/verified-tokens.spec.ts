import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { rememberVerified, type JwtVerifier } from '../../../src/modules/auth/verified-tokens.js';

/** A stand-in for jsonwebtoken that accepts `good-*` tokens with the given expiry and counts its calls. */
function countingVerifier(exp: number | undefined) {
  const calls: string[] = [];
  const verify: JwtVerifier = (token, _key, _options, done) => {
    calls.push(token);
    if (!token.startsWith('good')) return done(new Error('invalid signature'));
    if (exp !== undefined && Math.floor(Date.now() / 1000) >= exp) return done(Object.assign(new Error('jwt expired'), { name: 'TokenExpiredError' }));
    done(null, { sub: token, exp });
  };
  return { verify, calls };
}

const run = (verify: JwtVerifier, token: string, key: unknown, options: object) =>
  new Promise<{ error: Error | null; payload?: unknown }>((resolve) => verify(token, key, options, (error, payload) => resolve({ error, payload })));

describe('rememberVerified', () => {
  const key = {};
  const options = {};
  const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;
  afterEach(() => {
    jest.useRealTimers();
  });

  it('verifies an accepted token once, then answers the same payload from memory', async () => {
    const { verify, calls } = countingVerifier(inAnHour());
    const remembering = rememberVerified(verify);
    const first = await run(remembering, 'good-1', key, options);
    const second = await run(remembering, 'good-1', key, options);
    expect(first.error).toBeNull();
    expect(second).toEqual(first);
    expect(calls).toEqual(['good-1']);
  });

  it('never remembers a refused token', async () => {
    const { verify, calls } = countingVerifier(inAnHour());
    const remembering = rememberVerified(verify);
    for (let i = 0; i < 2; i++) expect((await run(remembering, 'forged', key, options)).error?.message).toBe('invalid signature');
    expect(calls).toEqual(['forged', 'forged']);
  });

  it('sends a remembered token back to the verifier once it expires, which refuses it as expired', async () => {
    jest.useFakeTimers({ now: new Date('2026-11-23T10:00:00.000Z') });
    const exp = Math.floor(Date.now() / 1000) + 60;
    const { verify, calls } = countingVerifier(exp);
    const remembering = rememberVerified(verify);
    expect((await run(remembering, 'good-1', key, options)).error).toBeNull();
    jest.setSystemTime(exp * 1000 - 1); // the last millisecond of its last second
    expect((await run(remembering, 'good-1', key, options)).error).toBeNull();
    expect(calls).toHaveLength(1);
    jest.setSystemTime(exp * 1000); // jsonwebtoken: expired once now (in whole seconds) reaches exp
    expect((await run(remembering, 'good-1', key, options)).error?.name).toBe('TokenExpiredError');
    expect(calls).toHaveLength(2);
  });

  it('does not remember a token without an expiry', async () => {
    const { verify, calls } = countingVerifier(undefined);
    const remembering = rememberVerified(verify);
    await run(remembering, 'good-1', key, options);
    await run(remembering, 'good-1', key, options);
    expect(calls).toHaveLength(2);
  });

  it('answers from memory only for the same key and the same options', async () => {
    const { verify, calls } = countingVerifier(inAnHour());
    const remembering = rememberVerified(verify);
    await run(remembering, 'good-1', key, options);
    await run(remembering, 'good-1', {}, options); // another key (another application's secret)
    await run(remembering, 'good-1', key, {}); // another strategy's options
    expect(calls).toHaveLength(3);
  });

  it('holds at most `max` tokens, forgetting the oldest first', async () => {
    const { verify, calls } = countingVerifier(inAnHour());
    const remembering = rememberVerified(verify, 2);
    for (const token of ['good-1', 'good-2', 'good-3']) await run(remembering, token, key, options);
    await run(remembering, 'good-3', key, options);
    await run(remembering, 'good-2', key, options);
    expect(calls).toEqual(['good-1', 'good-2', 'good-3']);
    await run(remembering, 'good-1', key, options);
    expect(calls).toEqual(['good-1', 'good-2', 'good-3', 'good-1']);
  });
});
