import { beforeAll, describe, expect, it } from '@jest/globals';
import { requirePdfUpload, uploadContentOf } from '../../../src/modules/pdf/upload-content.js';
import { notPdfStatements, pdfAfter } from '../../fixtures/generator/negative.js';
import { simplePdf } from '../../support/pdf.js';

/** What multer keeps of an upload to check it by: its first kilobyte. */
const head = (file: Buffer) => file.subarray(0, 1024);

describe('uploadContentOf: a PDF starts with %PDF-, after nothing but whitespace', () => {
  let pdf: Buffer;
  beforeAll(async () => {
    pdf = await simplePdf(['Consolidated Account Statement']);
  });

  it.each([
    { name: 'nothing before it', prefix: '' },
    { name: 'spaces', prefix: '   ' },
    { name: 'a line break (CRLF)', prefix: '\r\n' },
    { name: 'tabs, form feeds and line feeds', prefix: '\t\f\n\n' },
  ])('accepts a PDF with $name before its header', ({ prefix }) => {
    expect(uploadContentOf(head(pdfAfter(prefix, pdf)))).toBe('pdf');
  });

  it('accepts whatever follows the header (reading it is the PDF reader’s job, not this check’s)', () => {
    expect(uploadContentOf(Buffer.from('%PDF-1.7\n1 0 obj garbage'))).toBe('pdf');
  });

  it('refuses every non-PDF, naming it, though most carry the PDF within their first kilobyte', () => {
    const cases = notPdfStatements(pdf);
    expect(cases.filter((c) => head(c.file).includes('%PDF-')).length).toBeGreaterThanOrEqual(12);
    for (const c of cases) expect({ name: c.name, detected: uploadContentOf(head(c.file)) }).toEqual({ name: c.name, detected: c.detected });
  });

  it.each([
    { content: 'BMW statement\n', detected: 'text' },
    { content: 'BZh? not bzip2', detected: 'text' },
    { content: '<html><body>%PDF-1.7</body></html>', detected: 'html' },
    { content: '  <!doctype html>', detected: 'html' },
    { content: '<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"/>', detected: 'html' },
    { content: '\u0001\u0002binary', detected: 'unknown' },
  ])('names $content as $detected', ({ content, detected }) => {
    expect(uploadContentOf(Buffer.from(content, 'utf8'))).toBe(detected);
  });

  it('requirePdfUpload answers 415 naming what was found, without echoing the file', () => {
    const secret = Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.from('ACCOUNT-HOLDER-SECRET %PDF-1.7')]);
    let thrown: unknown;
    try {
      requirePdfUpload({ head: secret, size: secret.length });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', status: 415, details: expect.stringContaining('detected: zip') });
    expect((thrown as { details: string }).details).not.toContain('SECRET');
    expect(() => requirePdfUpload({ head: Buffer.alloc(0), size: 0 })).toThrow(expect.objectContaining({ code: 'UNSUPPORTED_MEDIA_TYPE', details: expect.stringContaining('detected: empty') }));
    expect(() => requirePdfUpload({ head: head(pdf), size: pdf.length })).not.toThrow();
  });
});
