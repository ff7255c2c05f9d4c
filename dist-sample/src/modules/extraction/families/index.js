import { BANK_STATEMENT } from './bank-statement.js';
import { CAMS_DETAILED } from './cams-detailed.js';
import { CAMS_SUMMARY } from './cams-summary.js';
import { CDSL_CAS } from './cdsl.js';
import { DEPOSIT_CERTIFICATE } from './deposit-certificate.js';
import { NO_TOTALS, SECTION_WORDS } from './family.js';
import { KFINTECH_DETAILED } from './kfintech-detailed.js';
import { KFINTECH_SUMMARY } from './kfintech-summary.js';
import { NSDL_CAS } from './nsdl.js';
import { TAX_CERTIFICATE } from './tax-certificate.js';
export { ISSUERS } from './issuers.js';
export { SECTION_WORDS };
/** In this order ties are broken: a family listed earlier wins an equal score. */
export const FAMILIES = [
    CAMS_DETAILED,
    CAMS_SUMMARY,
    KFINTECH_DETAILED,
    KFINTECH_SUMMARY,
    NSDL_CAS,
    CDSL_CAS,
    BANK_STATEMENT,
    DEPOSIT_CERTIFICATE,
    TAX_CERTIFICATE,
];
const BY_CODE = new Map(FAMILIES.map((f) => [f.code, f]));
/** The description of a class; null for UNKNOWN. */
export function familyOf(code) {
    return BY_CODE.get(code) ?? null;
}
/** Whether documents of this class are statements of holdings. */
export function isHoldingsClass(code) {
    return familyOf(code)?.holdings ?? false;
}
/** What a document of this class is, in words for a reader. */
export function describeClass(code) {
    return familyOf(code)?.title ?? 'a document whose layout is not one Foliodesk knows';
}
/**
 * Why a document yields no holdings, in one sentence: which document it is and that it lists none,
 * or, for a statement of holdings, that its holdings tables could not be read (never "not a
 * statement of holdings").
 */
export function noHoldingsReason(classification) {
    const { code } = classification;
    if (classification.holdings_statement) {
        return `This document is ${describeClass(code)} (${code}), but its holdings tables could not be read; no holdings were extracted, which does not mean it holds none.`;
    }
    if (!familyOf(code))
        return `This document (${code}) was not recognised as a statement of holdings; no holdings were extracted.`;
    return `This document is ${describeClass(code)} (${code}), not a statement of holdings; no holdings were extracted.`;
}
/** Section kinds that hold holdings (every kind but transactions). */
export function holdsHoldings(kind) {
    return kind !== 'transactions';
}
/** The section a heading opens in a statement of this class, or null when the text is no section heading of it. */
export function sectionOf(code, heading) {
    return familyOf(code)?.sections.find((s) => s.pattern.test(heading)) ?? null;
}
export function totalLabels(code) {
    return familyOf(code)?.totals ?? NO_TOTALS;
}
/** The account id a line introduces in a statement of this class ("IN30012612345678", a 16-digit BO ID), or null. */
export function readAccountId(code, text) {
    const id = familyOf(code)?.accountId;
    const m = id ? id.pattern.exec(text) : null;
    return m && id ? id.parts.map((p) => m[p] ?? '').join('').replace(/\s+/g, '').toUpperCase() : null;
}
/** A scheme name without the registrar's product code printed before it. */
export function stripProductCode(code, name) {
    const pattern = familyOf(code)?.productCode;
    return (pattern ? name.replace(pattern, '') : name).trim();
}
/** A detailed statement's scheme labels (opening balance, closing block), as its family prints them. */
export function detailedLabels(code) {
    return familyOf(code)?.detailed ?? null;
}
/** One pattern matching any of the labels (for a reader that takes a single pattern). */
export function anyOf(patterns) {
    if (!patterns.length)
        return /(?!)/;
    const flags = [...new Set(patterns.flatMap((p) => [...p.flags]))].filter((f) => f !== 'g' && f !== 'y').join('');
    return new RegExp(patterns.map((p) => `(?:${p.source})`).join('|'), flags);
}
//# sourceMappingURL=index.js.map