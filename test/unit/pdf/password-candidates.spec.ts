/**
 * Candidate passwords tried by the reader itself (read.ts findPassword, PdfEngine.unlock): one job,
 * one open of the file per candidate in order, the answer an index and never a password. Real PDFs
 * (the generator's statements, encrypted with each algorithm) read by real engine children, and each
 * reader's path on its own (PDFium first; pdfjs for a file PDFium cannot decide).
 */
import { afterAll, describe, expect, it } from '@jest/globals';
import { PdfEngine } from '../../../src/modules/pdf/pdf-engine.js';
import { PdfReadError } from '../../../src/modules/pdf/pdf-errors.js';
import { firstOpening, PdfiumError } from '../../../src/modules/pdf/reader/pdfium.js';
import { firstPdfjsOpening } from '../../../src/modules/pdf/reader/pdfjs-text.js';
import { findPassword } from '../../../src/modules/pdf/reader/read.js';
import { isPasswordRefusal } from '../../../src/modules/pdf/reader/verdict.js';
import * as hostile from '../../support/hostile/malicious-pdfs.js';
import { generateStatement } from '../../fixtures/generator/index.js';

const MiB = 1024 * 1024;
const engine = new PdfEngine({ poolSize: 2, queueLimit: 16, queuePerTenant: 8, memoryLimitBytes: 256 * MiB, timeoutMs: 20_000 });
afterAll(() => engine.close());

const encrypted = async (algorithm: 'aes-256' | 'aes-128' | 'rc4-128') => {
  const s = await generateStatement('cams_summary', { seed: 31, encrypt: { algorithm } });
  return { data: new Uint8Array(s.pdf), password: s.password! };
};
const WRONG = ['ABCDE1234F', 'ABCDE01011990'];

describe('candidate passwords tried by the PDF engine in one job', () => {
  it.each(['aes-256', 'aes-128', 'rc4-128'] as const)('%s: the third candidate opens the file: index 2, and no password in the answer', async (algorithm) => {
    const { data, password } = await encrypted(algorithm);
    const candidates = [...WRONG, password, 'NEVERTRIED9'];
    const found = await engine.unlock('ten_a', data, candidates);
    expect(found).toEqual({ encrypted: true, index: 2 });
    const answer = JSON.stringify(found);
    for (const candidate of candidates) expect(answer).not.toContain(candidate);
  });

  it('none opens it: index null, encrypted', async () => {
    const { data } = await encrypted('aes-256');
    expect(await engine.unlock('ten_a', data, [...WRONG, 'WRONG1234X'])).toEqual({ encrypted: true, index: null });
    expect(await engine.unlock('ten_a', data, [])).toEqual({ encrypted: true, index: null });
  });

  it('an unencrypted file: not encrypted, and no candidate reported as opening it', async () => {
    const plain = new Uint8Array((await generateStatement('cams_summary', { seed: 32 })).pdf);
    expect(await engine.unlock('ten_a', plain, [...WRONG, 'ANYTHING1'])).toEqual({ encrypted: false, index: null });
  });

  it('a damaged file rejects as PDF_UNREADABLE, not as a password nobody holds', async () => {
    const error = await engine.unlock('ten_a', new Uint8Array(hostile.brokenEncryption()), WRONG).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PdfReadError);
    expect((error as PdfReadError).code).toBe('PDF_UNREADABLE');
  });

  it('the same order and answers on each reader path: PDFium once for all candidates, pdfjs once answering its password requests', async () => {
    const { data, password } = await encrypted('aes-128');
    const plain = new Uint8Array((await generateStatement('cams_summary', { seed: 32 })).pdf);
    // PDFium: index among [no password, ...candidates].
    expect(await firstOpening(data, [undefined, ...WRONG, password], isPasswordRefusal)).toBe(3);
    expect(await firstOpening(data, [undefined, ...WRONG], isPasswordRefusal)).toBeNull();
    expect(await firstOpening(plain, [undefined, ...WRONG], isPasswordRefusal)).toBe(0);
    // A failure that is not a refused password stops the search.
    await expect(firstOpening(data, [undefined, password], () => false)).rejects.toBeInstanceOf(PdfiumError);
    // pdfjs: index among the candidates, -1 when it asked for none.
    expect(await firstPdfjsOpening(data, [...WRONG, password])).toBe(2);
    expect(await firstPdfjsOpening(data, WRONG)).toBeNull();
    expect(await firstPdfjsOpening(plain, WRONG)).toBe(-1);
    // findPassword in the child's process, directly.
    expect(await findPassword(data, [...WRONG, password])).toEqual({ encrypted: true, index: 2 });
  });

  it('a refused password is one test for both readers (verdict.ts)', () => {
    expect(isPasswordRefusal(new PdfiumError(4))).toBe(true);
    expect(isPasswordRefusal(Object.assign(new Error('x'), { name: 'PasswordException', code: 2 }))).toBe(true);
    expect(isPasswordRefusal(new PdfiumError(3))).toBe(false);
    expect(isPasswordRefusal(new Error('InvalidPDFException'))).toBe(false);
  });
});
