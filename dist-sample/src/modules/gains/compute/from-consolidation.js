import { UNIT_SCALE } from '../lots/exact.js';
/**
 * The gains input of a consolidation: one holding per position that has transactions, its merged
 * history, its opening balance (the rebuilt balance less the transactions' units) and its gaps.
 * `schemeOf` gives each position's scheme facts (category, tax class); `valuationOf` the NAV its
 * unrealised gains are valued at (the position's own NAV and date when absent).
 */
export function holdingsFromConsolidation(consolidation, schemeOf, valuationOf) {
    const byPosition = new Map();
    for (const tx of consolidation.transactions) {
        const rows = byPosition.get(tx.position_id);
        if (rows)
            rows.push(tx);
        else
            byPosition.set(tx.position_id, [tx]);
    }
    return consolidation.positions
        .filter((p) => byPosition.has(p.id))
        .map((position) => {
        const transactions = byPosition.get(position.id);
        const moved = transactions.reduce((t, tx) => t + Math.round((tx.units ?? 0) * UNIT_SCALE), 0);
        const rebuilt = position.history.rebuilt_units;
        return {
            position_id: position.id,
            folio: position.folio,
            account_id: position.account_id,
            investor_pan: position.investor.pan,
            scheme: schemeOf(position),
            opening_units: rebuilt === null ? null : (Math.round(rebuilt * UNIT_SCALE) - moved) / UNIT_SCALE,
            gaps: position.flags.filter((f) => f.code === 'HISTORY_GAP' && f.from && f.to).map((f) => ({ from: f.from, to: f.to })),
            transactions,
            valuation: valuationOf ? valuationOf(position) : position.nav !== null && position.source.valuation_date ? { nav: position.nav, date: position.source.valuation_date } : null,
        };
    });
}
//# sourceMappingURL=from-consolidation.js.map