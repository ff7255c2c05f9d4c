import { share } from './exact.js';
/** The portion `units` of `lot`, its cost and stamp duty apportioned (the whole lot when units equal). */
export function portion(lot, units) {
    if (lot.units === null || units === lot.units)
        return { ...lot, units, flags: [...lot.flags] };
    const part = (v) => (v === null ? null : share(v, units, lot.units));
    return { ...lot, units, cost: part(lot.cost), stamp: part(lot.stamp), flags: [...lot.flags] };
}
/** `lot` less `taken` (a portion of it). */
export function reduce(lot, taken) {
    if (lot.units === null)
        return;
    lot.units -= taken.units;
    if (lot.cost !== null)
        lot.cost -= taken.cost;
    if (lot.stamp !== null)
        lot.stamp -= taken.stamp;
}
export function unseenLot(units, flags = ['HISTORY_INCOMPLETE']) {
    return { openType: null, acquired: null, units, cost: null, stamp: null, nav: null, unseen: true, fmvIsin: null, fmvScale: [1n, 1n], flags };
}
//# sourceMappingURL=lot.js.map