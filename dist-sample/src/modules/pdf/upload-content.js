import { AppException } from '../../common/errors/app.exception.js';
const PDF_HEADER = Buffer.from('%PDF-', 'latin1');
/**
 * Space, tab, line feed, form feed, carriage return: the whitespace a mail client or web server
 * may put before a PDF. NUL (whitespace to the PDF grammar) is not accepted: nobody sends it.
 */
const LEADING_WHITESPACE = new Set([0x20, 0x09, 0x0a, 0x0c, 0x0d]);
const SIGNATURES = [
    { kind: 'zip', bytes: [0x50, 0x4b, 0x03, 0x04] },
    { kind: 'zip', bytes: [0x50, 0x4b, 0x05, 0x06] },
    { kind: 'zip', bytes: [0x50, 0x4b, 0x07, 0x08] },
    { kind: 'ole2', bytes: [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1] },
    { kind: 'gzip', bytes: [0x1f, 0x8b] },
    { kind: 'bzip2', bytes: [0x42, 0x5a, 0x68] },
    { kind: 'xz', bytes: [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00] },
    { kind: 'rar', bytes: [0x52, 0x61, 0x72, 0x21, 0x1a, 0x07] },
    { kind: '7z', bytes: [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c] },
    { kind: 'png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
    { kind: 'jpeg', bytes: [0xff, 0xd8, 0xff] },
    { kind: 'gif', bytes: [0x47, 0x49, 0x46, 0x38] },
    { kind: 'tiff', bytes: [0x49, 0x49, 0x2a, 0x00] },
    { kind: 'tiff', bytes: [0x4d, 0x4d, 0x00, 0x2a] },
    { kind: 'webp', bytes: [0x57, 0x45, 0x42, 0x50], at: 8 },
    { kind: 'bmp', bytes: [0x42, 0x4d] },
];
const startsWith = (head, bytes, at = 0) => head.length >= at + bytes.length && bytes.every((b, i) => head[at + i] === b);
/** Names a non-PDF from its first bytes (those multer kept: at most a kilobyte). */
function nameOther(head) {
    for (const s of SIGNATURES) {
        if (!startsWith(head, s.bytes, s.at))
            continue;
        // Signatures that text could start with ("BM", "BZh") are confirmed by the bytes after them.
        if (s.kind === 'webp' && !startsWith(head, [0x52, 0x49, 0x46, 0x46]))
            continue;
        if (s.kind === 'bmp' && !(head.length >= 10 && head.readUInt32LE(6) === 0))
            continue;
        if (s.kind === 'bzip2' && !(head[3] >= 0x31 && head[3] <= 0x39))
            continue;
        // OOXML (.docx, .xlsx, .pptx) and OpenDocument files are ZIP archives naming their parts first.
        if (s.kind === 'zip' && /\[Content_Types\]\.xml|mimetypeapplication\/vnd\.oasis\.opendocument/.test(head.toString('latin1')))
            return 'office';
        return s.kind;
    }
    const text = head.toString('utf8').replace(/^\uFEFF/, '').trimStart().toLowerCase();
    if (/^<(!doctype html|html|head|body|meta|title|script)\b/.test(text))
        return 'html';
    if (/^<(\?xml|!doctype)/.test(text))
        return text.includes('<html') ? 'html' : 'xml';
    if (head.includes(PDF_HEADER))
        return 'pdf_after_other_bytes';
    // Printable text (a cut multi-byte character at the end of the kilobyte aside).
    return /[\u0000-\u0008\u000e-\u001f\ufffd]/.test(text.slice(0, -1)) ? 'unknown' : 'text';
}
/**
 * A PDF is a file that starts with `%PDF-`, after nothing but optional leading whitespace. Anything
 * else (a ZIP with a PDF member, a PDF behind a byte-order mark) is refused whatever it contains.
 */
export function uploadContentOf(head) {
    if (head.length === 0)
        return 'empty';
    let start = 0;
    while (start < head.length && LEADING_WHITESPACE.has(head[start]))
        start++;
    return startsWith(head, [...PDF_HEADER], start) ? 'pdf' : nameOther(head.subarray(start));
}
const DESCRIPTIONS = {
    empty: 'an empty file',
    zip: 'a ZIP archive',
    office: 'an office document (a ZIP archive)',
    ole2: 'a legacy office document (OLE2)',
    gzip: 'a gzip archive',
    bzip2: 'a bzip2 archive',
    xz: 'an xz archive',
    rar: 'a RAR archive',
    '7z': 'a 7z archive',
    png: 'a PNG image',
    jpeg: 'a JPEG image',
    gif: 'a GIF image',
    tiff: 'a TIFF image',
    webp: 'a WebP image',
    bmp: 'a BMP image',
    html: 'an HTML page',
    xml: 'an XML document',
    text: 'plain text',
    pdf_after_other_bytes: 'other bytes before %PDF-',
    unknown: 'not a known type',
};
/**
 * Refuses (415) any upload that is not a PDF by the rule of `uploadContentOf`, naming what was
 * found; the one check of every path that accepts a statement (nexus and chat uploads).
 */
export function requirePdfUpload(file) {
    const kind = file.size === 0 ? 'empty' : uploadContentOf(file.head);
    if (kind === 'pdf')
        return;
    throw new AppException('UNSUPPORTED_MEDIA_TYPE', `Not a PDF (detected: ${kind}, ${DESCRIPTIONS[kind]}): only a file that starts with %PDF- is accepted, whatever it contains`, { message: kind === 'empty' ? 'The uploaded file is empty' : 'Only PDF files are accepted' });
}
//# sourceMappingURL=upload-content.js.map