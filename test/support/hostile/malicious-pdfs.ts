/**
 * Hostile PDFs, generated: each is small on the wire and aims at one weakness of a PDF reader
 * (memory, time, recursion, a lying page tree, broken encryption, a non-PDF behind a PDF header).
 */
import { createHash, randomBytes } from 'node:crypto';
import { createDeflate, deflateSync } from 'node:zlib';
import { zipSync } from 'fflate';
import { simplePdf } from '../pdf.js';

const HEADER = '%PDF-1.7\n%\xe2\xe3\xcf\xd3\n';
const FONT = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>';
const TEXT = Buffer.from('BT /F1 12 Tf 72 700 Td (Consolidated Account Statement) Tj ET\n');

type PdfObject = string | Buffer;

/** A PDF file from its objects (numbered from 1, the first being the catalog), with a correct xref table. */
export function assemblePdf(objects: PdfObject[], trailerExtra = ''): Buffer {
  const parts = [Buffer.from(HEADER, 'latin1')];
  let offset = parts[0].length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    const object = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), Buffer.isBuffer(body) ? body : Buffer.from(body, 'latin1'), Buffer.from('\nendobj\n')]);
    offsets.push(offset);
    parts.push(object);
    offset += object.length;
  });
  const xref = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  parts.push(Buffer.from(`${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R ${trailerExtra}>>\nstartxref\n${offset}\n%%EOF\n`, 'latin1'));
  return Buffer.concat(parts);
}

export const pdfStream = (dict: string, data: Buffer) =>
  Buffer.concat([Buffer.from(`<< ${dict} /Length ${data.length} >>\nstream\n`), data, Buffer.from('\nendstream')]);

/** The catalog, a page tree claiming `count` pages, one page, its content stream and a font. */
function onePage(content: Buffer, { count = 1, contentDict = '', resources = '/Font << /F1 5 0 R >>' } = {}): PdfObject[] {
  return [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [3 0 R] /Count ${count} >>`,
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << ${resources} >> /Contents 4 0 R >>`,
    pdfStream(contentDict, content),
    FONT,
  ];
}

/** Deflates `mb` MiB of a repeated chunk without ever holding the inflated data. */
async function deflateRepeated(head: Buffer, chunk: Buffer, mb: number): Promise<Buffer> {
  const deflate = createDeflate({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (c: Buffer) => out.push(c));
  const done = new Promise<void>((resolve, reject) => {
    deflate.on('end', resolve);
    deflate.on('error', reject);
  });
  deflate.write(head);
  const MiB = 1024 * 1024;
  const block = Buffer.alloc(MiB);
  for (let i = 0; i < MiB; i += chunk.length) chunk.copy(block, i);
  for (let i = 0; i < mb; i++) {
    if (!deflate.write(block)) await new Promise((r) => deflate.once('drain', r));
  }
  deflate.end();
  await done;
  return Buffer.concat(out);
}

/** A content stream (FlateDecode) that inflates to `mb` MiB of blanks after one line of text. */
export async function decompressionBomb(mb: number): Promise<Buffer> {
  const data = await deflateRepeated(TEXT, Buffer.from(' '), mb);
  return assemblePdf(onePage(data, { contentDict: '/Filter /FlateDecode' }));
}

/** A content stream that inflates to `mb` MiB of tiny text runs: millions of items for the text reader. */
export async function textRunBomb(mb: number): Promise<Buffer> {
  const data = await deflateRepeated(TEXT, Buffer.from('BT /F1 1 Tf 1 1 Td (x) Tj ET\n'.padEnd(32, ' ')), mb);
  return assemblePdf(onePage(data, { contentDict: '/Filter /FlateDecode' }));
}

// --- the standard security handler, revision 2 (RC4, 40-bit), enough to hide a bomb behind encryption ---
const PAD = Buffer.from('28bf4e5e4e758a4164004e56fffa01082e2e00b6d0683e802f0ca9fe6453697a', 'hex');
const md5 = (...parts: Buffer[]) => createHash('md5').update(Buffer.concat(parts)).digest();

function rc4(key: Buffer, data: Buffer): Buffer {
  const s = Array.from({ length: 256 }, (_, i) => i);
  for (let i = 0, j = 0; i < 256; i++) {
    j = (j + s[i] + key[i % key.length]) & 255;
    [s[i], s[j]] = [s[j], s[i]];
  }
  const out = Buffer.alloc(data.length);
  for (let k = 0, i = 0, j = 0; k < data.length; k++) {
    i = (i + 1) & 255;
    j = (j + s[i]) & 255;
    [s[i], s[j]] = [s[j], s[i]];
    out[k] = data[k] ^ s[(s[i] + s[j]) & 255];
  }
  return out;
}

const hexString = (b: Buffer) => `<${b.toString('hex')}>`;

/**
 * The decompression bomb encrypted with an empty user password (it opens without one, like a file
 * with only an owner password): a reader cannot see the bomb without decrypting it first.
 */
export async function encryptedDecompressionBomb(mb: number): Promise<Buffer> {
  const data = await deflateRepeated(TEXT, Buffer.from(' '), mb);
  const id = randomBytes(16);
  const permissions = -44;
  const owner = rc4(md5(PAD).subarray(0, 5), PAD); // owner password: empty too
  const p = Buffer.alloc(4);
  p.writeInt32LE(permissions);
  const fileKey = md5(PAD, owner, p, id).subarray(0, 5);
  const user = rc4(fileKey, PAD);
  const objectKey = (num: number) => md5(fileKey, Buffer.from([num & 255, (num >> 8) & 255, (num >> 16) & 255, 0, 0])).subarray(0, 10);
  const objects = onePage(rc4(objectKey(4), data), { contentDict: '/Filter /FlateDecode' });
  objects.push(`<< /Filter /Standard /V 1 /R 2 /Length 40 /O ${hexString(owner)} /U ${hexString(user)} /P ${permissions} >>`);
  return assemblePdf(objects, `/Encrypt 6 0 R /ID [${hexString(id)} ${hexString(id)}] `);
}

/** An encryption dictionary no reader can use: unknown version and revision, keys of the wrong length. */
export function brokenEncryption(): Buffer {
  const objects = onePage(TEXT);
  objects.push('<< /Filter /Standard /V 9 /R 99 /Length 7 /O <00> /U (short) /P (not a number) /StmF /Nowhere >>');
  return assemblePdf(objects, `/Encrypt 6 0 R /ID [<00> <00>] `);
}

/** A page tree that claims a hundred million pages and holds one. */
export const hugePageCount = () => assemblePdf(onePage(TEXT, { count: 100_000_000 }));

/** A page tree claiming a hundred million pages whose Kids list the same page `kids` times. */
export function repeatedPageTree(kids: number): Buffer {
  const objects = onePage(TEXT, { count: 100_000_000 });
  objects[1] = `<< /Type /Pages /Kids [${'3 0 R '.repeat(kids)}] /Count 100000000 >>`;
  return assemblePdf(objects);
}

/** Arrays and dictionaries nested `depth` deep in the page's resources (a recursive parser overflows its stack). */
export function deeplyNested(depth: number): Buffer {
  const deep = `/DeepArray ${'['.repeat(depth)}${']'.repeat(depth)} /DeepDict ${'<< /A '.repeat(depth)}null${' >>'.repeat(depth)}`;
  return assemblePdf(onePage(TEXT, { resources: `/Font << /F1 5 0 R >> ${deep}` }));
}

/** A content stream of `depth` nested save-state / marked-content operators. */
export function deeplyNestedContent(depth: number): Buffer {
  const content = Buffer.from(`${'q /P << /MCID 0 >> BDC '.repeat(depth)}${TEXT.toString()}${'EMC Q '.repeat(depth)}`);
  return assemblePdf(onePage(deflateSync(content), { contentDict: '/Filter /FlateDecode' }));
}

/** The first half of a real PDF. */
export async function truncatedPdf(): Promise<Buffer> {
  const whole = await simplePdf(['Consolidated Account Statement', 'Page two', 'Page three']);
  return whole.subarray(0, Math.floor(whole.length / 2));
}

/** A real PDF whose xref table and startxref are garbage. */
export async function garbageXref(): Promise<Buffer> {
  const whole = (await simplePdf(['Consolidated Account Statement'])).toString('latin1');
  const at = whole.lastIndexOf('xref');
  return Buffer.from(`${whole.slice(0, at)}xref\n0 9999\nzz garbage \u0000\u00ff xref entries ]]>> \ntrailer\n<< /Size -1 /Root 999 0 R >>\nstartxref\n123456789\n%%EOF\n`, 'latin1');
}

/** Nothing but garbage after a PDF header. */
export const headerOnlyGarbage = () => Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(4096)]);

/** A PDF header followed by a zip archive. */
export function pdfHeaderThenZip(): Buffer {
  const zip = zipSync({ 'statement.xml': new TextEncoder().encode('<holdings/>'.repeat(1000)), 'evil/../../escape.txt': new Uint8Array(10) });
  return Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.from(zip)]);
}

/**
 * One page with /UserUnit 20 (a unit of 20 points, which pdfjs does not bound): on a letter-size
 * MediaBox (the default) 12,240 × 15,840 points, 436 million pixels at the layout's 1.5 scale — the
 * 593-byte file that held the API for seconds and grew it to 1.9 GB; on the largest MediaBox a PDF may
 * have (14,400 units square) 288,000 points a side. Under 600 bytes either way.
 */
export const hugeUserUnitPage = (width = 612, height = 792) =>
  assemblePdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${width} ${height}] /UserUnit 20 /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>`,
    pdfStream('', TEXT),
    FONT,
  ]);
