/**
 * Validation: the statement checked against itself. Every check that can run on what was
 * extracted runs; each failure becomes a flag. Values are never corrected here.
 *
 * The tolerances are defined here once, and the guard (`guard.ts`) weighs its evidence with them.
 *
 * Checks:
 * - ISIN_CHECK_DIGIT: every holding's ISIN has a valid ISO 6166 check digit.
 * - PAN_FORMAT: every investor's PAN has the AAAAA9999A shape with a valid holder-type letter.
 * - MARKET_VALUE_NOT_PRINTED: the market value was not printed and had to be computed (never silently)
 * - FIGURE_MISSING: units, NAV and market value were all read (a figure refused is not missing).
 * - FIGURE_REFUTED: no printed figure was refused by the guard (`guard.ts`, `refused_figures`); one
 *   flag per holding names each refused figure as printed and why.
 * - UNITS_NAV_MISMATCH: units × NAV gives the market value, within the rounding of what is printed
 *   (see `valueTolerance`). After the guard it cannot fail: the guard refuses what breaks it.
 * - BALANCE_MISMATCH: opening units + Σ transaction units = closing units; and each row's unit
 *   balance = the previous balance + its units. Units print with 3 decimals and add exactly, so
 *   the tolerance is half a thousandth (plus float noise).
 * - TOTAL_MISMATCH: Σ market values of an investor, a group (AMC, demat account) and the statement =
 *   the total printed for it (`printedTotals`), within half of the values' last digit per holding (a
 *   printed total may add unrounded values; `totalTolerance`).
 * - TABLE_UNREAD: each holdings table of a known family that its reader read nothing from, or the
 *   whole statement when nothing was read (`families/unread-tables.ts`): a failed check each.
 *
 * confidence_score = 100 × passed / run, scaled by the classification confidence (a perfect
 * extraction of an uncertainly classified document is still uncertain):
 * score × (0.5 + 0.5 × classification confidence / 100). With nothing to check, a document that is
 * not a statement of holdings scores its classification confidence, and a statement of holdings
 * with no holdings scores 0.
 *
 * A draft the language model read (`llm_extraction`, an unknown layout) carries flags of its own, which
 * are notes rather than checks (they do not count in `checks_run`): LLM_EXTRACTED (where the holdings
 * came from, or that the model found none), LLM_ROW_REJECTED (each row of its answer that was dropped)
 * and LLM_EXTRACTION_FAILED (its answer was unusable). Its score is multiplied by
 * `LLM_CONFIDENCE_FACTOR`, and is 0 when the answer was unusable.
 */
import { isHoldingsClass } from './families/index.js';
import { unreadTableFlag } from './families/unread-tables.js';
import { isValidIsin, isValidPan } from './identifiers.js';
import { decimalsOf, printedPrecision, printedTotals, totalTolerance } from './statement-figures.js';
/** A statement read by a language model is worth at most half a parsed one, even when every check passes. */
export const LLM_CONFIDENCE_FACTOR = 0.5;
/**
 * Largest honest difference between units × NAV and the printed market value. The value is rounded
 * to its last digit (±½ paisa, or ±½ rupee where the statement prints whole rupees) and the NAV by ±½
 * of its last digit, times the units, unless the statement's own products show its NAVs unrounded
 * (`exactNav`). Units are not rounded: they are what the registrar or depository holds (whole shares,
 * fund units to 3 decimals), exact as printed, as the balance checks take them (`UNIT_TOLERANCE`).
 * The NAV's decimals are its own, or the statement's (`printedPrecision`) when it prints more; prices
 * printed with 2 decimals (listed securities) get the coarser bound. One step of the value's last
 * digit is the floor.
 */
export function valueTolerance(units, nav, printed = {}) {
    const navStep = printed.exactNav ? 0 : 10 ** -Math.max(2, decimalsOf(nav, 4), printed.navDecimals ?? 0);
    const valueStep = 10 ** -Math.min(2, printed.valueDecimals ?? 2);
    return Math.max(valueStep, valueStep / 2 + (Math.abs(units) * navStep) / 2) + 1e-9;
}
/** Units print with 3 decimals and add exactly: half a thousandth (plus float noise). */
export const UNIT_TOLERANCE = 0.0005 + 1e-9;
const fmt = (v, d) => v.toFixed(d);
/** Opening units plus every transaction's units: the closing balance the transaction table gives. */
export function unitsAfterTransactions(h) {
    return h.transactions.reduce((s, t) => s + Math.round((t.units ?? 0) * 1000), Math.round((h.opening_units ?? 0) * 1000)) / 1000;
}
const FIGURE_NAMES = { units: 'units', nav: 'NAV', market_value: 'market value', cost_value: 'cost' };
/** The figures of a holding that were not read (units, NAV or market value); a refused figure was read, and is flagged as refused. */
function missingFigures(h) {
    const refused = new Set((h.refused_figures ?? []).map((r) => r.field));
    return ['units', 'nav', 'market_value'].filter((f) => h[f] === null && !refused.has(f)).map((f) => FIGURE_NAMES[f]);
}
/** FIGURE_REFUTED's message: each refused figure, as printed, and why (figures refused for one reason together). */
function refusedMessage(h, refused) {
    const reasons = [...new Set(refused.map((r) => r.reason))];
    const each = reasons.map((reason) => {
        const figures = refused.filter((r) => r.reason === reason).map((r) => `the ${FIGURE_NAMES[r.field]} printed as ${r.printed}`);
        return `${figures.join(' and ')} (${reason})`;
    });
    return `${h.scheme_name || h.isin}: the statement's own figures refute ${each.join('; ')}. Left empty rather than shown`;
}
/** The notes on a draft the language model read: where its holdings came from, and what was dropped. */
export function llmExtractionFlags(report) {
    const note = (code, message, isin = null) => ({ code, message, isin, entity: null, page: null });
    const read = `${report.pages_sent} of ${report.pages_total} page(s)${report.truncated ? ', the text cut to the limit' : ''}`;
    const flags = [];
    if (report.outcome === 'failed') {
        flags.push(note('LLM_EXTRACTION_FAILED', `No parser knows this layout, and the answer of the language model ${report.model} could not be used (${report.error ?? 'unknown reason'}); no holdings were extracted`));
    }
    else if (report.outcome === 'none_found') {
        flags.push(note('LLM_EXTRACTED', `No parser knows this layout; the language model ${report.model} found no holdings in it (${read} read)`));
    }
    else {
        flags.push(note('LLM_EXTRACTED', `No parser knows this layout: ${report.rows_accepted} holding(s) were read by the language model ${report.model} from ${read}; check them against the statement`));
    }
    for (const r of report.rejected) {
        flags.push(note('LLM_ROW_REJECTED', `${r.scheme_name ?? 'A row'}${r.isin ? ` (${r.isin})` : ''}: the language model's row was dropped: ${r.reason}`, r.isin));
    }
    const unlisted = report.rows_returned - report.rows_accepted - report.rejected.length;
    if (unlisted > 0)
        flags.push(note('LLM_ROW_REJECTED', `${unlisted} more row(s) of the language model's answer were dropped`));
    return flags;
}
export function validateExtraction(draft, options = {}) {
    const flags = draft.llm_extraction ? llmExtractionFlags(draft.llm_extraction) : [];
    let run = 0;
    let passed = 0;
    const check = (ok, flag) => {
        run++;
        if (ok)
            passed++;
        else
            flags.push(flag());
    };
    const precision = printedPrecision(draft.entities.flatMap((e) => e.holdings), printedTotals(draft).map((t) => t.stated));
    for (const entity of draft.entities) {
        const who = entity.entity_name;
        const named = who ?? (entity.pan ? `the investor with PAN ${entity.pan}` : 'an unnamed investor');
        check(Boolean(who), () => ({ code: 'INVESTOR_NAME_MISSING', message: `No name was found for ${named}`, isin: null, entity: null, page: entity.holdings[0]?.page ?? null }));
        if (entity.pan !== null) {
            const pan = entity.pan;
            check(isValidPan(pan), () => ({ code: 'PAN_FORMAT', message: `PAN "${pan}" of ${named} is not a valid PAN`, isin: null, entity: who, page: entity.holdings[0]?.page ?? null }));
        }
        for (const h of entity.holdings) {
            const base = { isin: h.isin, entity: who, page: h.page };
            check(isValidIsin(h.isin), () => ({ ...base, code: 'ISIN_CHECK_DIGIT', message: `ISIN "${h.isin}" (${h.scheme_name}) has an invalid check digit or shape` }));
            const missing = missingFigures(h);
            check(missing.length === 0, () => ({
                ...base,
                code: 'FIGURE_MISSING',
                message: `${h.scheme_name || h.isin}: the ${missing.join(', ')} could not be read from the statement; left empty, not 0`,
            }));
            const refused = h.refused_figures ?? [];
            check(refused.length === 0, () => ({ ...base, code: 'FIGURE_REFUTED', message: refusedMessage(h, refused) }));
            check(h.market_value_source !== 'computed', () => ({
                ...base,
                code: 'MARKET_VALUE_NOT_PRINTED',
                message: `${h.scheme_name}: the statement prints no market value; ${fmt(h.market_value ?? 0, 2)} is units × NAV, not read from the statement`,
            }));
            const { units, nav, market_value: value } = h;
            if (units !== null && nav !== null && value !== null) {
                const product = units * nav;
                const tolerance = valueTolerance(units, nav, precision.of(h));
                check(Math.abs(product - value) <= tolerance, () => ({
                    ...base,
                    code: 'UNITS_NAV_MISMATCH',
                    message: `${h.scheme_name}: units ${fmt(units, 3)} × NAV ${fmt(nav, 4)} = ${fmt(product, 2)}, but the market value is ${fmt(value, 2)} (tolerance ${fmt(tolerance, 2)})`,
                }));
            }
            // The closing balance must be the last printed running balance: a closing figure lost at a
            // page break (read as nothing, or as 0) can never pass as read.
            // Refused units are reported as refused (FIGURE_REFUTED), not as a closing balance not read.
            const lastBalance = [...h.transactions].reverse().find((t) => t.balance_units !== null)?.balance_units ?? null;
            if (lastBalance !== null && !refused.some((r) => r.field === 'units')) {
                check(units !== null && Math.abs(units - lastBalance) <= UNIT_TOLERANCE, () => ({
                    ...base,
                    code: 'BALANCE_MISMATCH',
                    message: `${h.scheme_name}: the last transaction leaves ${fmt(lastBalance, 3)} units, but the closing balance is ${units === null ? 'not read' : fmt(units, 3)}`,
                }));
            }
            if (h.opening_units !== null && units !== null) {
                const closing = unitsAfterTransactions(h);
                check(Math.abs(closing - units) <= UNIT_TOLERANCE, () => ({
                    ...base,
                    code: 'BALANCE_MISMATCH',
                    message: `${h.scheme_name}: opening ${fmt(h.opening_units ?? 0, 3)} + transactions = ${fmt(closing, 3)} units, but the closing balance is ${fmt(units, 3)}`,
                }));
            }
            if (h.transactions.some((t) => t.balance_units !== null)) {
                let balance = h.opening_units;
                let broken = null;
                for (const t of h.transactions) {
                    if (balance !== null && t.balance_units !== null && Math.abs(balance + (t.units ?? 0) - t.balance_units) > UNIT_TOLERANCE && broken === null) {
                        broken = `${t.date} "${t.description}": ${fmt(balance, 3)} + ${fmt(t.units ?? 0, 3)} ≠ balance ${fmt(t.balance_units, 3)}`;
                    }
                    balance = t.balance_units ?? (balance === null ? null : balance + (t.units ?? 0));
                }
                check(broken === null, () => ({ ...base, code: 'BALANCE_MISMATCH', message: `${h.scheme_name}: running unit balance breaks at ${broken}` }));
            }
        }
    }
    for (const total of printedTotals(draft)) {
        const sum = total.holdings.reduce((s, h) => s + Math.round((h.market_value ?? 0) * 100), 0) / 100;
        const unknown = total.holdings.filter((h) => h.market_value === null).length;
        check(Math.abs(sum - total.stated) <= totalTolerance(total.holdings.length, precision.valueDecimals), () => ({
            code: 'TOTAL_MISMATCH',
            message: `Holdings of ${total.label} add up to ${fmt(sum, 2)} (${total.holdings.length - unknown} read${unknown ? `, ${unknown} without a value` : ''}), but the statement prints ${fmt(total.stated, 2)}`,
            isin: null,
            entity: total.entity,
            page: null,
        }));
    }
    for (const table of draft.unread_tables ?? [])
        check(false, () => unreadTableFlag(draft, table));
    const classConfidence = Math.min(100, Math.max(0, options.classificationConfidence ?? draft.classification_confidence ?? 100));
    let score;
    if (run === 0)
        score = isHoldingsClass(draft.classification) ? 0 : classConfidence;
    else
        score = 100 * (passed / run) * (0.5 + (0.5 * classConfidence) / 100);
    if (draft.llm_extraction)
        score = draft.llm_extraction.outcome === 'failed' ? 0 : score * LLM_CONFIDENCE_FACTOR;
    return { flags, checks_run: run, confidence_score: Math.round(score * 10) / 10 };
}
//# sourceMappingURL=validator.js.map