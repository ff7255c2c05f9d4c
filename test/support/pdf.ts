import PDFDocument from 'pdfkit';

/** A small real PDF with the given page texts (optionally AES-256 encrypted with a user password). */
export function simplePdf(pages: string[], userPassword?: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument(userPassword ? { userPassword, pdfVersion: '1.7ext3' } : {});
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    pages.forEach((text, i) => {
      if (i > 0) doc.addPage();
      doc.text(text);
    });
    doc.end();
  });
}
