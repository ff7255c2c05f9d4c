import { describe, expect, it } from '@jest/globals';
import { chunkLines, DEFAULT_CHUNKING, type PageLine } from '../../../src/modules/zen/documents/text-chunker.js';

/** `count` lines of `wordsPerLine` numbered words each ("p1l3w2"), on one page. */
const page = (n: number, count: number, wordsPerLine = 10): PageLine[] =>
  Array.from({ length: count }, (_, l) => ({ page: n, text: Array.from({ length: wordsPerLine }, (_, w) => `p${n}l${l}w${w}`).join(' ') }));

const words = (text: string) => text.split(/\s+/).filter(Boolean);

describe('chunkLines', () => {
  it('keeps a short page whole, as one passage', () => {
    const chunks = chunkLines(page(1, 5));
    expect(chunks).toEqual([{ page: 1, ordinal: 0, text: page(1, 5).map((l) => l.text).join('\n'), words: 50 }]);
  });

  it('never lets a passage cross a page, and numbers passages across the document', () => {
    const chunks = chunkLines([...page(1, 3), ...page(2, 3), ...page(4, 1)]);
    expect(chunks.map((c) => [c.page, c.ordinal])).toEqual([
      [1, 0],
      [2, 1],
      [4, 2],
    ]);
    for (const c of chunks) expect(words(c.text).every((w) => w.startsWith(`p${c.page}l`))).toBe(true);
  });

  it('cuts a long page into passages of target size at line boundaries, each repeating the end of the one before', () => {
    const lines = page(1, 100); // 1,000 words
    const chunks = chunkLines(lines);
    expect(chunks.length).toBeGreaterThan(3);
    for (const c of chunks) {
      expect(c.words).toBeLessThanOrEqual(DEFAULT_CHUNKING.maxWords);
      expect(c.words).toBe(words(c.text).length);
      // whole lines only
      for (const line of c.text.split('\n')) expect(lines.map((l) => l.text)).toContain(line);
    }
    for (let i = 1; i < chunks.length; i++) {
      const previousLines = chunks[i - 1].text.split('\n');
      const overlap = chunks[i].text.split('\n').filter((l) => previousLines.includes(l));
      expect(overlap.length).toBeGreaterThan(0);
      expect(overlap.join(' ').split(' ').length).toBeLessThanOrEqual(DEFAULT_CHUNKING.overlapWords);
    }
    // every line is in some passage
    const covered = new Set(chunks.flatMap((c) => c.text.split('\n')));
    expect(lines.every((l) => covered.has(l.text))).toBe(true);
  });

  it('adds a short last piece of a page to the passage before it instead of leaving a scrap', () => {
    const chunks = chunkLines(page(1, 25)); // 250 words: 220 + a 30-word tail
    expect(chunks).toHaveLength(1);
    expect(chunks[0].words).toBe(250);
  });

  it('splits a single line longer than a passage', () => {
    const chunks = chunkLines([{ page: 7, text: Array.from({ length: 700 }, (_, i) => `w${i}`).join(' ') }]);
    expect(chunks.length).toBeGreaterThan(2);
    for (const c of chunks) expect(c.words).toBeLessThanOrEqual(DEFAULT_CHUNKING.maxWords);
    expect(new Set(chunks.flatMap((c) => words(c.text))).size).toBe(700);
  });

  it('gives nothing for a document without text (an image-only scan)', () => {
    expect(chunkLines([])).toEqual([]);
    expect(chunkLines([{ page: 1, text: '   ' }])).toEqual([]);
  });
});
