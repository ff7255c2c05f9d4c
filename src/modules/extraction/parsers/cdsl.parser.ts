/**
 * CDSL Consolidated Account Statement. Per BO ID (16 digits: DP id + client id), with its holder
 * and PAN, a "HOLDING STATEMENT AS ON …" table: ISIN, security, the balances (current, free,
 * lent, safekeep, locked-in, pledged …), market price and value, closed by "Portfolio Value"; the
 * statement's "Grand Total" (or "Total Portfolio Value" at the top) is the whole portfolio. The
 * table reading is shared with NSDL (demat-table.ts); the account id and total labels are CDSL's
 * family description (families/cdsl.ts).
 */
import { anyOf, readAccountId, totalLabels } from '../families/index.js';
import type { ExtractionDraft, TextLine } from '../types.js';
import { parseDematStatement, type DematLayout } from './demat-table.js';

/** "BO ID : 1208160012345678" → "1208160012345678". */
export const cdslAccount = (text: string): string | null => readAccountId('CDSL_CAS', text);

const CDSL_LAYOUT: DematLayout = {
  classification: 'CDSL_CAS',
  account: cdslAccount,
  accountTotal: anyOf(totalLabels('CDSL_CAS').account),
  grandTotals: totalLabels('CDSL_CAS').grand,
};

export function parseCdslCas(lines: TextLine[]): ExtractionDraft {
  return parseDematStatement(lines, CDSL_LAYOUT);
}
