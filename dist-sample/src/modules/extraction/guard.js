/**
 * The guard: no figure the statement's own arithmetic or totals refute leaves extraction. Every reader's
 * draft passes through `guardExtraction` (`extractStatement`, and the language model's reading in
 * `extractStatementWithModel`); a refused figure becomes null, with what was printed and why kept in
 * `refused_figures` (the validator flags FIGURE_REFUTED), so totals, allocation, gains, chat and reports
 * leave it out as they leave out a figure that could not be read.
 *
 * Per holding, the evidence of `guard-evidence.ts` (units against the transactions, the NAV against
 * the same ISIN elsewhere, the value against printed totals) is weighed with units × NAV = value:
 * - the product holds and nothing is refuted: every figure stays exactly as read;
 * - the product fails: every figure no other evidence confirms is refused (units confirmed by the
 *   transactions and a value confirmed by a total ⇒ the NAV alone; nothing confirmed ⇒ all three);
 * - the product holds but a figure is refuted: a wrong figure cannot keep the product unless another
 *   compensates, so every figure not confirmed is refused; units and NAV exchanged (the units read are
 *   the NAV the transactions or the same ISIN elsewhere give) ⇒ both are refused, the value they
 *   reproduce stays;
 * - a cost printed negative, or on a holding of zero units, is refused.
 * Then each printed total the holdings do not add up to: when the figures already refused (or the rows
 * a language model's answer lost) account for the difference, nothing more; when one or more values
 * could account for it on their own (each still within its product's rounding), those values; when
 * none can, every figure that no other evidence confirms of its holdings whose value no other total
 * confirms. With every value confirmed by another total, the total is the misprint. Nothing is ever
 * repaired: a refused figure is null, never recomputed.
 */
import { fmtMoney, navEvidence, productHolds, sameNav, sameSecurityGroups, signFinding, unitsEvidence, } from './guard-evidence.js';
import { printedPrecision, printedTotals, totalTolerance } from './statement-figures.js';
import { valueTolerance } from './validator.js';
const FIGURES = ['units', 'nav', 'market_value'];
const NAMES = { units: 'units', nav: 'NAV', market_value: 'market value', cost_value: 'cost' };
const confirmed = (c, f) => c.findings[f].standing === 'confirmed';
/** The figure as it stands: null when not read or refused (a value computed from a refused figure included). */
function kept(c, f) {
    if (c.refused.has(f))
        return null;
    if (f === 'market_value' && c.holding.market_value_source === 'computed' && (c.refused.has('units') || c.refused.has('nav')))
        return null;
    return c.holding[f];
}
function refuse(c, field, reason) {
    if (c.holding[field] !== null && !c.refused.has(field))
        c.refused.set(field, reason);
}
function caseOf(h, precision) {
    const units = unitsEvidence(h);
    const product = productHolds(h, precision.of(h));
    return {
        holding: h,
        precision: precision.of(h),
        findings: { units: units.finding, nav: signFinding(h.nav, 'a NAV'), market_value: signFinding(h.market_value, 'a market value') },
        product: product.holds,
        productSays: product.says,
        impliedUnits: units.implied,
        exchanged: null,
        refused: new Map(),
    };
}
/** The same ISIN's NAV elsewhere: exchanges first, so an exchanged holding never speaks for a NAV. */
function weighSameSecurity(cases) {
    const byHolding = new Map(cases.map((c) => [c.holding, c]));
    for (const group of sameSecurityGroups(cases.map((c) => c.holding)).values()) {
        if (group.length < 2)
            continue;
        const members = group.map((h) => byHolding.get(h));
        const peersOf = (c) => members.filter((m) => m !== c).map((m) => ({ holding: m.holding, sound: m.product === true && m.findings.units.standing !== 'refuted' && m.exchanged === null }));
        const exchanged = members.map((c) => navEvidence(c.holding, peersOf(c)).exchanged);
        members.forEach((c, i) => (c.exchanged = exchanged[i]));
        for (const c of members) {
            if (c.exchanged || c.findings.nav.standing === 'refuted')
                continue;
            c.findings.nav = navEvidence(c.holding, peersOf(c)).finding;
        }
    }
}
/**
 * Totals the values as read add up to within rounding (`reconciled`: nothing to narrow). One they add
 * up to exactly, to the last printed digit, confirms each of them: within rounding, a value misread by
 * a few paise could hide in the total's tolerance.
 */
function confirmByTotals(totals, caseOfHolding, precision) {
    const reconciled = new Set();
    const halfStep = 10 ** -precision.valueDecimals / 2 + 1e-6;
    for (const t of totals) {
        if (!t.holdings.length || t.holdings.some((h) => h.market_value === null))
            continue;
        const sum = t.holdings.reduce((s, h) => s + Math.round(h.market_value * 100), 0) / 100;
        if (Math.abs(sum - t.stated) > totalTolerance(t.holdings.length, precision.valueDecimals))
            continue;
        reconciled.add(t);
        if (Math.abs(sum - t.stated) > halfStep)
            continue;
        for (const h of t.holdings) {
            const c = caseOfHolding.get(h);
            if (c.findings.market_value.standing === 'unknown')
                c.findings.market_value = { standing: 'confirmed', why: `the holdings add up to the total printed for ${t.label}` };
        }
    }
    return reconciled;
}
/** Two figures confirmed and the product holding: the third is confirmed by them. */
function confirmByProduct(c) {
    if (c.product !== true)
        return;
    const open = FIGURES.filter((f) => !confirmed(c, f));
    if (open.length === 1 && c.findings[open[0]].standing === 'unknown')
        c.findings[open[0]] = { standing: 'confirmed', why: 'units × NAV = value with the other two confirmed' };
}
/** The decision on one holding's own evidence (see the header). */
function decide(c) {
    for (const f of FIGURES)
        if (c.findings[f].standing === 'refuted')
            refuse(c, f, c.findings[f].why);
    const { units, nav } = c.holding;
    const exchanged = c.exchanged ??
        (c.product === true && c.findings.units.standing === 'refuted' && c.impliedUnits !== null && nav !== null && sameNav(c.impliedUnits, nav)
            ? `the NAV read is the closing balance the transactions give (${c.findings.units.why}): units and NAV are exchanged`
            : null);
    if (exchanged && units !== null && nav !== null) {
        refuse(c, 'units', exchanged);
        refuse(c, 'nav', exchanged);
        // The exchanged pair still gives the value: it stands, unless the product fails as well.
        if (c.product !== false)
            return;
    }
    if (c.product === false) {
        const sure = FIGURES.filter((f) => confirmed(c, f));
        const why = sure.length ? `; ${sure.map((f) => `the ${NAMES[f]} ${f === 'units' ? 'are' : 'is'} confirmed: ${c.findings[f].why}`).join('; ')}` : '';
        const doubtful = sure.length === FIGURES.length ? FIGURES : FIGURES.filter((f) => !confirmed(c, f));
        for (const f of doubtful)
            refuse(c, f, `${c.productSays}${why}`);
    }
    else if (c.product === true) {
        const wrong = FIGURES.filter((f) => c.findings[f].standing === 'refuted');
        if (wrong.length) {
            const plural = wrong.length > 1 || wrong[0] === 'units';
            const why = `units × NAV gives the value, but the ${wrong.map((f) => NAMES[f]).join(' and ')} ${plural ? 'are' : 'is'} refuted, so the figures that agree with ${plural ? 'them' : 'it'} cannot be trusted`;
            for (const f of FIGURES)
                if (!confirmed(c, f))
                    refuse(c, f, why);
        }
    }
}
function decideCost(c) {
    const cost = c.holding.cost_value;
    if (cost === null)
        return;
    if (cost < 0)
        refuse(c, 'cost_value', 'a cost cannot be negative');
    else if (cost !== 0 && kept(c, 'units') === 0)
        refuse(c, 'cost_value', 'no units are held, so no cost can remain');
}
/**
 * A printed total the holdings do not add up to (see the header). `lo`/`hi` bound what the holdings
 * can be worth: the values kept, and for each value not known units × NAV within its rounding when
 * both stand, else anything from 0; and anything more when the reader knows it left rows out.
 */
function narrowByTotal(t, members, precision, rowsLeftOut) {
    if (!members.length)
        return;
    const tolerance = totalTolerance(members.length, precision.valueDecimals);
    let lo = 0;
    let hi = rowsLeftOut ? Infinity : 0;
    let mid = 0;
    for (const c of members) {
        const value = kept(c, 'market_value');
        const units = kept(c, 'units');
        const nav = kept(c, 'nav');
        if (value !== null)
            [lo, hi, mid] = [lo + value, hi + value, mid + value];
        else if (units !== null && nav !== null) {
            const slack = valueTolerance(units, nav, c.precision);
            [lo, hi, mid] = [lo + units * nav - slack, hi + units * nav + slack, mid + units * nav];
        }
        else
            hi = Infinity;
    }
    if (t.stated >= lo - tolerance && t.stated <= hi + tolerance)
        return;
    const gap = `the holdings of ${t.label} add up to ${fmtMoney(mid)}${hi === Infinity ? ' or more' : ''}, but the statement prints ${fmtMoney(t.stated)}`;
    const open = members.filter((c) => kept(c, 'market_value') !== null && !confirmed(c, 'market_value'));
    if (hi !== Infinity) {
        // Values that could be off by the difference while units × NAV still holds, or that nothing checks.
        const d = t.stated - mid;
        const suspects = open.filter((c) => {
            const [units, nav, value] = [kept(c, 'units'), kept(c, 'nav'), kept(c, 'market_value')];
            if (value + d < -tolerance)
                return false;
            return units === null || nav === null || Math.abs(value + d - units * nav) <= valueTolerance(units, nav, c.precision) + tolerance;
        });
        if (suspects.length) {
            for (const c of suspects)
                refuse(c, 'market_value', `${gap}; this value is one that could account for the difference`);
            return;
        }
    }
    // No single value: a row read wrong but holding together (ten times over, or a tenth), or a holding
    // the reader lost. Either way the figures read cannot be vouched for, except a value another total
    // confirms (and its row): with every value confirmed, the total is the misprint.
    for (const c of members) {
        if (confirmed(c, 'market_value'))
            continue;
        for (const f of FIGURES)
            if (!confirmed(c, f))
                refuse(c, f, `${gap}, and no single value accounts for the difference`);
    }
}
/** The holding as it leaves the guard: refused figures null and recorded; a value computed from a refused figure withdrawn. */
function settle(c) {
    const h = c.holding;
    const computedFrom = h.market_value_source === 'computed' && (c.refused.has('units') || c.refused.has('nav') || c.refused.has('market_value'));
    // A computed value was never printed: it is withdrawn, not recorded as a printed figure refused.
    if (computedFrom)
        c.refused.delete('market_value');
    if (!c.refused.size && !computedFrom)
        return h;
    const out = { ...h, refused_figures: [...(h.refused_figures ?? [])] };
    const order = ['units', 'nav', 'market_value', 'cost_value'];
    for (const [field, reason] of [...c.refused].sort(([a], [b]) => order.indexOf(a) - order.indexOf(b))) {
        out.refused_figures.push({ field, printed: h[field], reason });
        out[field] = null;
    }
    if (computedFrom) {
        out.market_value = null;
        delete out.market_value_source;
    }
    if (!out.refused_figures.length)
        delete out.refused_figures;
    return out;
}
/**
 * The draft with every figure its own statement refutes made null and recorded (see the header). A
 * draft nothing refutes is returned as it is; the input is never changed. Running it twice changes
 * nothing more.
 */
export function guardExtraction(draft) {
    const holdings = draft.entities.flatMap((e) => e.holdings);
    if (!holdings.length)
        return draft;
    const totals = printedTotals(draft);
    const precision = printedPrecision(holdings, totals.map((t) => t.stated));
    const cases = holdings.map((h) => caseOf(h, precision));
    const caseOfHolding = new Map(cases.map((c) => [c.holding, c]));
    weighSameSecurity(cases);
    const reconciled = confirmByTotals(totals, caseOfHolding, precision);
    for (const c of cases)
        confirmByProduct(c);
    for (const c of cases)
        decide(c);
    // Smallest groups first: a difference found in an AMC or an account is not blamed on the whole statement.
    const open = totals.filter((t) => !reconciled.has(t)).sort((a, b) => a.holdings.length - b.holdings.length);
    // Rows of a language model's answer that were dropped are holdings known not to be read.
    const rowsLeftOut = Boolean(draft.llm_extraction && draft.llm_extraction.rows_returned > draft.llm_extraction.rows_accepted);
    for (const t of open)
        narrowByTotal(t, t.holdings.map((h) => caseOfHolding.get(h)), precision, rowsLeftOut);
    for (const c of cases)
        decideCost(c);
    const settled = new Map(cases.map((c) => [c.holding, settle(c)]));
    if (cases.every((c) => settled.get(c.holding) === c.holding))
        return draft;
    return { ...draft, entities: draft.entities.map((e) => ({ ...e, holdings: e.holdings.map((h) => settled.get(h)) })) };
}
//# sourceMappingURL=guard.js.map