import { addMonths, financialYearOf, ltcgExemptionFor } from '../rules/index.js';
import { ACT_2025_FROM } from '../rules/rules-table.js';
import { fromMilli, fromPaise, max, min, toNavQ, toPaise, valueAt } from '../lots/exact.js';
import { runLots } from '../lots/engine.js';
import { ADVANCE_TAX_PERIODS, advanceTaxPeriod, periodEnd } from './advance-tax.js';
import { flagsOf, lotGain } from './lot-gain.js';
import { byRule, byTaxClass, exemption112A } from './totals.js';
const FY = /^(\d{4})-(\d{2})$/;
/**
 * The capital gains of one financial year over the holdings' merged histories: FIFO lots per folio
 * and scheme, the rule of each lot, the year's totals, the s.112A exemption, the advance-tax split
 * and the unrealised gains at each holding's valuation NAV (docs/gains.md).
 */
export function computeGains(input, options) {
    const fy = options.fy;
    const match = FY.exec(fy);
    if (!match || (Number(match[1]) + 1) % 100 !== Number(match[2]))
        throw new RangeError(`not a financial year: ${fy}`);
    const navFmv = options.fmv;
    const listedFmv = options.fmvListed ?? (() => null);
    const fmvFor = (h) => (h.scheme.tax_class.listed ? listedFmv : navFmv);
    const run = runLots(input.holdings, input.segregations);
    const [yearFrom, yearTo] = [`${match[1]}-04-01`, `${Number(match[1]) + 1}-03-31`];
    const realised = run.closed
        .filter((piece) => piece.date >= yearFrom && piece.date <= yearTo)
        .map((piece) => realise(input.holdings[piece.holding], piece, run.holdings[piece.holding], fmvFor(input.holdings[piece.holding])));
    const exactRealised = realised.map((l) => l.exact);
    const limit = ltcgExemptionFor(fy);
    const exemption = exemption112A(exactRealised, limit);
    const unrealisedByHolding = input.holdings.map((h, i) => (h.valuation ? run.holdings[i].book.open.map((lot) => valueLot(h, lot, fmvFor(h))) : []));
    const unrealised = unrealisedByHolding.flat();
    const exactUnrealised = unrealised.map((l) => l.exact);
    // An equity-oriented holding with units open but no NAV: what selling it would realise is not known.
    const equityNotValued = input.holdings.some((h, i) => !h.valuation && (h.scheme.tax_class.untilFy2025 === 'equity_oriented' || h.scheme.tax_class.fromFy2026 === 'equity_oriented') && run.holdings[i].book.units !== 0n);
    const unrealisedEquityLtcg = equityNotValued ? null : harvestableLtcg(unrealisedByHolding.map((lots) => lots.map((l) => l.exact)));
    const holdings = input.holdings.map((h, i) => holdingStatus(h, run.holdings[i], realised.some((l) => l.position_id === h.position_id && l.purchase_date === null && l.flags.some((f) => f.code === 'HISTORY_INCOMPLETE'))));
    const incomplete = holdings.some((h) => h.flags.some((f) => f.code === 'HISTORY_INCOMPLETE'));
    return {
        fy,
        act: `${match[1]}-04-01` >= ACT_2025_FROM ? '2025' : '1961',
        realised: {
            lots: realised.map(({ exact: _exact, ...lot }) => lot),
            by_rule: byRule(exactRealised),
            by_tax_class: byTaxClass(exactRealised),
            exemption_112a: exemption,
            advance_tax: ADVANCE_TAX_PERIODS.map(({ period }) => ({
                period,
                to: periodEnd(fy, period),
                by_tax_class: byTaxClass(realised.filter((l) => l.advance_tax_period === period).map((l) => l.exact)),
            })),
        },
        unrealised: {
            lots: unrealised.map(({ exact: _exact, ...lot }) => lot),
            by_tax_class: byTaxClass(exactUnrealised),
            harvestable_ltcg: exemption.remaining === null || unrealisedEquityLtcg === null ? null : fromPaise(min(toPaise(exemption.remaining), unrealisedEquityLtcg)),
        },
        holdings,
        flags: incomplete ? flagsOf(['HISTORY_INCOMPLETE']) : [],
    };
}
function realise(h, piece, run, fmv) {
    const { lot } = piece;
    const g = lotGain(h.scheme, lot, piece.date, piece.proceeds, fmv);
    if (piece.untyped) {
        // Not known to be a transfer at all: no sale value, no gain; the lot's flag says why.
        g.gain = null;
        g.flags = g.flags.filter((f) => f !== 'SALE_VALUE_UNKNOWN');
    }
    if (g.gain !== null && g.gain < 0n && bonusStripping(lot, piece.date, run.bonusDates))
        g.flags.push('BONUS_STRIPPING_CHECK');
    const money = (v) => (v === null ? null : fromPaise(v));
    return {
        position_id: h.position_id,
        folio: h.folio,
        investor_pan: h.investor_pan,
        scheme_name: h.scheme.scheme_name,
        isin: h.scheme.isin,
        transaction_type: piece.type,
        purchase_type: lot.openType,
        purchase_date: lot.acquired,
        sale_date: piece.date,
        units: fromMilli(lot.units),
        purchase_nav: lot.nav,
        sale_nav: piece.nav,
        cost: money(lot.cost),
        stamp_duty: money(lot.stamp),
        stt: money(piece.stt),
        sale_value: money(piece.proceeds),
        fmv_nav_2018: g.fmvNav,
        fmv_value_2018: money(g.fmvValue),
        cost_of_acquisition: money(g.costOfAcquisition),
        gain: money(g.gain),
        rule: g.rule,
        financial_year: financialYearOf(piece.date),
        advance_tax_period: advanceTaxPeriod(piece.date),
        flags: flagsOf(g.flags),
        exact: exactOf(g, piece.proceeds),
    };
}
function valueLot(h, lot, fmv) {
    const { nav, date } = h.valuation;
    const units = lot.units;
    const value = units === null ? null : valueAt(units, toNavQ(nav));
    const g = lotGain(h.scheme, lot, date, value, fmv);
    const money = (v) => (v === null ? null : fromPaise(v));
    return {
        position_id: h.position_id,
        folio: h.folio,
        scheme_name: h.scheme.scheme_name,
        isin: h.scheme.isin,
        purchase_type: lot.openType,
        purchase_date: lot.acquired,
        units: units === null ? null : fromMilli(units),
        purchase_nav: lot.nav,
        cost: money(lot.cost),
        valuation_nav: nav,
        valuation_date: date,
        market_value: money(value),
        fmv_nav_2018: g.fmvNav,
        cost_of_acquisition: money(g.costOfAcquisition),
        gain: money(g.gain),
        rule: g.rule,
        flags: flagsOf(g.flags),
        exact: exactOf(g, value),
    };
}
function exactOf(g, value) {
    return { gain: g.gain, term: g.rule.term, taxClass: g.rule.tax_class, rule: g.rule.rule, rate: g.rule.rate, slab: g.rule.slab, section: g.rule.section, value, cost: g.costOfAcquisition };
}
/**
 * The long-term equity-oriented gain that selling could realise, first in first out: per holding, the
 * best sum over a run of its open lots from the oldest (a lot is sold only after every older one, so an
 * older loss counts against a later gain), the run ending at the first lot that is not long-term
 * (selling past it realises a short-term gain). Null when a lot of unknown gain or term comes first
 * (units the history does not show are the oldest): what selling would realise is then not known.
 */
function harvestableLtcg(holdings) {
    let sum = 0n;
    for (const lots of holdings) {
        let [running, best] = [0n, 0n];
        for (const lot of lots) {
            if (lot.taxClass !== 'equity_oriented' || lot.term === 'short')
                break;
            if (lot.term === null || lot.gain === null)
                return null;
            running += lot.gain;
            best = max(best, running);
        }
        sum += best;
    }
    return sum;
}
/** s.94(8): units bought within 3 months before a bonus allotment, sold within 9 months after it, at a loss. */
function bonusStripping(lot, sold, bonusDates) {
    if (!lot.acquired || lot.openType === 'bonus')
        return false;
    return bonusDates.some((bonus) => lot.acquired < bonus && addMonths(lot.acquired, 3) >= bonus && sold > bonus && sold <= addMonths(bonus, 9));
}
/** A holding is incomplete for the year when a sale of the year or the units still open include units it cannot see. */
function holdingStatus(h, run, soldUnseen) {
    const units = run.book.units;
    const unseen = run.book.unseenUnits;
    const codes = [];
    if (soldUnseen || unseen === null || unseen > 0n)
        codes.push('HISTORY_INCOMPLETE');
    const flags = [...run.flags, ...flagsOf(codes.filter((c) => !run.flags.some((f) => f.code === c)))];
    return {
        position_id: h.position_id,
        folio: h.folio,
        isin: h.scheme.isin,
        scheme_name: h.scheme.scheme_name,
        units_open: units === null ? null : fromMilli(max(units, 0n)),
        units_unseen: unseen === null ? null : fromMilli(unseen),
        flags,
    };
}
//# sourceMappingURL=compute-gains.js.map