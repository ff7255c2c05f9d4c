/**
 * The product reads text with positions with PDFium (src/modules/pdf/reader/pdfium.ts); the line
 * builder and the extraction were made on pdfjs' runs. This holds PDFium's reading to pdfjs' on the
 * generator's statements — every family, encrypted with each algorithm, and random layout variations
 * (`FOLIODESK_VARIANT_BASE` replays a set, `FOLIODESK_VARIANT_SEED` one variant, `FOLIODESK_VARIANTS`
 * sets how many): the same runs at the same places, the same lines, and the same extraction. And the
 * children's reader (read.ts) leaves to pdfjs the files PDFium cannot read.
 */
import { describe, expect, it } from '@jest/globals';
import { buildLines, type PdfPageText, type PdfTextItem, type TextLine } from '../../../src/modules/pdf/text-lines.js';
import { classifyStatement } from '../../../src/modules/extraction/classifier.js';
import { enrichExtraction } from '../../../src/modules/extraction/enricher.js';
import { extractStatement } from '../../../src/modules/extraction/extractor.js';
import { validateExtraction } from '../../../src/modules/extraction/validator.js';
import { countPages, extractPdfText, FPDF_ERR } from '../../../src/modules/pdf/reader/pdfium.js';
import { readPageCount, readText } from '../../../src/modules/pdf/reader/read.js';
import { verdictOf } from '../../../src/modules/pdf/reader/verdict.js';
import * as hostile from '../../support/hostile/malicious-pdfs.js';
import { generateStatement, STATEMENT_FAMILIES, type GenerateOptions, type StatementFamily } from '../../fixtures/generator/index.js';
import { extractPdfjsText } from '../../../src/modules/pdf/reader/pdfjs-text.js';
import { randomOptions } from '../extraction/variation-harness.js';
import { runSeed } from '../../support/run-seed.js';

/** PDFium computes in single precision, pdfjs in double: positions agree to this (points). */
const TOLERANCE = 0.001;
/**
 * PDFium keeps a glyph's width in whole thousandths of an em where a font's /Widths has fractions
 * (the generator's embedded ₹ is 695.8): a run's width agrees to a thousandth of its font size.
 */
const WIDTH_TOLERANCE = 0.001;
const VARIANTS = Number(process.env.FOLIODESK_VARIANTS ?? 4);
const BASE = runSeed('pdfium-reader', process.env.FOLIODESK_VARIANT_BASE);
const seeds = process.env.FOLIODESK_VARIANT_SEED ? [Number(process.env.FOLIODESK_VARIANT_SEED)] : Array.from({ length: VARIANTS }, (_, i) => BASE + i);

/** A page's runs in reading order (the engines list a page's runs in different orders; the line builder sorts them). */
const byPosition = (items: PdfTextItem[]): PdfTextItem[] => [...items].sort((a, b) => a.y - b.y || a.x - b.x || a.str.localeCompare(b.str));

/** Every difference between the two readings' runs, one entry each. */
function runDifferences(pdfjs: PdfPageText[], pdfium: PdfPageText[]): string[] {
  const diffs: string[] = [];
  if (pdfjs.length !== pdfium.length) diffs.push(`${pdfjs.length} pages / ${pdfium.length}`);
  const near = (a: number, b: number) => Math.abs(a - b) <= TOLERANCE;
  for (const [p, page] of pdfjs.entries()) {
    const other = pdfium[p];
    if (!other || !near(page.width, other.width) || !near(page.height, other.height)) diffs.push(`page ${p + 1} size ${page.width}×${page.height} / ${other?.width}×${other?.height}`);
    const [a, b] = [byPosition(page.items), byPosition(other?.items ?? [])];
    for (let i = 0; i < Math.max(a.length, b.length); i++) {
      const [x, y] = [a[i], b[i]];
      const same = x && y && x.str === y.str && near(x.x, y.x) && near(x.y, y.y) && Math.abs(x.width - y.width) <= TOLERANCE + WIDTH_TOLERANCE * x.height && near(x.height, y.height);
      if (!same) diffs.push(`page ${p + 1} run ${i}: ${JSON.stringify(x)} / ${JSON.stringify(y)}`);
    }
  }
  return diffs;
}

/**
 * The lines of both readings: the same lines with the same cells, each cell's edges the same to the
 * hundredth of a point the line builder rounds to — or one hundredth apart, where a single-precision
 * position falls on the other side of a rounding boundary (106.895 is 106.89499… in PDFium).
 */
function lineDifferences(pdfjs: TextLine[], pdfium: TextLine[]): string[] {
  const diffs: string[] = [];
  const near = (a: number | undefined, b: number | undefined) => a === b || (a !== undefined && b !== undefined && Math.abs(a - b) <= 0.0100001);
  for (let i = 0; i < Math.max(pdfjs.length, pdfium.length); i++) {
    const [a, b] = [pdfjs[i], pdfium[i]];
    const same =
      a && b && a.page === b.page && near(a.y, b.y) && a.text === b.text && a.cells.length === b.cells.length && a.cells.every((c, k) => c.text === b.cells[k].text && near(c.x, b.cells[k].x) && near(c.x_end, b.cells[k].x_end));
    if (!same) diffs.push(`line ${i}: ${JSON.stringify(a)} / ${JSON.stringify(b)}`);
  }
  return diffs;
}

/** What the pipeline makes of a reading: the classification (first three pages) and the extraction, validated and enriched. */
function extraction(pages: PdfPageText[]) {
  const classification = classifyStatement(pages.slice(0, 3));
  const draft = extractStatement(buildLines(pages), classification);
  return { classification, draft, validation: validateExtraction(draft), enriched: enrichExtraction(draft) };
}

/**
 * The bank statement is set in Courier, whose space is exactly 0.6 em: every gap between two words is
 * exactly pdfjs' threshold for ending an item, and pdfjs' own rounding (it adds up glyph widths in
 * double precision) decides, word by word, whether it ends one ("STATE BANK OF" | "INDIA"). Its runs
 * are not compared; its lines and extraction are.
 */
const TIES_AT_THE_THRESHOLD: StatementFamily[] = ['bank_statement'];

async function expectSameReading(family: StatementFamily, options: GenerateOptions): Promise<void> {
  const s = await generateStatement(family, options);
  const data = new Uint8Array(s.pdf);
  const password = s.password ?? undefined;
  const [pdfjs, pdfium] = [await extractPdfjsText(data, password), await extractPdfText(data, password)];
  if (!TIES_AT_THE_THRESHOLD.includes(family)) expect(runDifferences(pdfjs, pdfium)).toEqual([]);
  expect(lineDifferences(buildLines(pdfjs), buildLines(pdfium))).toEqual([]);
  expect(extraction(pdfium)).toEqual(extraction(pdfjs));
  expect(await countPages(data, password)).toBe(pdfjs.length);
  // The first pages alone, as classification reads them.
  expect(await extractPdfText(data, password, { maxPages: 2 })).toEqual(pdfium.slice(0, 2));
}

describe('PDFium reads text with positions as pdfjs does', () => {
  it.each(STATEMENT_FAMILIES.map((family) => [family]))('%s', async (family) => {
    await expectSameReading(family, { seed: 7, pages: 4 });
  });

  it.each([{ algorithm: 'aes-256' }, { algorithm: 'aes-128' }, { algorithm: 'rc4-128' }] as const)('a statement encrypted with $algorithm, opened with its password', async ({ algorithm }) => {
    await expectSameReading('cams_detailed', { seed: 3, encrypt: { algorithm } });
  });

  it.each(seeds.flatMap((seed) => STATEMENT_FAMILIES.filter((f) => f !== 'bank_statement').map((family) => [family, seed] as const)))(
    'random layout variation: %s, FOLIODESK_VARIANT_SEED=%i',
    async (family, seed) => {
      await expectSameReading(family, { ...randomOptions(seed), ...(seed % 4 === 1 ? { currency: '₹' as const } : {}) });
    },
  );
});

describe("the children's reader: PDFium, and pdfjs for a file PDFium cannot read", () => {
  it("reads a statement with PDFium (its single-precision positions, not pdfjs')", async () => {
    const s = await generateStatement('cams_summary', { seed: 4, pages: 2 });
    const data = new Uint8Array(s.pdf);
    expect(await readText(data)).toEqual(await extractPdfText(data));
    expect(await readText(data)).not.toEqual(await extractPdfjsText(data));
    expect(await readPageCount(data)).toBe(2);
  });

  it('reads a file whose cross-reference table PDFium cannot rebuild as pdfjs does', async () => {
    const data = new Uint8Array(await hostile.garbageXref());
    await expect(extractPdfText(data)).rejects.toMatchObject({ name: 'PdfiumError', code: FPDF_ERR.FORMAT });
    expect(await readText(data)).toEqual(await extractPdfjsText(data));
    expect(await readPageCount(data)).toBe(1);
  });

  it('refuses a broken encryption dictionary as damaged (PDFium would ask for a password), and an encrypted statement for its password', async () => {
    const broken = new Uint8Array(hostile.brokenEncryption());
    await expect(extractPdfText(broken)).rejects.toMatchObject({ name: 'PdfiumError', code: FPDF_ERR.PASSWORD });
    expect(verdictOf(await readText(broken).catch((e: unknown) => e), undefined).code).toBe('PDF_UNREADABLE');
    const s = await generateStatement('cams_detailed', { seed: 2, encrypt: true });
    const data = new Uint8Array(s.pdf);
    expect(verdictOf(await readText(data).catch((e: unknown) => e), undefined).code).toBe('PDF_PASSWORD_REQUIRED');
    expect(verdictOf(await readPageCount(data, 'WRONG1234X').catch((e: unknown) => e), 'WRONG1234X').code).toBe('PDF_PASSWORD_INVALID');
    expect(await readText(data, s.password!)).toEqual(await extractPdfText(data, s.password!));
  });
});
