import { describe, expect, it } from '@jest/globals';
import { isPrefixedId, prefixedId } from '../../src/common/ids.js';

describe('isPrefixedId', () => {
  it('accepts what prefixedId gives, for its own prefix only', () => {
    const id = prefixedId('usr');
    expect(isPrefixedId(id, 'usr')).toBe(true);
    expect(isPrefixedId(id, 'ten')).toBe(false);
    expect(isPrefixedId(prefixedId('ten'), 'ten')).toBe(true);
  });

  it.each([
    ['a trailing NUL', `${'usr_0123456789abcdef01234567'}\u0000`],
    ['a trailing newline', 'usr_0123456789abcdef01234567\n'],
    ['upper-case hex', 'usr_0123456789ABCDEF01234567'],
    ['one digit short', 'usr_0123456789abcdef0123456'],
    ['no prefix', '0123456789abcdef01234567'],
    ['an injection', "usr_' OR '1'='1"],
  ])('refuses %s', (_case, value) => {
    expect(isPrefixedId(value, 'usr')).toBe(false);
  });
});
