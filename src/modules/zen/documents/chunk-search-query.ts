/** Preparation of a chat question for full-text search over session chunks (pure; used by ChatDocumentsRepository.search). */

/** Words of the question its phrase windows are made from (24 words: at most 276 windows). */
const PHRASE_WORDS = 24;

/**
 * Scheme names are printed "Kotak Flexicap Fund - Direct Plan - Growth", and websearch_to_tsquery
 * reads a dash before a word as NOT ("- Direct": without "direct"). A dash standing alone between
 * words is punctuation; "-word" (no space) still excludes the word.
 */
export const withoutLoneDashes = (query: string): string => query.replace(/(^|\s)[-\u2013\u2014]+(?=\s|$)/g, '$1');

/** Every run of two or more consecutive words of the question (PostgreSQL turns each into a phrase query). */
export function phraseWindows(query: string): string[] {
  const words = query.split(/\s+/).filter(Boolean).slice(0, PHRASE_WORDS);
  const windows: string[] = [];
  for (let size = 2; size <= words.length; size++) {
    for (let i = 0; i + size <= words.length; i++) windows.push(words.slice(i, i + size).join(' '));
  }
  return windows;
}
