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
    { name: 'a pair (an emoji)', text: '{"a":"\\ud83d\\ude00"}' },
    { name: 'a pair in upper case', text: '{"a":"\\uD83D\\uDE00 ok"}' },
    { name: 'other \\u escapes', text: '{"a":"\\u00e9\\u005c\\u0022"}' },
    { name: 'an escaped backslash before a u', text: '{"a":"\\\\ud800"}' },
    { name: 'an escaped quote', text: '{"a":"say \\"hi\\"","b":[1,2]}' },
    { name: 'the character itself, unescaped', text: '{"a":"😀"}' },
  ])('accepts $name', ({ text }) => {
    expect(JSON.parse(text)).toBeTruthy();
    expect(verdict(text)).toBe('accepted');
  });

  it.each([
    { name: 'a lone high surrogate', text: '{"email":"\\ud800"}' },
    { name: 'a lone low surrogate', text: '{"email":"\\udc00x@example.in"}' },
    { name: 'a high surrogate followed by a character', text: '{"a":"\\ud83dx"}' },
    { name: 'a high surrogate followed by another high one', text: '{"a":"\\ud83d\\ud83d"}' },
    { name: 'a high surrogate at the end of the string', text: '{"a":"x\\uDBFF"}' },
    { name: 'two low surrogates', text: '{"a":"\\ude00\\ude00"}' },
  ])('refuses $name (VALIDATION_ERROR)', ({ text }) => {
    expect(verdict(text)).toBe('VALIDATION_ERROR');
  });

  it('still counts depth after an escape (the escape is skipped, not the text after it)', () => {
    const deep = `{"a":"\\ud83d\\ude00","b":${'['.repeat(70)}${']'.repeat(70)}}`;
    expect(verdict(deep)).toBe('VALIDATION_ERROR');
    expect(verdict(`{"a":"\\ud83d\\ude00","b":${'['.repeat(10)}${']'.repeat(10)}}`)).toBe('accepted');
  });
});
