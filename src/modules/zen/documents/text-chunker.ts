/**
 * Splits a document's lines into passages for retrieval: each passage lies on one page (so it can
 * be cited by page), holds about `targetWords` words and never more than `maxWords`, is cut between
 * lines rather than inside one, and repeats the last line or two of the passage before it, so a
 * fact that straddles a cut (a scheme name above its closing balance) is whole in at least one.
 */

export interface PageLine {
  /** 1-based page number. */
  page: number;
  text: string;
}

export interface TextChunk {
  page: number;
  /** Position within the document, from 0. */
  ordinal: number;
  text: string;
  words: number;
}

export interface ChunkingOptions {
  /** A passage is closed as soon as it reaches this many words. */
  targetWords: number;
  /** No passage is longer than this. */
  maxWords: number;
  /** At most this many words (whole lines) are repeated from the previous passage of the page. */
  overlapWords: number;
  /** A page's last passage shorter than this is added to the one before it when that fits. */
  minTailWords: number;
}

export const DEFAULT_CHUNKING: ChunkingOptions = { targetWords: 220, maxWords: 300, overlapWords: 30, minTailWords: 60 };

/** A line, as words; a line longer than `size` words becomes several. */
function lineUnits(text: string, size: number): string[][] {
  const words = text.split(/\s+/).filter(Boolean);
  const units: string[][] = [];
  for (let i = 0; i < words.length; i += size) units.push(words.slice(i, i + size));
  return units;
}

const countWords = (units: string[][]) => units.reduce((n, u) => n + u.length, 0);
const render = (units: string[][]) => units.map((u) => u.join(' ')).join('\n');

/** Passages of one page, each a list of line units. */
function chunkPage(units: string[][], o: ChunkingOptions): string[][][] {
  const chunks: string[][][] = [];
  let overlap: string[][] = [];
  let fresh: string[][] = [];
  const close = () => {
    const chunk = [...overlap, ...fresh];
    chunks.push(chunk);
    overlap = [];
    for (let i = chunk.length - 1; i >= 0 && countWords(overlap) + chunk[i].length <= o.overlapWords; i--) overlap.unshift(chunk[i]);
    // Repeating the whole passage would add nothing new to the next one.
    if (overlap.length === chunk.length) overlap = [];
    fresh = [];
  };
  for (const unit of units) {
    if (fresh.length && countWords(overlap) + countWords(fresh) + unit.length > o.maxWords) close();
    fresh.push(unit);
    if (countWords(overlap) + countWords(fresh) >= o.targetWords) close();
  }
  if (fresh.length) {
    const previous = chunks[chunks.length - 1];
    const tail = countWords(fresh);
    if (previous && tail < o.minTailWords && countWords(previous) + tail <= o.maxWords) previous.push(...fresh);
    else close();
  }
  return chunks;
}

/** Passages of a document's lines (in reading order), numbered across the whole document. */
export function chunkLines(lines: PageLine[], options: ChunkingOptions = DEFAULT_CHUNKING): TextChunk[] {
  const unitSize = Math.max(1, options.maxWords - options.overlapWords);
  const byPage = new Map<number, string[][]>();
  for (const line of lines) {
    const units = lineUnits(line.text, unitSize);
    if (!units.length) continue;
    const page = byPage.get(line.page) ?? [];
    page.push(...units);
    byPage.set(line.page, page);
  }
  const out: TextChunk[] = [];
  for (const page of [...byPage.keys()].sort((a, b) => a - b)) {
    for (const chunk of chunkPage(byPage.get(page)!, options)) {
      out.push({ page, ordinal: out.length, text: render(chunk), words: countWords(chunk) });
    }
  }
  return out;
}
