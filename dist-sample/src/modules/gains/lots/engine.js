import { taxClassOn } from '../rules/tax-class.js';
import { min, share, toMilli, toNavQ } from './exact.js';
import { LotBook } from './lot-book.js';
import { unseenLot } from './lot.js';
import { prepareSteps } from './steps.js';
const PHASE = { open: 0, add_unseen: 0, close: 1, remove_newest: 1, remove_fifo: 1, move_out: 2, move_in: 3, segregation: 4 };
export function runLots(holdings, segregations = []) {
    const runs = holdings.map(() => ({ book: new LotBook(), flags: [], bonusDates: [] }));
    const timeline = [];
    holdings.forEach((h, i) => {
        const prepared = prepareSteps(h);
        if (prepared.unmatchedReversals) {
            runs[i].flags.push({ code: 'REVERSAL_UNMATCHED', message: `${prepared.unmatchedReversals} reversal(s) whose original row is not in the history` });
        }
        const opening = openingUnits(h, prepared.steps);
        if (opening === null || opening > 0n) {
            runs[i].book.addOldest(unseenLot(opening));
        }
        prepared.steps.forEach((step, order) => timeline.push({ holding: i, step, order }));
    });
    timeline.sort((a, b) => (a.step.date < b.step.date ? -1 : a.step.date > b.step.date ? 1 : PHASE[a.step.kind] - PHASE[b.step.kind] || a.holding - b.holding || a.order - b.order));
    const closed = [];
    const gapsCrossed = holdings.map(() => 0);
    let pending = [];
    let day = '';
    const flagHolding = (i, code, message) => {
        if (!runs[i].flags.some((f) => f.code === code && f.message === message))
            runs[i].flags.push({ code, message });
    };
    const endDay = () => {
        for (const p of pending.filter((x) => !x.used)) {
            flagHolding(p.holding, 'CARRIED_OVER', `${p.link === 'merger' ? 'Merger' : 'Transfer'} out on ${p.date}: the holding it went to is not among these; its lots left without a gain`);
        }
        pending = [];
    };
    for (const { holding: i, step } of timeline) {
        if (step.date !== day) {
            endDay();
            day = step.date;
        }
        const h = holdings[i];
        const run = runs[i];
        const book = run.book;
        // A gap in the history before this row: lots held across it are no longer known.
        const gaps = h.gaps ?? [];
        while (gapsCrossed[i] < gaps.length && gaps[gapsCrossed[i]].to < step.date) {
            const gap = gaps[gapsCrossed[i]++];
            const before = step.balance === null ? null : step.balance - signedUnits(step);
            book.hideAll(before);
            flagHolding(i, 'HISTORY_INCOMPLETE', `No statement covers ${gap.from} to ${gap.to}: lots held across that gap are unseen`);
        }
        switch (step.kind) {
            case 'open': {
                const cost = step.amount === null ? null : step.amount + (step.charge ?? 0n);
                if (step.type === 'bonus')
                    run.bonusDates.push(step.date);
                book.add({
                    openType: step.type,
                    acquired: step.date,
                    units: step.units,
                    cost,
                    stamp: step.amount === null ? null : (step.charge ?? 0n),
                    nav: step.nav,
                    unseen: false,
                    fmvIsin: h.scheme.isin,
                    fmvScale: [1n, 1n],
                    flags: cost === null ? ['COST_UNKNOWN'] : [],
                });
                break;
            }
            case 'close': {
                const pieces = book.take(step.units);
                distribute(pieces, step.units, step.amount, step.charge).forEach(({ lot, proceeds, stt }) => closed.push({ holding: i, date: step.date, type: step.type, nav: step.nav, lot, proceeds, stt }));
                break;
            }
            case 'add_unseen':
                book.add(unseenLot(step.units, [step.flag ?? 'UNITS_WITHOUT_TYPE', 'HISTORY_INCOMPLETE']));
                flagHolding(i, step.flag ?? 'UNITS_WITHOUT_TYPE', `Units added on ${step.date} by a row that says not how they were acquired (${step.type})`);
                break;
            case 'remove_newest':
                book.takeNewest(step.units);
                flagHolding(i, step.flag ?? 'REVERSAL_UNMATCHED', `Units taken away on ${step.date} by a row whose original is not in the history (${step.type})`);
                break;
            case 'remove_fifo': {
                const flag = step.flag ?? 'UNITS_WITHOUT_TYPE';
                for (const lot of book.take(step.units)) {
                    closed.push({ holding: i, date: step.date, type: step.type, nav: step.nav, lot: { ...lot, flags: [...new Set([...lot.flags, flag])] }, proceeds: null, stt: null, untyped: true });
                }
                flagHolding(i, step.flag ?? 'UNITS_WITHOUT_TYPE', `Units taken away on ${step.date} by a row that says not how (${step.type}); no gain computed`);
                break;
            }
            case 'move_out':
                pending.push({ holding: i, link: step.link, date: step.date, units: step.units, amount: step.amount, nav: step.nav, pieces: book.take(step.units), used: false });
                break;
            case 'move_in': {
                const from = pairOf(pending, holdings, i, step);
                if (!from) {
                    book.add(unseenLot(step.units, ['COST_UNKNOWN', 'HISTORY_INCOMPLETE']));
                    flagHolding(i, 'HISTORY_INCOMPLETE', `${step.link === 'merger' ? 'Merger' : 'Transfer'} in on ${step.date}: the holding the units came from is not among these, so their cost and date are unknown`);
                    break;
                }
                from.used = true;
                if (step.link === 'merger' && equityOriented(holdings[from.holding], step.date) !== equityOriented(h, step.date)) {
                    // s.47(xviii) spares only a consolidation of equity-oriented schemes or of schemes that are not:
                    // across the line the merger is a transfer at its value, and the new units are acquired that day.
                    const value = step.amount ?? from.amount;
                    distribute(from.pieces, from.units, value, null).forEach(({ lot, proceeds }) => closed.push({ holding: from.holding, date: step.date, type: step.type, nav: from.nav, lot, proceeds, stt: null }));
                    book.add({ openType: step.type, acquired: step.date, units: step.units, cost: value, stamp: value === null ? null : 0n, nav: step.nav, unseen: false, fmvIsin: h.scheme.isin, fmvScale: [1n, 1n], flags: value === null ? ['COST_UNKNOWN'] : [] });
                    flagHolding(i, 'CARRIED_OVER', `Merger on ${step.date} from a scheme on the other side of equity-oriented: outside s.47(xviii), a transfer at the merger's value; the new units are acquired that day`);
                    break;
                }
                for (const lot of convert(from.pieces, from.units, step.units))
                    book.add({ ...lot, flags: [...new Set([...lot.flags, 'CARRIED_OVER'])] });
                if (step.link === 'merger' && !sameClass(holdings[from.holding], h)) {
                    flagHolding(i, 'CARRIED_OVER', `Merger on ${step.date} from a scheme of another tax class: s.47(xviii) covers only schemes of the same class; review`);
                }
                break;
            }
            case 'segregation':
                segregate(holdings, runs, i, step, segregations, flagHolding);
                break;
        }
        if (step.balance !== null)
            book.settleUnseen(step.balance);
    }
    endDay();
    return { closed, holdings: runs };
}
/** The units a step adds (+) or removes (−). */
function signedUnits(step) {
    return step.kind === 'open' || step.kind === 'add_unseen' || step.kind === 'move_in' || step.kind === 'segregation' ? step.units : -step.units;
}
/**
 * Units before the first row: as given; else from the first printed balance (balance less the units
 * of the rows up to it); else unknown (null).
 */
function openingUnits(h, steps) {
    if (h.opening_units !== null)
        return toMilli(h.opening_units);
    let moved = 0n;
    for (const s of steps) {
        moved += signedUnits(s);
        if (s.balance !== null)
            return s.balance - moved;
    }
    return null;
}
/** A sale's proceeds and STT apportioned over its pieces by units; the last piece takes the remainder. */
function distribute(pieces, units, proceeds, stt) {
    let [leftUnits, leftProceeds, leftStt] = [units, proceeds, stt];
    return pieces.map((lot) => {
        const n = lot.units;
        const take = (v) => (v === null ? null : n === leftUnits ? v : share(v, n, leftUnits));
        const [p, s] = [take(leftProceeds), take(leftStt)];
        if (leftProceeds !== null)
            leftProceeds -= p;
        if (leftStt !== null)
            leftStt -= s;
        leftUnits -= n;
        return { lot, proceeds: p, stt: s };
    });
}
/** Lots carried into `unitsIn` new units (a merger's ratio), cost and date kept, the last taking the remainder. */
function convert(pieces, unitsOut, unitsIn) {
    if (unitsOut === unitsIn)
        return pieces;
    let [leftOut, leftIn] = [unitsOut, unitsIn];
    return pieces.map((lot) => {
        const n = lot.units;
        const m = n === leftOut ? leftIn : min(leftIn, share(leftIn, n, leftOut));
        leftOut -= n;
        leftIn -= m;
        return {
            ...lot,
            units: m,
            nav: lot.nav === null || m === 0n ? null : Math.round(((lot.nav * Number(n)) / Number(m)) * 10_000) / 10_000,
            fmvScale: [lot.fmvScale[0] * n, lot.fmvScale[1] * m],
        };
    });
}
/** The out-leg a move in pairs with: same day and link; a transfer the same ISIN and units; the same folio, then investor, preferred. */
function pairOf(pending, holdings, i, step) {
    const h = holdings[i];
    const open = pending.filter((p) => !p.used && p.link === step.link && p.date === step.date && p.holding !== i);
    const fits = step.link === 'transfer'
        ? open.filter((p) => holdings[p.holding].scheme.isin === h.scheme.isin && p.units === step.units)
        : open.filter((p) => holdings[p.holding].scheme.isin !== h.scheme.isin);
    const sameFolio = fits.find((p) => holdings[p.holding].folio !== null && holdings[p.holding].folio === h.folio);
    const sameInvestor = fits.find((p) => holdings[p.holding].investor_pan !== null && holdings[p.holding].investor_pan === h.investor_pan);
    return sameFolio ?? sameInvestor ?? (fits.length === 1 ? fits[0] : undefined);
}
function equityOriented(h, date) {
    return taxClassOn(h.scheme.tax_class, date) === 'equity_oriented';
}
function sameClass(a, b) {
    return a.scheme.tax_class.untilFy2025 === b.scheme.tax_class.untilFy2025 && a.scheme.tax_class.fromFy2026 === b.scheme.tax_class.fromFy2026;
}
/**
 * Segregated units (s.49(2AG)): each open lot of the main holding gives the same share of the
 * segregated units, with its acquisition date and the cost × segregated NAV ÷ NAV before segregation;
 * the main lot's cost is reduced by as much (s.49(2AH)).
 */
function segregate(holdings, runs, i, step, events, flagHolding) {
    const h = holdings[i];
    const event = events.find((e) => e.segregated_isin === h.scheme.isin && e.date === step.date);
    const main = event
        ? holdings.findIndex((m, j) => j !== i && m.scheme.isin === event.main_isin && (m.folio === h.folio || (h.folio === null && m.investor_pan === h.investor_pan)))
        : -1;
    if (!event || main < 0) {
        runs[i].book.add(unseenLot(step.units, ['COST_UNKNOWN', 'HISTORY_INCOMPLETE']));
        flagHolding(i, 'HISTORY_INCOMPLETE', `Segregated units allotted on ${step.date}: ${event ? 'the main holding is not among these' : 'no segregation event names the main scheme'}, so their cost and date are unknown`);
        return;
    }
    const lots = runs[main].book.open;
    const mainUnits = lots.reduce((t, l) => t + (l.units ?? 0n), 0n);
    if (!lots.length || lots.some((l) => l.units === null) || mainUnits === 0n) {
        runs[i].book.add(unseenLot(step.units, ['COST_UNKNOWN', 'HISTORY_INCOMPLETE']));
        flagHolding(i, 'HISTORY_INCOMPLETE', `Segregated units allotted on ${step.date}: the main holding's lots are not known`);
        return;
    }
    const navs = event.nav_before !== null && event.segregated_nav !== null && event.nav_before > 0 ? [toNavQ(event.segregated_nav), toNavQ(event.nav_before)] : null;
    if (!navs)
        flagHolding(i, 'COST_UNKNOWN', `Segregation on ${step.date} without the NAVs that apportion the cost`);
    let [leftMain, leftSeg] = [mainUnits, step.units];
    for (const lot of lots) {
        const n = lot.units;
        const m = n === leftMain ? leftSeg : share(leftSeg, n, leftMain);
        leftMain -= n;
        leftSeg -= m;
        const part = (v) => (v === null || !navs ? null : share(v, navs[0], navs[1]));
        const [cost, stamp] = [part(lot.cost), part(lot.stamp)];
        if (cost !== null)
            lot.cost -= cost;
        if (stamp !== null)
            lot.stamp -= stamp;
        runs[i].book.add({
            openType: lot.openType,
            acquired: lot.acquired,
            units: m,
            cost,
            stamp,
            nav: null,
            unseen: lot.unseen,
            fmvIsin: h.scheme.isin,
            fmvScale: [1n, 1n],
            flags: [...new Set([...lot.flags, 'CARRIED_OVER', ...(cost === null ? ['COST_UNKNOWN'] : [])])],
        });
    }
}
//# sourceMappingURL=engine.js.map