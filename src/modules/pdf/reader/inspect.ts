import { getDocument } from './pdfjs.js';

/**
 * Opens a PDF to count its pages. A missing or wrong password rejects with pdfjs' own
 * `PasswordException`, a damaged file with its parser's error (see verdict.ts).
 */
export async function countPages(data: Uint8Array, password?: string): Promise<number> {
  const task = getDocument({ data, password, isEvalSupported: false, verbosity: 0, stopAtErrors: false });
  try {
    const doc = await task.promise;
    return doc.numPages;
  } finally {
    await task.destroy().catch(() => undefined);
  }
}
