/**
 * Which kind of document a PDF is, from the evidence in its text, scored for every family described
 * in `families/`: the family's cues (titles, wording, column labels; more in the title block at the
 * top of page 1), who issued it (where the registrar's or depository's name is printed,
 * `classification/issuer-evidence.ts`) and its structure (ISINs listed, folios,
 * `classification/security-evidence.ts`). The confidence grows with the amount of evidence for the
 * winner and with its margin over the runner-up.
 */
import { buildLines } from '../pdf/index.js';
import { issuerEvidence, issuerPoints } from './classification/issuer-evidence.js';
import { titleBlock } from './classification/page-regions.js';
import { securityEvidence } from './classification/security-evidence.js';
import { FAMILIES } from './families/index.js';
/** Points for listed ISINs, at most this many. */
const MAX_ISIN_POINTS = 4;
/** Points for printed folio numbers. */
const FOLIO_POINTS = 2;
/** What listing more than two securities takes from a document that lists none. */
const LISTS_SECURITIES = 8;
/** Below this score nothing is recognised. */
const MIN_SCORE = 6;
/** Score at which the evidence counts as complete. */
const FULL_SCORE = 14;
/** Points for the family's cues found in the text, and in the title block. */
function cuePoints(family, text, head) {
    let points = 0;
    for (const cue of family.cues) {
        if (cue.pattern.test(text))
            points += cue.weight;
        if (cue.head && cue.pattern.test(head))
            points += cue.head;
    }
    return points;
}
/** Points for the securities and folios the document lists, as evidence of this family. */
function structurePoints(family, securities) {
    const isins = family.securities === 'any' || (family.securities === 'funds' && securities.funds > 0) ? Math.min(MAX_ISIN_POINTS, securities.isins) : 0;
    return isins + (family.folios && securities.folios > 0 ? FOLIO_POINTS : 0);
}
/** The scores behind a classification (exported for diagnostics and tests). */
export function scoreStatement(pages) {
    const lines = buildLines(pages);
    const text = lines.map((l) => l.text).join('\n');
    const head = titleBlock(lines).map((l) => l.text).join('\n');
    const issuers = issuerEvidence(lines);
    const securities = securityEvidence(lines);
    const structured = securities.isins > 0 || securities.folios > 0;
    const scores = {};
    for (const family of FAMILIES) {
        let score = cuePoints(family, text, head) + structurePoints(family, securities) + issuerPoints(family.issuer, issuers);
        // A statement of holdings lists securities: without any ISIN or folio, its evidence counts half.
        if (family.holdings && !structured)
            score = Math.floor(score / 2);
        if (family.securities === 'none' && securities.isins > 2)
            score -= LISTS_SECURITIES;
        scores[family.code] = Math.max(0, score);
    }
    return { scores, isins: securities.isins, folios: securities.folios, issuers: issuers.points };
}
export function classifyStatement(pages) {
    const { scores } = scoreStatement(pages);
    // Ties go to the family listed first (the sort is stable).
    const ranked = FAMILIES.map((f) => [f, scores[f.code]]).sort((a, b) => b[1] - a[1]);
    const [best, bestScore] = ranked[0];
    const runnerUp = ranked[1]?.[1] ?? 0;
    if (bestScore < MIN_SCORE) {
        // Weak evidence of something, but not enough to name it.
        return { code: 'UNKNOWN', confidence: Math.min(30, bestScore * 5), holdings_statement: false };
    }
    const strength = Math.min(1, bestScore / FULL_SCORE);
    const margin = (bestScore - runnerUp) / bestScore;
    const confidence = Math.round(99 * strength * Math.min(1, 0.55 + margin));
    return { code: best.code, confidence: Math.max(1, confidence), holdings_statement: best.holdings };
}
//# sourceMappingURL=classifier.js.map