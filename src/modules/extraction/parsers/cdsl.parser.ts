/**
 * CDSL Consolidated Account Statement. Per BO ID (16 digits: DP id + client id), with its holder
 * and PAN, a "HOLDING STATEMENT AS ON …" table: ISIN, security, the balances (current, free,
 * lent, safekeep, locked-in, pledged …), market price and value, closed by "Portfolio Value"; the
 * statement's "Grand Total" (or "Total Portfolio Value" at the top) is the whole portfolio. The
 * table reading is shared with NSDL (demat-table.ts).
 */
import type { ExtractionDraft, TextLine } from '../types.js';
import { parseDematStatement } from './demat-table.js';

/** "BO ID : 1208160012345678" → "1208160012345678". */
export function cdslAccount(text: string): string | null {
  const m = /\bBO\s*ID\s*(?:No\.?)?\s*:?\s*(\d{8}\s?\d{8})\b/i.exec(text);
  return m ? m[1].replace(/\s/g, '') : null;
}

export function parseCdslCas(lines: TextLine[]): ExtractionDraft {
  return parseDematStatement(lines, {
    classification: 'CDSL_CAS',
    account: cdslAccount,
    accountTotal: /^Portfolio\s+Value\b|^Total\s+Value\s+of\s+the\s+Account/i,
    grandTotals: [/^Grand\s+Total\b/i, /^Total\s+Portfolio\s+Value\b/i],
  });
}
