/**
 * The vocabulary of holdings-table column labels. A statement prints its columns in its own order
 * and words; what a column holds is decided by its label, never by its position. The labels every
 * family shares are here (`COMMON_COLUMNS`); a family's own synonyms are in its description
 * (`families/`), tried before these, and a reader reads each table with its family's vocabulary.
 * Each entry is tried in order against the whole (normalised) label, so the more specific wordings
 * come first ("NAV Date" before "NAV", "Cost Value" before "Value", "Market Price / Face Value"
 * before "Face Value"). Adding a synonym is one line.
 */
/** The figures of a holding a table can print, as numbers. */
export const FIGURE_KINDS = new Set(['units', 'nav', 'price_per_100', 'value', 'cost', 'average_cost', 'gain', 'return', 'face_value', 'coupon', 'other_balance']);
export const columnLabel = (kind, pattern) => ({ kind, pattern });
const COMMON = [
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
    ['units', /^(?:closing |current |total )?(?:unit |units )?(?:bal\.?|balance)(?: units)?$|^(?:closing )?units?(?: held| balance)?$|^(?:closing )?(?:quantity|qty\.?)$|^no\.? of (?:shares|units|securities|bonds)$|^holdings?$/],
    ['value', /^(?:market|current|total|closing) value$|^value$|^valuation$|^market value as on$|^amount$/],
    ['name', /^(?:scheme|security|fund|instrument|company|isin description|name of (?:the )?(?:scheme|security|fund)|security description|description)(?: name| description)?$|^name$/],
    ['registrar', /^(?:registrar|rta)$/],
    ['category', /^(?:scheme |asset )?(?:category|class|type)$|^asset type$/],
    ['code', /^(?:symbol|ucc|scrip code|arn|broker code)$/],
];
/** The labels every family prints alike. */
export const COMMON_COLUMNS = COMMON.map(([kind, pattern]) => columnLabel(kind, pattern));
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
/** What a column with this label holds in a table read with `vocabulary`; null when the label is not in it. */
export function columnKind(label, vocabulary = COMMON_COLUMNS) {
    const text = normaliseLabel(label);
    if (!text)
        return null;
    return vocabulary.find((l) => l.pattern.test(text))?.kind ?? null;
}
/** Words that make up the second line of a wrapped header, or a currency note under a label. */
const FRAGMENT = /^(?:\(?(?:inr|rs\.?|₹|`|%)\)?|\(?per (?:₹ ?|rs\.? ?|inr ?)?100(?: (?:of )?(?:face value|fv))?\)?|balance|bal\.?|units?|value|date|price|nav|cost|name|no\.?|amount|face value|per unit|\(?loss\)?|p\/l|gain|return|held|as on|description|rate|quantity|in (?:inr|rs\.?|₹))$/;
/** Whether a cell's text can only be part of a column label (a header's wrapped second line). */
export function isLabelFragment(text) {
    const t = text.toLowerCase().replace(/\s+/g, ' ').trim();
    return t.split(/\s*\/\s*|\s+(?=\()/).every((part) => FRAGMENT.test(part.trim()));
}
//# sourceMappingURL=vocabulary.js.map