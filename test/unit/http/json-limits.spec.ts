import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from '@jest/globals';
import { rejectAbusiveJson } from '../../../src/common/http/json-limits.js';

const verdict = (text: string): string => {
  try {
    rejectAbusiveJson({} as IncomingMessage, {} as ServerResponse, Buffer.from(text, 'utf8'));
    return 'accepted';
  } catch (error) {
    return (error as { code?: string }).code ?? 'threw';
  }
};

describe('rejectAbusiveJson: surrogate escapes', () => {
  it.each([
    ['a pair (an emoji)', '{"a":"\\ud83d\\ude00"}'],
    ['a pair in upper case', '{"a":"\\uD83D\\uDE00 ok"}'],
    ['other \\u escapes', '{"a":"\\u00e9\\u005c\\u0022"}'],
    ['an escaped backslash before a u', '{"a":"\\\\ud800"}'],
    ['an escaped quote', '{"a":"say \\"hi\\"","b":[1,2]}'],
    ['the character itself, unescaped', '{"a":"😀"}'],
  ])('accepts %s', (_case, text) => {
    expect(JSON.parse(text)).toBeTruthy();
    expect(verdict(text)).toBe('accepted');
  });

  it.each([
    ['a lone high surrogate', '{"email":"\\ud800"}'],
    ['a lone low surrogate', '{"email":"\\udc00x@example.in"}'],
    ['a high surrogate followed by a character', '{"a":"\\ud83dx"}'],
    ['a high surrogate followed by another high one', '{"a":"\\ud83d\\ud83d"}'],
    ['a high surrogate at the end of the string', '{"a":"x\\uDBFF"}'],
    ['two low surrogates', '{"a":"\\ude00\\ude00"}'],
  ])('refuses %s (VALIDATION_ERROR)', (_case, text) => {
    expect(verdict(text)).toBe('VALIDATION_ERROR');
  });

  it('still counts depth after an escape (the escape is skipped, not the text after it)', () => {
    const deep = `{"a":"\\ud83d\\ude00","b":${'['.repeat(70)}${']'.repeat(70)}}`;
    expect(verdict(deep)).toBe('VALIDATION_ERROR');
    expect(verdict(`{"a":"\\ud83d\\ude00","b":${'['.repeat(10)}${']'.repeat(10)}}`)).toBe('accepted');
  });
});
