import { describe, expect, it } from '@jest/globals';
import { passwordPolicyViolations } from '../../src/modules/auth/password.service.js';

describe('password policy (12+ chars, upper, lower, digit, symbol)', () => {
  it.each([
    { password: 'Str0ng-Passw0rd!', expected: [] },
    { password: 'Aa1!aaaaaaaa', expected: [] },
    { password: 'Aa1!aaaaaaa', expected: ['at least 12 characters'] },
    { password: 'aa1!aaaaaaaa', expected: ['an uppercase letter'] },
    { password: 'AA1!AAAAAAAA', expected: ['a lowercase letter'] },
    { password: 'Aa!!aaaaaaaa', expected: ['a digit'] },
    { password: 'Aa11aaaaaaaa', expected: ['a symbol'] },
    { password: '', expected: ['at least 12 characters', 'an uppercase letter', 'a lowercase letter', 'a digit', 'a symbol'] },
    { password: 'Ünïcödé-Pässw0rd', expected: [] },
    { password: 'Spaces are 0K here', expected: [] },
  ])('$password breaks $expected', ({ password, expected }) => {
    expect(passwordPolicyViolations(password)).toEqual(expected);
  });
});
