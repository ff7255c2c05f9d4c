/**
 * The vocabulary of holdings-table column labels. A statement prints its columns in its own order
 * and words; what a column holds is decided by its label here, never by its position. Each entry is
 * tried in order against the whole (normalised) label, so the more specific wordings come first
 * ("NAV Date" before "NAV", "Cost Value" before "Value", "Market Price / Face Value" before "Face
 * Value"). Adding a synonym is one line.
 */
/** The figures of a holding a table can print, as numbers. */
export const FIGURE_KINDS = new Set(['units', 'nav', 'value', 'cost', 'average_cost', 'gain', 'return', 'face_value', 'coupon', 'other_balance']);
const LABELS = [
    ['isin', /^isin(?: code| no\.?)?$/],
    ['nav_date', /^(?:nav|price|valuation|market price) (?:date|as on)$|^(?:date of|as on) (?:nav|valuation)$/],
    ['folio', /^folio(?: no\.?| number| #)?$|^account no\.?$/],
    ['average_cost', /^(?:average|avg\.?) (?:cost|purchase price|nav|price|cost price)(?: per unit| \/ unit)?$/],
    ['gain', /^(?:unreali[sz]ed |notional )?(?:gain|profit|p) ?(?:\/|&|or) ?\(?(?:loss|l)\)?$|^(?:unreali[sz]ed |notional )?gain$|^appreciation$/],
    ['return', /return|xirr|cagr|annuali[sz]ed/],
    ['cost', /^(?:total )?(?:cost|invested|investment|purchase)(?: value| amount| cost)?$|^amount invested$|^invested value$|^acquisition cost$/],
    ['nav', /^(?:closing |market |unit |latest |current )?(?:nav|price|rate)(?: per unit)?(?: \/ face value)?$|^market price \/$/],
    ['face_value', /^face value$|^fv$/],
    ['coupon', /^coupon(?: rate)?$|^interest rate$/],
    ['maturity', /^maturity(?: date)?$|^redemption date$/],
    ['other_balance', /^(?:free|lent|safe ?keep|locked ?in|lock-in|pledged?e?|pledge setup|earmarked|blocked|pending (?:demat|remat))(?: bal\.?| balance)?$/],
    ['units', /^(?:closing |current |total )?(?:unit |units )?(?:bal\.?|balance)(?: units)?$|^(?:closing )?units?(?: held| balance)?$|^(?:closing )?(?:quantity|qty\.?)$|^no\.? of (?:shares|units|securities|bonds)$|^holdings?$/],
    ['value', /^(?:market|current|total|closing) value$|^value$|^valuation$|^market value as on$|^amount$/],
    ['name', /^(?:scheme|security|fund|instrument|company|isin description|name of (?:the )?(?:scheme|security|fund)|security description|description)(?: name| description)?$|^name$/],
    ['registrar', /^(?:registrar|rta)$/],
    ['category', /^(?:scheme |asset )?(?:category|class|type)$|^asset type$/],
    ['code', /^(?:symbol|ucc|scrip code|arn|broker code)$/],
];
/** A label as compared: lower case, single spaces, currency notes dropped ("Value (INR)", "Value in ₹"). */
export function normaliseLabel(text) {
    return text
        .toLowerCase()
        .replace(/[(\[]\s*(?:in\s+)?(?:inr|rs\.?|₹|`|%|rupees)\s*[)\]]/g, ' ')
        .replace(/\bin\s+(?:inr|rs\.?|₹|rupees)(?=\s|$)/g, ' ')
        .replace(/(?:^|\s)(?:inr|rs\.?|₹)(?=\s|$)/g, ' ')
        .replace(/[:*]/g, ' ')
        .replace(/\s+/g, ' ')
        .trim();
}
/** What a column with this label holds; null when the label is not in the vocabulary. */
export function columnKind(label) {
    const text = normaliseLabel(label);
    if (!text)
        return null;
    for (const [kind, pattern] of LABELS)
        if (pattern.test(text))
            return kind;
    return null;
}
/** Words that make up the second line of a wrapped header, or a currency note under a label. */
const FRAGMENT = /^(?:\(?(?:inr|rs\.?|₹|`|%)\)?|balance|bal\.?|units?|value|date|price|nav|cost|name|no\.?|amount|face value|per unit|\(?loss\)?|p\/l|gain|return|held|as on|description|rate|quantity|in (?:inr|rs\.?|₹))$/;
/** Whether a cell's text can only be part of a column label (a header's wrapped second line). */
export function isLabelFragment(text) {
    const t = text.toLowerCase().replace(/\s+/g, ' ').trim();
    return t.split(/\s*\/\s*|\s+(?=\()/).every((part) => FRAGMENT.test(part.trim()));
}
//# sourceMappingURL=vocabulary.js.map