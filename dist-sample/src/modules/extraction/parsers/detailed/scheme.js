/**
 * A scheme's header lines in a detailed statement: its name and ISIN, whichever comes first.
 * `B205RG-HDFC Flexi Cap Fund - Growth (Non-Demat) - ISIN: INF179K01608(Advisor: ARN-1) Registrar : CAMS`,
 * `ISIN : INF179K01608 - B205RG-HDFC Flexi Cap Fund - Growth (Non-Demat)`, or the name over an
 * `ISIN : … (Advisor: …) Registrar : …` line (KFintech). The registrar's product code is stripped with
 * the family's own pattern (`families/`), so `Q271RG-quant Mid Cap Fund` is `quant Mid Cap Fund`.
 */
import { stripProductCode } from '../../families/index.js';
import { findIsin } from '../../identifiers.js';
import { SCHEME_CODE, SCHEME_LABEL, SCHEME_START } from './labels.js';
/** "ISIN: INF179K01608 -", the ISIN possibly broken by a stray space. */
const ISIN_PART = /\s*-?\s*\bISIN\s*:?\s*(?:[A-Z0-9]\s?){11}[A-Z0-9]\s*-?\s*/;
/** Where the name ends: the demat mark, the advisor or the registrar. */
const NAME_END = /\(\s*(?:Non\s*-?\s*Demat|Demat)\s*\)|\(\s*Advisor\b|\bAdvisor\s*:|\bRegistrar\s*:|\bUCC\s*:/i;
/** The header lines of the scheme: from the first that carries its label, product code or ISIN. */
export function schemeBlock(header) {
    const start = header.findIndex((l) => SCHEME_LABEL.test(l.text) || SCHEME_START.test(l.text));
    return header.slice(Math.max(0, start));
}
/** The scheme's ISIN and its name: label, ISIN, code, demat mark, advisor and registrar removed. */
export function readSchemeHeader(block, code) {
    const text = block.map((l) => l.text).join(' ');
    let name = text.replace(ISIN_PART, ' ').replace(SCHEME_LABEL, '').trim();
    name = name.replace(SCHEME_LABEL, '');
    const end = NAME_END.exec(name);
    if (end)
        name = name.slice(0, end.index);
    const stripped = stripProductCode(code, name);
    name = stripped !== name.trim() ? stripped : name.replace(SCHEME_CODE, '');
    // Never a dangling bracket, dash or colon at the end ("… Growth (" before a wrapped mark).
    name = name.replace(/\s+/g, ' ').replace(/[\s\-–:(]+$/, '').trim();
    return { isin: findIsin(text), name };
}
//# sourceMappingURL=scheme.js.map