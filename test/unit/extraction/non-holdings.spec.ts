/**
 * Documents that look financial but hold no holdings — bank statements, fixed-deposit receipts and
 * certificates, tax certificates — are recognised as what they are and refused as statements of
 * holdings: no holdings, no flags, and a reason that names the document. Checked on the generator's
 * random layouts of each (positioned text), on a drawn PDF of each certificate, and on bank
 * statements whose narrations carry ISINs.
 */
import { describe, expect, it } from '@jest/globals';
import { classifyStatement } from '../../../src/modules/extraction/classifier.js';
import { extractStatement } from '../../../src/modules/extraction/extractor.js';
import { noHoldingsReason } from '../../../src/modules/extraction/families/index.js';
import { validateExtraction } from '../../../src/modules/extraction/validator.js';
import { buildLines } from '../../../src/modules/pdf/text-lines.js';
import { extractPdfText } from '../../../src/modules/pdf/reader/pdfium.js';
import { buildModel, FAMILY_CLASS, generateStatement, generateText, modelText, NON_HOLDINGS_FAMILIES, SeededRandom, withIsinCheckDigit, type StatementModel } from '../../fixtures/generator/index.js';
import type { PdfPageText } from '../../../src/modules/extraction/types.js';
import { randomOptions } from './variation-harness.js';

const VARIANTS = 40;

/** Classification and extraction as the pipeline runs them: the first three pages classify, every page is read. */
function read(pages: PdfPageText[]) {
  const classification = classifyStatement(pages.slice(0, 3));
  const draft = extractStatement(buildLines(pages), classification);
  return { classification, draft, validation: validateExtraction(draft) };
}

describe.each(NON_HOLDINGS_FAMILIES.map((f) => [f]))('%s: recognised, and refused as a statement of holdings', (family) => {
  it(`in ${VARIANTS} random layouts`, () => {
    for (let seed = 1; seed <= VARIANTS; seed++) {
      const { pages } = generateText(family, seed % 4 === 0 ? { seed } : randomOptions(seed));
      const { classification, draft, validation } = read(pages);
      expect({ seed, code: classification.code, holdings_statement: classification.holdings_statement }).toEqual({ seed, code: FAMILY_CLASS[family], holdings_statement: false });
      expect({ seed, entities: draft.entities, stated_total: draft.stated_total, unread: draft.unread_tables }).toEqual({ seed, entities: [], stated_total: null, unread: undefined });
      expect({ seed, flags: validation.flags }).toEqual({ seed, flags: [] });
      expect(classification.confidence).toBeGreaterThanOrEqual(60);
    }
  });

  it('says which document it is and that it lists no holdings', () => {
    const { pages } = generateText(family, { seed: 3 });
    const reason = noHoldingsReason(classifyStatement(pages));
    expect(reason).toContain(`(${FAMILY_CLASS[family]}), not a statement of holdings`);
    expect(reason).toMatch(/^This document is an? [a-z-]+/);
  });
});

describe('certificates drawn as PDFs', () => {
  it.each([
    { family: 'deposit_certificate', seed: 5 },
    { family: 'tax_certificate', seed: 6 },
  ] as const)('$family: no text overlaps, and the drawn PDF is refused as it is', async ({ family, seed }) => {
    const s = await generateStatement(family, { ...randomOptions(seed), encrypt: true });
    expect(s.layout_warnings).toEqual([]);
    const pages = await extractPdfText(new Uint8Array(s.pdf), s.password ?? undefined);
    const { classification, draft } = read(pages);
    expect(classification).toMatchObject({ code: FAMILY_CLASS[family], holdings_statement: false });
    expect(draft.entities).toEqual([]);
  });
});

/** A bank statement in which some narrations name a security by its ISIN (dividends, fund redemptions). */
function bankWithIsins(seed: number): { model: StatementModel; isins: string[] } {
  const model = buildModel('bank_statement', { ...randomOptions(seed), bankTransactions: 30 });
  const rng = new SeededRandom(seed).fork('narration-isins');
  const bodies = ['INE002A0101', 'INE009A0102', 'INE040A0103', 'INF179K01BE', 'INF846K01DP', 'INE467B0102'];
  const count = rng.int(3, 6);
  const rows = rng.shuffle(model.bank_account!.transactions.map((_, i) => i)).slice(0, count);
  const isins = rows.map((_, k) => withIsinCheckDigit(bodies[k]));
  rows.forEach((i, k) => {
    const t = model.bank_account!.transactions[i];
    const isin = isins[k];
    // The ISIN at the start, inside or at the end of the narration; long ones wrap onto the next line.
    t.narration = rng.pick([`DIV ${isin} ${t.narration}`, `ACH C-DIVIDEND-${isin}-INTERIM`, `${t.narration.slice(0, 12)} REDEMPTION ${isin}`, `NEFT CR ${isin}`]);
  });
  // A depository's charges debited to the account name it too.
  model.bank_account!.transactions[rng.int(0, 29)].narration = rng.pick(['CDSL-DP AMC CHARGES', 'NSDL DP CHGS-IN300126']);
  return { model, isins };
}

describe('a bank statement whose narrations carry ISINs', () => {
  it('is still a bank statement, with no holdings, and as sure of it as of any bank statement', () => {
    for (let seed = 1; seed <= 30; seed++) {
      const { model, isins } = bankWithIsins(seed);
      const pages = modelText(model);
      const printed = buildLines(pages).map((l) => l.text).join('\n');
      expect(isins.filter((i) => printed.includes(i)).length).toBeGreaterThanOrEqual(3);
      const { classification, draft } = read(pages);
      expect({ seed, code: classification.code, holdings_statement: classification.holdings_statement, entities: draft.entities }).toEqual({ seed, code: 'BANK_STATEMENT', holdings_statement: false, entities: [] });
      // An ISIN in a ledger row's narration is no evidence of a holdings statement, nor against a bank statement.
      expect({ seed, confident: classification.confidence >= 60 }).toEqual({ seed, confident: true });
    }
  });
});
