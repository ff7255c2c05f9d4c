/**
 * What a failed read says about the document, decided once for every caller: the password codes
 * (pdfjs' PasswordException: 1 no password given, 2 a wrong one) and PDF_UNREADABLE for a file its
 * parser refuses or that outgrows the reader's own limits. Anything else (ENGINE_ERROR) is an error the
 * reader did not expect: the engine tries the job once more before charging it to the file.
 */
export type PdfVerdictCode = 'PDF_PASSWORD_REQUIRED' | 'PDF_PASSWORD_INVALID' | 'PDF_UNREADABLE';

export interface PdfVerdict {
  code: PdfVerdictCode | 'ENGINE_ERROR';
  message: string;
}

/** A page or document past the reader's limits (drawing operations, nesting, pixels). */
export class PdfLimitExceeded extends Error {
  override readonly name = 'PdfLimitExceeded';
}

/** pdfjs' verdicts on a damaged file: reading it again reads it the same way. */
const DAMAGED = new Set(['InvalidPDFException', 'UnknownErrorException', 'MissingPDFException', 'ResponseException', 'FormatError', 'PdfLimitExceeded']);

export function verdictOf(error: unknown, password: string | undefined): PdfVerdict {
  const e = error as { name?: string; code?: number; message?: string };
  if (e?.name === 'PasswordException') {
    return e.code === 2 && password
      ? { code: 'PDF_PASSWORD_INVALID', message: 'The PDF password is wrong' }
      : { code: 'PDF_PASSWORD_REQUIRED', message: 'The PDF is encrypted; a password is required' };
  }
  if (DAMAGED.has(e?.name ?? '')) return { code: 'PDF_UNREADABLE', message: e.message || 'The PDF is damaged and cannot be read' };
  return { code: 'ENGINE_ERROR', message: e?.message ?? String(error) };
}
