import { readFile } from 'node:fs/promises';
import { getDocument } from './pdfjs.js';
import { readInPdfSandbox } from './pdf-sandbox.js';

export type PdfInspection =
  | { kind: 'ok'; pages: number }
  | { kind: 'password_required' }
  | { kind: 'password_invalid' }
  | { kind: 'unreadable'; reason: string };

/**
 * Opens a PDF with pdfjs-dist to count its pages, telling encrypted and broken files apart. A file
 * that outgrows the reading limits (pdf-sandbox.ts) is unreadable.
 */
export async function inspectPdf(path: string, password?: string): Promise<PdfInspection> {
  const data = new Uint8Array(await readFile(path));
  try {
    return await readInPdfSandbox(async (worker): Promise<PdfInspection> => {
      const task = getDocument({ data, password, worker, isEvalSupported: false, verbosity: 0, stopAtErrors: false });
      try {
        const doc = await task.promise;
        const pages = doc.numPages;
        await doc.destroy();
        return { kind: 'ok', pages };
      } catch (error) {
        await task.destroy().catch(() => undefined);
        throw error;
      }
    });
  } catch (error) {
    const e = error as { name?: string; code?: number; message?: string };
    if (e.name === 'PasswordException') return e.code === 2 ? { kind: 'password_invalid' } : { kind: 'password_required' };
    return { kind: 'unreadable', reason: e.message ?? 'unreadable PDF' };
  }
}

/** The usual password conventions of the statement issuers, recognised from the file name. */
export function passwordHintFor(fileName: string): string | null {
  const name = fileName.toUpperCase();
  if (name.includes('NSDL')) return 'NSDL CAS: the first five letters of your PAN followed by your date of birth (DDMMYYYY), e.g. ABCDE01011990';
  if (name.includes('CDSL')) return 'CDSL CAS: your PAN in capital letters, e.g. ABCDE1234F';
  if (/KFIN|KARVY/.test(name)) return 'KFintech CAS: your PAN in capital letters, e.g. ABCDE1234F';
  if (/CAMS|CAS/.test(name)) return 'CAMS CAS: your PAN in capital letters, e.g. ABCDE1234F';
  return null;
}
