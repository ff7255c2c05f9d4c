import { describe, expect, it } from '@jest/globals';
import { clientCandidates, PASSWORD_CONVENTIONS } from '../../../src/modules/nexus/batch/statement-passwords.js';

describe('statement password conventions', () => {
  it.each([
    { convention: 'PAN', expected: 'ABCPD1234E' },
    { convention: 'PAN5+DDMMYYYY', expected: 'ABCPD15081975' },
    { convention: 'PAN+DDMMYYYY', expected: 'ABCPD1234E15081975' },
    { convention: 'DDMMYYYY', expected: '15081975' },
    { convention: 'PAN4+DDMM', expected: 'ABCP1508' },
  ])('$convention derives $expected from PAN ABCPD1234E born 1975-08-15', ({ convention, expected }) => {
    const found = PASSWORD_CONVENTIONS.find((c) => c.id === convention)!;
    expect(found.derive({ pan: 'ABCPD1234E', dateOfBirth: '1975-08-15' })).toBe(expected);
    expect(found.sources.length).toBeGreaterThan(0);
  });

  it('tries the passwords a client holds first, then every convention, without repeats', () => {
    expect(clientCandidates({ pan: 'ABCPD1234E', dateOfBirth: '1975-08-15' }, ['chosen-at-request', 'ABCPD1234E'])).toEqual([
      'chosen-at-request',
      'ABCPD1234E',
      'ABCPD15081975',
      'ABCPD1234E15081975',
      '15081975',
      'ABCP1508',
    ]);
  });

  it('derives only the PAN when the register holds no date of birth', () => {
    expect(clientCandidates({ pan: 'ABCPD1234E', dateOfBirth: null }, [])).toEqual(['ABCPD1234E']);
  });
});
