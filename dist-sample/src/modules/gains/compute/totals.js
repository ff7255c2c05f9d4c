import { fromPaise, max, min, toPaise } from '../lots/exact.js';
const TAX_CLASSES = ['equity_oriented', 'specified_mutual_fund', 'other'];
export function total(lots) {
    let known = 0n;
    let unknown = 0;
    for (const l of lots) {
        if (l.gain === null)
            unknown++;
        else
            known += l.gain;
    }
    return { gain: unknown ? null : fromPaise(known), known_gain: fromPaise(known), lots: lots.length, unknown_lots: unknown };
}
const sumOrNull = (values) => (values.some((v) => v === null) ? null : fromPaise(values.reduce((t, v) => t + v, 0n)));
export function byRule(lots) {
    const groups = new Map();
    for (const l of lots) {
        const key = `${l.rule ?? 'unknown'}|${l.taxClass}`;
        groups.set(key, [...(groups.get(key) ?? []), l]);
    }
    return [...groups.values()].map((group) => {
        const first = group[0];
        return {
            rule: first.rule,
            term: first.term,
            tax_class: first.taxClass,
            rate: first.rate,
            slab: first.slab,
            section: first.section,
            sale_value: sumOrNull(group.map((l) => l.value)),
            cost_of_acquisition: sumOrNull(group.map((l) => l.cost)),
            ...total(group),
        };
    });
}
/** Short and long term per class; a lot of unknown term makes both of its class unknown. */
export function byTaxClass(lots) {
    return TAX_CLASSES.map((taxClass) => {
        const mine = lots.filter((l) => l.taxClass === taxClass);
        const unknownTerm = mine.filter((l) => l.term === null).map((l) => ({ ...l, gain: null }));
        return {
            tax_class: taxClass,
            short_term: total([...mine.filter((l) => l.term === 'short'), ...unknownTerm]),
            long_term: total([...mine.filter((l) => l.term === 'long'), ...unknownTerm]),
        };
    });
}
/**
 * The s.112A exemption of the year over its long-term equity-oriented gains: a loss at one rate set
 * off against gains at the other (both long-term, s.70(3)), then the limit set against the 12.5 %
 * gains before the 10 % ones (the Act fixes no order; this one leaves the least tax).
 */
export function exemption112A(lots, limit) {
    const equity = lots.filter((l) => l.taxClass === 'equity_oriented');
    const unknown = equity.some((l) => l.gain === null && (l.term === 'long' || l.term === null));
    const sum = (rule) => equity.filter((l) => l.rule === rule).reduce((t, l) => t + (l.gain ?? 0n), 0n);
    if (unknown || limit === null) {
        return { limit, ltcg: unknown ? null : fromPaise(sum('EQ_LTCG_10') + sum('EQ_LTCG_12_5')), applied: null, taxable_at_10: null, taxable_at_12_5: null, remaining: null };
    }
    let [at10, at125] = [sum('EQ_LTCG_10'), sum('EQ_LTCG_12_5')];
    if (at10 < 0n)
        [at125, at10] = [at125 + at10, 0n];
    if (at125 < 0n)
        [at10, at125] = [at10 + at125, 0n];
    const cap = toPaise(limit);
    const net = max(0n, at10 + at125);
    const applied = min(cap, net);
    const on125 = min(applied, max(0n, at125));
    const on10 = applied - on125;
    return {
        limit,
        ltcg: fromPaise(sum('EQ_LTCG_10') + sum('EQ_LTCG_12_5')),
        applied: fromPaise(applied),
        taxable_at_10: fromPaise(max(0n, at10 - on10)),
        taxable_at_12_5: fromPaise(max(0n, at125 - on125)),
        remaining: fromPaise(cap - applied),
    };
}
//# sourceMappingURL=totals.js.map