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
    { name: 'a trailing NUL', value: `${'usr_0123456789abcdef01234567'}\u0000` },
    { name: 'a trailing newline', value: 'usr_0123456789abcdef01234567\n' },
    { name: 'upper-case hex', value: 'usr_0123456789ABCDEF01234567' },
    { name: 'one digit short', value: 'usr_0123456789abcdef0123456' },
    { name: 'no prefix', value: '0123456789abcdef01234567' },
    { name: 'an injection', value: "usr_' OR '1'='1" },
  ])('refuses $name', ({ value }) => {
    expect(isPrefixedId(value, 'usr')).toBe(false);
  });
});
