/** Lower case, stars and runs of spaces gone; "Dividend Yield" is a fund category, not a dividend. */
const normalize = (description) => description
    .toLowerCase()
    .replace(/\*/g, ' ')
    .replace(/dividend\s+yield/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
const sign = (v) => (v === null || !Number.isFinite(v) || Math.abs(v) < 1e-9 ? 0 : Math.sign(v));
/** The direction a two-legged row takes: units first, then the printed word after the keyword, then the amount. */
function direction(row, keyword) {
    if (row.units)
        return row.units > 0 ? 'in' : 'out';
    const word = new RegExp(`(?:${keyword.source})(?:\\s*plan)?[\\s\\-_/:(]*(?:over[\\s\\-]*)?(in|out)\\b`).exec(row.text);
    if (word)
        return word[1];
    if (row.amount)
        return row.amount > 0 ? 'in' : 'out';
    return null;
}
const paired = (keyword, inType, outType) => (row) => {
    if (!keyword.test(row.text))
        return null;
    const d = direction(row, keyword);
    return d === 'in' ? inType : d === 'out' ? outType : 'other';
};
/** Units added by a row worded as a sale, or taken away by one worded as a purchase, undo an earlier row. */
const bought = (type) => (row) => (row.units < 0 ? 'reversal' : type);
const sold = (type) => (row) => (row.units > 0 ? 'reversal' : type);
const NOTE = /regist|nominee|address|mandate|\bkyc\b|\bpan\b|ceased|terminat|paus|updat|no transactions|bank details|change of (?:bank|address|broker)|(?:sip|stp|swp)\s+cancel/;
/** A charge named on its own row, not one a payout row says it is net of ("IDCW Paid less TDS"). */
const charge = (name) => new RegExp(`(?<!(?:less|net of|after|excluding|including|incl\\.?)[\\s,]+)(?:${name})`);
const STAMP_DUTY = charge('stamp\\s*duty');
const STT = charge('\\bstt\\b|securities\\s+transaction\\s+tax');
const TDS = charge('\\btds\\b|tax\\s+deducted');
const STP = /\bstp|systematic\s+transfer/;
const SWITCH = /switch|lateral\s*shift|change\s+of\s+plan|plan\s+change|conversion/;
const TRANSFER = /transmission|transfer|\btrf\b|inter[\s-]*depository|off[\s-]*market/;
const MERGER = /merg|amalgamat|consolidat/;
/** Rules in order: each answers a type or null (not this rule). */
const RULES = [
    (r) => (!r.units && NOTE.test(r.text) ? 'other' : null),
    (r) => (/revers|reject|cancel|\breturned\b/.test(r.text) ? 'reversal' : null),
    // Charges move money, never units.
    (r) => (!r.units && STAMP_DUTY.test(r.text) ? 'stamp_duty' : null),
    (r) => (!r.units && STT.test(r.text) ? 'stt' : null),
    (r) => (!r.units && TDS.test(r.text) ? 'tds' : null),
    (r) => (/segregat/.test(r.text) ? 'segregation' : null),
    (r) => (MERGER.test(r.text) ? 'merger' : null),
    (r) => (/\bbonus\b/.test(r.text) ? 'bonus' : null),
    paired(STP, 'stp_in', 'stp_out'),
    (r) => (/\bswp\b|systematic\s+withdraw/.test(r.text) ? sold('swp')(r) : null),
    paired(SWITCH, 'switch_in', 'switch_out'),
    (r) => {
        if (!/\bidcw\b|dividend|\bdiv\b/.test(r.text))
            return null;
        if (/re-?invest|\breinv/.test(r.text))
            return 'idcw_reinvestment';
        return r.units > 0 ? 'idcw_reinvestment' : 'idcw_payout';
    },
    paired(TRANSFER, 'transfer_in', 'transfer_out'),
    (r) => (/redemp|redeem|repurchase|withdraw|\bsale\b|\bsold\b|\bsell\b|maturity/.test(r.text) ? sold('redemption')(r) : null),
    (r) => (/\bsip|systematic\s+invest|\bxsip\b|\bisip\b/.test(r.text) ? bought('sip_purchase')(r) : null),
    (r) => (/purchase|subscri|\bnfo\b|new\s+fund\s+offer|allot|\bbuy\b|\bbought\b|investment|\bpurch\b/.test(r.text) ? bought('purchase')(r) : null),
];
/**
 * The type of one transaction row from its printed description, units (negative when taken away)
 * and amount (negative when printed in brackets). A row no rule names is typed by its signs when it
 * both moves units and carries money (units in for money: a purchase; units out: a redemption), and
 * is `other` otherwise.
 */
export function classifyTransaction(description, units, amount) {
    const row = { text: normalize(description), units: sign(units), amount: sign(amount) };
    if (!row.units && !row.amount)
        return 'other'; // a note: "*** SIP Registered ***", "Nominee registered"
    for (const rule of RULES) {
        const type = rule(row);
        if (type)
            return type;
    }
    if (row.units && row.amount)
        return row.units > 0 ? 'purchase' : 'redemption';
    return 'other';
}
//# sourceMappingURL=transaction-types.js.map