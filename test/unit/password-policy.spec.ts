import { describe, expect, it } from '@jest/globals';
import { passwordPolicyViolations } from '../../src/modules/auth/password.service.js';

describe('password policy (12+ chars, upper, lower, digit, symbol)', () => {
  it.each([
    ['Str0ng-Passw0rd!', []],
    ['Aa1!aaaaaaaa', []],
    ['Aa1!aaaaaaa', ['at least 12 characters']],
    ['aa1!aaaaaaaa', ['an uppercase letter']],
    ['AA1!AAAAAAAA', ['a lowercase letter']],
    ['Aa!!aaaaaaaa', ['a digit']],
    ['Aa11aaaaaaaa', ['a symbol']],
    ['', ['at least 12 characters', 'an uppercase letter', 'a lowercase letter', 'a digit', 'a symbol']],
    ['Ünïcödé-Pässw0rd', []],
    ['Spaces are 0K here', []],
  ])('%p breaks %p', (password, expected) => {
    expect(passwordPolicyViolations(password)).toEqual(expected);
  });
});
