/** ISIN and PAN: recognising them in text and checking them. */
const ISIN_SHAPE = /^[A-Z]{2}[A-Z0-9]{9}[0-9]$/;
/** ISO 6166 check: letters become two digits (A=10 … Z=35), then Luhn over the digit string. */
export function isinCheckDigit(first11) {
    if (!/^[A-Z]{2}[A-Z0-9]{9}$/.test(first11))
        return null;
    let digits = '';
    for (const ch of first11)
        digits += /[0-9]/.test(ch) ? ch : String(ch.charCodeAt(0) - 55);
    let sum = 0;
    for (let i = digits.length - 1, double = true; i >= 0; i--, double = !double) {
        let d = Number(digits[i]);
        if (double) {
            d *= 2;
            if (d > 9)
                d -= 9;
        }
        sum += d;
    }
    return (10 - (sum % 10)) % 10;
}
export function isValidIsin(isin) {
    return ISIN_SHAPE.test(isin) && isinCheckDigit(isin.slice(0, 11)) === Number(isin[11]);
}
/** ISIN-shaped token: country code, 9 alphanumerics, a digit. */
const ISIN_IN_TEXT = /(?<![A-Z0-9])[A-Z]{2}[A-Z0-9]{9}[0-9](?![0-9])/g;
/**
 * The first part of an ISIN broken by a stray space: the country code and, unless it is that short,
 * a digit (`INF179K0`, `INE`), so a word (`TOTAL`, `CLOSING`) never starts one.
 */
const isIsinHead = (part) => /^[A-Z]{2}[A-Z0-9]{0,9}$/.test(part) && (part.length <= 3 || /\d/.test(part));
/** The rejoined ISIN takes its second part whole, or up to a non-figure character: `1608(Advisor` yes, `5597268.59` no. */
const endsAtBoundary = (text, end) => !/^(?:[A-Z0-9]|[.,]\d)/.test(text.slice(end));
/**
 * The first ISIN in a text. Prefers a token with a valid check digit; also rejoins an ISIN broken
 * into two tokens by a stray space ("INF179K0 1608…") when the joined form has a valid check
 * digit. Falls back to an ISIN-shaped token after an "ISIN" label even when its check digit is
 * wrong (the validator flags it; the parser must not drop or repair it).
 */
export function findIsin(text) {
    const shaped = [...text.matchAll(ISIN_IN_TEXT)].map((m) => m[0]);
    const valid = shaped.find(isValidIsin);
    if (valid)
        return valid;
    const tokens = text.split(/\s+/);
    for (let i = 0; i + 1 < tokens.length; i++) {
        const a = tokens[i].replace(/^.*?:/, '');
        const joined = a + tokens[i + 1];
        const m = /^[A-Z]{2}[A-Z0-9]{9}[0-9]/.exec(joined);
        if (m && isIsinHead(a) && endsAtBoundary(joined, m[0].length) && isValidIsin(m[0]))
            return m[0];
    }
    const labelled = /ISIN\s*:?\s*([A-Z]{2}[A-Z0-9]{9}[0-9])/.exec(text);
    if (labelled)
        return labelled[1];
    return shaped.find((s) => /^IN[EF]/.test(s)) ?? null;
}
/** PAN: five letters, four digits, a letter; the fourth letter is the holder type (one definition, in common/). */
export { isValidPan, PAN_PATTERN } from '../../common/identifiers/pan.js';
/** "PAN: …", "PAN No. …", "PAN of First Holder : …" and the PAN after it. */
const LABELLED_PAN = /PAN(?:\s*(?:No\.?|Number)|\s+of\s+(?:the\s+)?(?:first|sole|second|third|1st|2nd|3rd)?\s*holder)?\s*[:\-]?\s*([A-Z]{5}[0-9]{4}[A-Z])\b/gi;
/** The PAN printed after a "PAN" label in a text ("PAN: OK" and similar status words are skipped). */
export function findPan(text) {
    for (const m of text.matchAll(LABELLED_PAN))
        return m[1].toUpperCase();
    return null;
}
//# sourceMappingURL=identifiers.js.map