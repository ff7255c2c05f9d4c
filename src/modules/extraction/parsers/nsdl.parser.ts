/**
 * NSDL Consolidated Account Statement. Per NSDL demat account ("DP ID : IN300126  Client ID :
 * 12345678", holder and PAN) it prints holdings tables: "Equities (E)" (ISIN, security, [face
 * value,] number of shares / current balance, market price, value) and "Mutual Fund Units held
 * with NSDL" (ISIN, description, balance, NAV, value), each with a "Sub Total", then "Total Value
 * of the Account"; the statement ends with a "Grand Total" (also printed at the top as "YOUR
 * CONSOLIDATED PORTFOLIO VALUE"). The table reading is shared with CDSL (demat-table.ts).
 */
import type { ExtractionDraft, TextLine } from '../types.js';
import { parseDematStatement } from './demat-table.js';

/** "DP ID : IN300126  Client ID : 12345678" → "IN30012612345678" (NSDL's 16-character account). */
export function nsdlAccount(text: string): string | null {
  const m = /DP\s*ID\s*:?\s*(IN\d{6}|\d{8})\b.*?Client\s*ID\s*:?\s*(\d{8})\b/i.exec(text);
  return m ? `${m[1].toUpperCase()}${m[2]}` : null;
}

export function parseNsdlCas(lines: TextLine[]): ExtractionDraft {
  return parseDematStatement(lines, {
    classification: 'NSDL_CAS',
    account: nsdlAccount,
    accountTotal: /^Total\s+Value\s+of\s+the\s+Account|^Account\s+Total/i,
    grandTotals: [/^Grand\s+Total\b/i, /CONSOLIDATED\s+PORTFOLIO\s+VALUE/i],
  });
}
