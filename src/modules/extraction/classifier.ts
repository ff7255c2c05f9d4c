/**
 * Which kind of statement a PDF is, from the evidence in its text: issuer names and titles
 * (weighted more in the title block at the top of page 1), wording and column headers typical of
 * each family, and the presence of ISINs, folios or demat account ids. The confidence grows with
 * the amount of evidence for the winner and with its margin over the runner-up.
 */
import { findIsin, isValidIsin } from './identifiers.js';
import { buildLines } from '../pdf/index.js';
import type { Classification, PdfPageText, StatementClass } from './types.js';

type Candidate = Exclude<StatementClass, 'UNKNOWN'>;

/** KFintech (formerly Karvy) by name. */
const KFIN_NAME = /KFIN\s*TECHNOLOGIES|Karvy\s+Fintech|KARVY/i;

interface Rule {
  cls: Candidate;
  pattern: RegExp;
  /** Points when found anywhere. */
  weight: number;
  /** Extra points when found in the title block (first lines of page 1). */
  head?: number;
}

const RULES: Rule[] = [
  // CAMS detailed CAS
  { cls: 'CAMS_DETAILED_CAS', pattern: /\bCAMS\b/, weight: 1, head: 3 },
  { cls: 'CAMS_DETAILED_CAS', pattern: /Computer Age Management Services|camsonline/i, weight: 3, head: 1 },
  { cls: 'CAMS_DETAILED_CAS', pattern: /Consolidated Account Statement/i, weight: 2, head: 1 },
  { cls: 'CAMS_DETAILED_CAS', pattern: /Opening\s+Unit\s+Balance/i, weight: 3 },
  { cls: 'CAMS_DETAILED_CAS', pattern: /Closing\s+Unit\s+Balance/i, weight: 2 },
  { cls: 'CAMS_DETAILED_CAS', pattern: /Market\s+Value\s+on\s+\d/i, weight: 1 },
  { cls: 'CAMS_DETAILED_CAS', pattern: /Date\s+Transaction\s+Amount/i, weight: 2 },
  { cls: 'CAMS_DETAILED_CAS', pattern: /\(Non-Demat\)|Registrar\s*:/i, weight: 1 },
  // KFintech detailed CAS
  { cls: 'KFINTECH_DETAILED_CAS', pattern: KFIN_NAME, weight: 2, head: 4 },
  { cls: 'KFINTECH_DETAILED_CAS', pattern: /^\s*KFINTECH\b|\bKFINTECH\s*$/im, weight: 0, head: 2 },
  { cls: 'KFINTECH_DETAILED_CAS', pattern: /Consolidated Account Statement/i, weight: 2, head: 1 },
  { cls: 'KFINTECH_DETAILED_CAS', pattern: /Opening\s+Balance\s*:/i, weight: 2 },
  { cls: 'KFINTECH_DETAILED_CAS', pattern: /Closing\s+Balance\s*:/i, weight: 1 },
  { cls: 'KFINTECH_DETAILED_CAS', pattern: /Valuation\s+on\s+\d/i, weight: 2 },
  { cls: 'KFINTECH_DETAILED_CAS', pattern: /Balance\s+Units/i, weight: 2 },
  { cls: 'KFINTECH_DETAILED_CAS', pattern: /\(Non-Demat\)|Registrar\s*:/i, weight: 1 },
  // CAMS summary CAS
  { cls: 'CAMS_SUMMARY_CAS', pattern: /Consolidated Account Summary|CAS\s*-?\s*Summary|Summary\s+Statement/i, weight: 4, head: 2 },
  { cls: 'CAMS_SUMMARY_CAS', pattern: /\bCAMS\b/, weight: 1, head: 1 },
  { cls: 'CAMS_SUMMARY_CAS', pattern: /NAV\s+Date/i, weight: 2 },
  { cls: 'CAMS_SUMMARY_CAS', pattern: /Unit\s+Balance/i, weight: 1 },
  { cls: 'CAMS_SUMMARY_CAS', pattern: /\bAs\s+on\s+\d/i, weight: 0, head: 2 },
  // KFintech summary CAS: KFintech's name over the same summary title and columns as CAMS's
  { cls: 'KFINTECH_SUMMARY_CAS', pattern: KFIN_NAME, weight: 2, head: 4 },
  { cls: 'KFINTECH_SUMMARY_CAS', pattern: /^\s*KFINTECH\b|\bKFINTECH\s*$/im, weight: 0, head: 2 },
  { cls: 'KFINTECH_SUMMARY_CAS', pattern: /Consolidated Account Summary|CAS\s*-?\s*Summary|Summary\s+Statement/i, weight: 4, head: 2 },
  { cls: 'KFINTECH_SUMMARY_CAS', pattern: /NAV\s+Date|Price\s+Date/i, weight: 2 },
  { cls: 'KFINTECH_SUMMARY_CAS', pattern: /Closing\s+Unit|Unit\s+Balance/i, weight: 1 },
  { cls: 'KFINTECH_SUMMARY_CAS', pattern: /\bAs\s+on\s+\d/i, weight: 0, head: 2 },
  // NSDL CAS
  { cls: 'NSDL_CAS', pattern: /National Securities Depository/i, weight: 4, head: 2 },
  { cls: 'NSDL_CAS', pattern: /\bNSDL\b/, weight: 1, head: 4 },
  { cls: 'NSDL_CAS', pattern: /\bDP\s*ID\b/i, weight: 2 },
  { cls: 'NSDL_CAS', pattern: /\bClient\s*ID\b/i, weight: 2 },
  { cls: 'NSDL_CAS', pattern: /\bIN30\d{4}\b/, weight: 1 },
  { cls: 'NSDL_CAS', pattern: /Equities\s*\(E\)|CONSOLIDATED PORTFOLIO VALUE/i, weight: 2 },
  // CDSL CAS
  { cls: 'CDSL_CAS', pattern: /Central Depository Services/i, weight: 4, head: 2 },
  { cls: 'CDSL_CAS', pattern: /\bCDSL\b/, weight: 1, head: 4 },
  { cls: 'CDSL_CAS', pattern: /\bBO\s*ID\b/i, weight: 3 },
  { cls: 'CDSL_CAS', pattern: /\b\d{16}\b/, weight: 1 },
  { cls: 'CDSL_CAS', pattern: /Safekeep|Pledge|Lent|Free\s+Bal/i, weight: 1 },
  // Bank statement
  { cls: 'BANK_STATEMENT', pattern: /Statement\s+of\s+Account|Account\s+Statement/i, weight: 2, head: 1 },
  { cls: 'BANK_STATEMENT', pattern: /\bIFSC\b/i, weight: 3 },
  { cls: 'BANK_STATEMENT', pattern: /Withdrawal|Debit\b|\bDr\b/i, weight: 1 },
  { cls: 'BANK_STATEMENT', pattern: /Deposit|Credit\b|\bCr\b/i, weight: 1 },
  { cls: 'BANK_STATEMENT', pattern: /Narration|Particulars/i, weight: 2 },
  { cls: 'BANK_STATEMENT', pattern: /Chq|Cheque/i, weight: 1 },
  { cls: 'BANK_STATEMENT', pattern: /Value\s*(?:Dt|Date)/i, weight: 1 },
  { cls: 'BANK_STATEMENT', pattern: /Account\s*(?:No|Number)/i, weight: 1 },
  { cls: 'BANK_STATEMENT', pattern: /\bBANK\b/i, weight: 0, head: 1 },
];

const CAS: Candidate[] = ['CAMS_DETAILED_CAS', 'CAMS_SUMMARY_CAS', 'KFINTECH_DETAILED_CAS', 'KFINTECH_SUMMARY_CAS', 'NSDL_CAS', 'CDSL_CAS'];
const MUTUAL_FUND: Candidate[] = ['CAMS_DETAILED_CAS', 'CAMS_SUMMARY_CAS', 'KFINTECH_DETAILED_CAS', 'KFINTECH_SUMMARY_CAS'];
const DETAILED = /Opening\s+(?:Unit\s+)?Balance|Closing\s+(?:Unit\s+)?Balance/i;
/** Only a detailed statement prints opening balances (a summary's header may say "Closing Unit Balance"). */
const OPENING = /Opening\s+(?:Unit\s+)?Balance/i;
/** The points a summary title gives (weight + head bonus). */
const SUMMARY_TITLE_POINTS = 6;
/** Below this score nothing is recognised. */
const MIN_SCORE = 6;
/** Score at which the evidence counts as complete. */
const FULL_SCORE = 14;

export interface ClassificationEvidence {
  scores: Record<Candidate, number>;
  isins: number;
  folios: number;
}

/** The scores behind a classification (exported for diagnostics and tests). */
export function scoreStatement(pages: PdfPageText[]): ClassificationEvidence {
  const lines = buildLines(pages);
  const text = lines.map((l) => l.text).join('\n');
  const head = lines.filter((l) => l.page === (lines[0]?.page ?? 1)).slice(0, 6).map((l) => l.text).join('\n');
  const scores = Object.fromEntries([...CAS, 'BANK_STATEMENT'].map((c) => [c, 0])) as Record<Candidate, number>;
  for (const rule of RULES) {
    if (rule.pattern.test(text)) scores[rule.cls] += rule.weight;
    if (rule.head && rule.pattern.test(head)) scores[rule.cls] += rule.head;
  }
  let isins = 0;
  let infs = 0;
  for (const line of lines) {
    const isin = findIsin(line.text);
    if (isin && isValidIsin(isin)) {
      isins++;
      if (isin.startsWith('INF')) infs++;
    }
  }
  const folios = (text.match(/Folio\s*(?:No|Number)/gi) ?? []).length;
  const structure = Math.min(4, isins) + (folios > 0 ? 2 : 0);
  for (const c of MUTUAL_FUND) scores[c] += infs > 0 ? Math.min(4, isins) : 0;
  for (const c of MUTUAL_FUND) scores[c] += folios > 0 ? 2 : 0;
  scores.NSDL_CAS += Math.min(4, isins);
  scores.CDSL_CAS += Math.min(4, isins);
  if (DETAILED.test(text)) scores.CAMS_SUMMARY_CAS -= 4;
  if (OPENING.test(text)) scores.KFINTECH_SUMMARY_CAS -= 4;
  // Both registrars title a summary "Consolidated Account Summary": the issuer named in the title block decides.
  if (KFIN_NAME.test(head)) scores.CAMS_SUMMARY_CAS -= SUMMARY_TITLE_POINTS;
  else scores.KFINTECH_SUMMARY_CAS = Math.floor(scores.KFINTECH_SUMMARY_CAS / 2);
  // A statement of holdings lists securities: without any ISIN or folio, halve the CAS scores.
  if (structure === 0) for (const c of CAS) scores[c] = Math.floor(scores[c] / 2);
  // A bank statement lists no securities.
  if (isins > 2) scores.BANK_STATEMENT -= 8;
  for (const c of Object.keys(scores) as Candidate[]) scores[c] = Math.max(0, scores[c]);
  return { scores, isins, folios };
}

export function classifyStatement(pages: PdfPageText[]): Classification {
  const { scores } = scoreStatement(pages);
  const ranked = (Object.entries(scores) as [Candidate, number][]).sort((a, b) => b[1] - a[1]);
  const [best, bestScore] = ranked[0];
  const runnerUp = ranked[1]?.[1] ?? 0;
  if (bestScore < MIN_SCORE) {
    // Weak evidence of something, but not enough to name it.
    return { code: 'UNKNOWN', confidence: Math.min(30, bestScore * 5), holdings_statement: false };
  }
  const strength = Math.min(1, bestScore / FULL_SCORE);
  const margin = (bestScore - runnerUp) / bestScore;
  const confidence = Math.round(99 * strength * Math.min(1, 0.55 + margin));
  return { code: best, confidence: Math.max(1, confidence), holdings_statement: CAS.includes(best) };
}
