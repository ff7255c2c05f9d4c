import { describe, expect, it } from '@jest/globals';
import type { CallHandler, ExecutionContext } from '@nestjs/common';
import { lastValueFrom, of, throwError } from 'rxjs';
import type { Principal } from '../../../src/common/auth/principal.js';
import type { DataSource } from 'typeorm';
import { checkSession, SessionCheckedInterceptor, SessionNotCheckedError, withSessionState, type SessionState } from '../../../src/modules/auth/session-check.js';

describe('withSessionState', () => {
  it('puts the session check before the read in one statement, moving the read’s parameters up by two', () => {
    const folded = withSessionState({ name: 'x.read', text: 'SELECT count(*) FROM t WHERE a = $1 AND b = $2 LIMIT $10' });
    expect(folded.name).toBe('x.read+session');
    expect(folded.text).toMatch(/WHERE s\.id = \$1 AND s\.user_id = \$2/);
    expect(folded.text).toMatch(/WHERE a = \$3 AND b = \$4 LIMIT \$12\) r$/);
    // The session's columns come last, so a read's column of the same name can never shadow a verdict.
    expect(folded.text).toMatch(/^SELECT r\.\*, st\.\* FROM/);
  });
});

describe('checkSession', () => {
  const good: SessionState = { ended: false, disabled: false, role: 'analyst', email: 'a@example.in', tenantId: 't1' };
  const claims = { tenantId: 't1', role: 'analyst' as const };
  const codeOf = (state: SessionState | null, c = claims) => {
    try {
      checkSession(state, c);
      return 'ok';
    } catch (error) {
      return (error as { code?: string }).code;
    }
  };

  it('answers the e-mail of a good session', () => {
    expect(checkSession(good, claims)).toBe('a@example.in');
  });

  it('refuses no session, another tenant, an ended session, a disabled user and a changed role', () => {
    expect(codeOf(null)).toBe('TOKEN_INVALID');
    expect(codeOf({ ...good, tenantId: 't2' })).toBe('TOKEN_INVALID');
    expect(codeOf({ ...good, ended: true })).toBe('SESSION_REVOKED');
    expect(codeOf({ ...good, disabled: true })).toBe('ACCOUNT_DISABLED');
    expect(codeOf({ ...good, role: 'admin' })).toBe('TOKEN_INVALID');
  });
});

describe('SessionCheckedInterceptor', () => {
  const contextFor = (user: Partial<Principal>) =>
    ({ switchToHttp: () => ({ getRequest: () => ({ method: 'GET', path: '/api/v1/x', user }) }) }) as unknown as ExecutionContext;
  const handler: CallHandler = { handle: () => of({ secret: 'data' }) };
  // Neither path reads PostgreSQL (the session check after a failure is covered end to end).
  const interceptor = () => new SessionCheckedInterceptor(null as unknown as DataSource);

  it('lets the answer through once the route’s read has checked the session', async () => {
    await expect(lastValueFrom(interceptor().intercept(contextFor({ deferredSessionCheck: 'passed' }), handler))).resolves.toEqual({ secret: 'data' });
  });

  it('refuses to answer when the route never checked the session', async () => {
    await expect(lastValueFrom(interceptor().intercept(contextFor({ deferredSessionCheck: 'pending' }), handler))).rejects.toThrow(SessionNotCheckedError);
    await expect(lastValueFrom(interceptor().intercept(contextFor({ deferredSessionCheck: 'running' }), handler))).rejects.toThrow(SessionNotCheckedError);
    await expect(lastValueFrom(interceptor().intercept(contextFor({}), handler))).rejects.toThrow('answered without checking the session');
  });

  it('passes on the failure of a read that ran (its own refusal, or PostgreSQL away) without checking the session again', async () => {
    const failing: CallHandler = { handle: () => throwError(() => new Error('the read failed')) };
    for (const state of ['running', 'passed'] as const) {
      // The DataSource is null: a second check would fail with a TypeError instead.
      await expect(lastValueFrom(interceptor().intercept(contextFor({ deferredSessionCheck: state }), failing))).rejects.toThrow('the read failed');
    }
  });
});
