/**
 * A statement of a known family whose holdings tables cannot be read is reported as such — which
 * family, which table (its heading, what it holds, its page) — and never as "not a statement of
 * holdings". The generator's depository statements are made unreadable one table at a time (the
 * figures of its rows taken out, as a print whose figures the reader cannot see), chosen from the
 * ground truth: the last demat account's holdings.
 */
import { describe, expect, it } from '@jest/globals';
import { classifyStatement } from '../../../src/modules/extraction/classifier.js';
import { extractStatement } from '../../../src/modules/extraction/extractor.js';
import { noHoldingsReason } from '../../../src/modules/extraction/families/index.js';
import { splitNumberTokens } from '../../../src/modules/extraction/parsers/common.js';
import { validateExtraction } from '../../../src/modules/extraction/validator.js';
import type { Classification, TextLine } from '../../../src/modules/extraction/types.js';
import { buildLines } from '../../../src/modules/pdf/text-lines.js';
import { generateText, type GenerateOptions, type StatementModel } from '../../fixtures/generator/index.js';
import { page } from '../../support/text-lines.js';
import { randomOptions } from './variation-harness.js';

/** The lines with the figures taken out of every row (a line with one of the ISINs) from `from` on. */
function withoutFigures(lines: TextLine[], isins: Set<string>, from: number): TextLine[] {
  return lines.map((line, i) => {
    if (i < from || ![...isins].some((isin) => line.text.includes(isin))) return line;
    const cells = line.cells.filter((c) => !splitNumberTokens(c.text));
    return { ...line, cells, text: cells.map((c) => c.text).join(' ') };
  });
}

/** Index of the line that opens the last demat account's section: the last line naming its client id. */
function lastAccountStart(lines: TextLine[], model: StatementModel): number {
  const account = model.accounts[model.accounts.length - 1];
  let at = -1;
  lines.forEach((l, i) => {
    if (l.text.includes(account.client_id)) at = i;
  });
  return at;
}

interface Case {
  family: 'nsdl_cas' | 'cdsl_cas';
  /** The holdings of the last account whose table is made unreadable. */
  pick: (model: StatementModel) => StatementModel['holdings'];
  kind: string;
  options: (seed: number) => GenerateOptions;
}

const CASES: Case[] = [
  {
    family: 'nsdl_cas',
    pick: (m) => m.holdings.filter((h) => h.account_id === m.accounts[m.accounts.length - 1].account_id && h.instrument === 'mutual_fund'),
    kind: 'mutual_fund_units_demat',
    options: (seed) => ({ ...randomOptions(seed), investors: 2, quirks: { mfUnitsInDemat: true } }),
  },
  {
    family: 'cdsl_cas',
    // The holding statement's table (bonds, government securities and, when printed apart, fund units are sections of their own).
    pick: (m) =>
      m.holdings.filter((h) => h.account_id === m.accounts[m.accounts.length - 1].account_id && (h.instrument === 'equity' || h.instrument === 'etf' || h.instrument === 'gold_bond' || (h.instrument === 'mutual_fund' && !m.quirks.mfUnitsInDemat))),
    kind: 'demat_securities',
    options: (seed) => ({ ...randomOptions(seed), investors: 2 }),
  },
];

describe.each(CASES)('$family: one table that cannot be read', ({ family, pick, kind, options }) => {
  it('is flagged TABLE_UNREAD with its heading and kind; the other tables are read', () => {
    for (let seed = 1; seed <= 12; seed++) {
      const { model, pages } = generateText(family, options(seed));
      const lost = pick(model);
      expect(lost.length).toBeGreaterThan(0);
      const lines = buildLines(pages);
      const start = lastAccountStart(lines, model);
      const unreadable = withoutFigures(lines, new Set(lost.map((h) => h.isin)), start);
      const rows = unreadable.slice(start).filter((l) => lost.some((h) => l.text.includes(h.isin))).length;

      const classification = classifyStatement(pages.slice(0, 3));
      const draft = extractStatement(unreadable, classification);
      const read = draft.entities.flatMap((e) => e.holdings).length;
      const flags = validateExtraction(draft).flags.filter((f) => f.code === 'TABLE_UNREAD');
      expect({ seed, code: classification.code, read }).toEqual({ seed, code: `${family.toUpperCase()}`, read: model.holdings.length - lost.length });
      expect({ seed, kinds: [...new Set(draft.unread_tables?.map((t) => t.kind))], rows: draft.unread_tables?.reduce((n, t) => n + t.rows, 0) }).toEqual({ seed, kinds: [kind], rows });
      expect(flags.length).toBe(draft.unread_tables?.length);
      for (const f of flags) expect(f.message).toMatch(new RegExp(`^An? (NSDL|CDSL) Consolidated Account Statement: the table under ".+" \\(.+\\) on page ${f.page} lists \\d+ row\\(s\\) with an ISIN, and none could be read`));
    }
  });
});

describe('a statement of a known family from which nothing could be read', () => {
  const classification: Classification = { code: 'NSDL_CAS', confidence: 95, holdings_statement: true };

  it('is flagged as a whole when no table heading is known, and its reason names the family', () => {
    // Rows with ISINs and names but no figures, under a heading this family does not print.
    const lines = page(1, [
      [[30, 'NSDL Consolidated Account Statement']],
      [[30, 'DP ID : IN300126'], [200, 'Client ID : 12345678']],
      [[30, 'Account Holder : Meera Nair'], [300, 'PAN : ABCPN1234E']],
      [[30, 'Listed Securities']],
      [[30, 'INE002A01018'], [95, 'RELIANCE INDUSTRIES LIMITED']],
      [[30, 'INE009A01021'], [95, 'INFOSYS LIMITED']],
    ]);
    const draft = extractStatement(lines, classification);
    expect(draft.entities).toEqual([]);
    expect(draft.unread_tables).toEqual([{ heading: null, kind: null, page: null, rows: 2 }]);
    const validation = validateExtraction(draft);
    expect(validation.flags).toEqual([
      expect.objectContaining({ code: 'TABLE_UNREAD', message: expect.stringMatching(/^This is an NSDL Consolidated Account Statement, but its holdings tables could not be read: 2 row\(s\) with an ISIN were seen/) }),
    ]);
    expect(validation.confidence_score).toBe(0);
    expect(noHoldingsReason(classification)).toBe(
      'This document is an NSDL Consolidated Account Statement (NSDL_CAS), but its holdings tables could not be read; no holdings were extracted, which does not mean it holds none.',
    );
    expect(noHoldingsReason(classification)).not.toMatch(/not a statement of holdings/);
  });

  it('is flagged as a whole when it shows no holdings table at all', () => {
    const draft = extractStatement(page(1, [[[30, 'NSDL Consolidated Account Statement']], [[30, 'DP ID : IN300126'], [200, 'Client ID : 12345678']]]), classification);
    expect(validateExtraction(draft).flags).toEqual([expect.objectContaining({ code: 'TABLE_UNREAD', message: expect.stringContaining('no holdings table was found in it') })]);
  });

  it("a transaction's ISIN is no holding's row: transactions printed before the holdings leave them read", () => {
    const lines = page(1, [
      [[30, 'NSDL Consolidated Account Statement']],
      [[30, 'DP ID : IN300126'], [200, 'Client ID : 12345678']],
      [[30, 'Account Holder : Meera Nair'], [300, 'PAN : ABCPN1234E']],
      [[30, 'STATEMENT OF TRANSACTIONS']],
      [[30, 'INE002A01018'], [95, 'RELIANCE INDUSTRIES LIMITED']],
      [[30, '05-Sep-2025'], [95, 'Buy'], [380, '10.000', 'r']],
      [[30, 'Equities (E)']],
      [[30, 'ISIN'], [95, 'Security'], [340, 'Current Bal.'], [424, 'Market Price'], [526, 'Value in Rs.']],
      [[30, 'INE002A01018'], [95, 'RELIANCE INDUSTRIES LIMITED'], [380, '100.000', 'r'], [470, '1,396.61', 'r'], [560, '1,39,661.00', 'r']],
    ]);
    const draft = extractStatement(lines, classification);
    expect(draft.entities.flatMap((e) => e.holdings).map((h) => h.isin)).toEqual(['INE002A01018']);
    expect(draft.unread_tables).toBeUndefined();
  });

  it('a document that is not a statement of holdings carries no such flag', () => {
    const bank: Classification = { code: 'BANK_STATEMENT', confidence: 90, holdings_statement: false };
    const draft = extractStatement(page(1, [[[30, 'Statement of Account']], [[30, 'INE002A01018 DIVIDEND'], [300, '1,250.00', 'r']]]), bank);
    expect(draft.unread_tables).toBeUndefined();
    expect(validateExtraction(draft).flags).toEqual([]);
  });
});
