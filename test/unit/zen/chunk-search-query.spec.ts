import { describe, expect, it } from '@jest/globals';
import { phraseWindows, withoutLoneDashes } from '../../../src/modules/zen/documents/chunk-search-query.js';

describe('search query preparation', () => {
  it.each([
    { input: 'Kotak Flexicap Fund - Direct Plan - Growth', expected: 'Kotak Flexicap Fund Direct Plan Growth' },
    { input: 'Axis Bluechip – Regular — IDCW', expected: 'Axis Bluechip Regular IDCW' },
    { input: '- leading and trailing -', expected: 'leading and trailing' },
    { input: 'Mirae -Axis', expected: 'Mirae -Axis' },
    { input: 'Switch-Out and Top-Up', expected: 'Switch-Out and Top-Up' },
  ])('withoutLoneDashes($input) keeps "-word" exclusions and drops dashes that separate words', ({ input, expected }) => {
    expect(withoutLoneDashes(input).replace(/\s+/g, ' ').trim()).toBe(expected);
  });

  it('phraseWindows gives every run of two or more consecutive words, longest last', () => {
    expect(phraseWindows('a b c')).toEqual(['a b', 'b c', 'a b c']);
    expect(phraseWindows('single')).toEqual([]);
    expect(phraseWindows('')).toEqual([]);
  });

  it('phraseWindows reads at most 24 words (276 windows)', () => {
    const windows = phraseWindows(Array.from({ length: 40 }, (_, i) => `w${i}`).join(' '));
    expect(windows).toHaveLength(276);
    expect(windows.at(-1)!.split(' ')).toHaveLength(24);
  });
});
