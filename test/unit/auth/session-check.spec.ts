import { describe, expect, it } from '@jest/globals';
import { checkSession, type SessionState } from '../../../src/modules/auth/session-check.js';

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
