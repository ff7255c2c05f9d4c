import { abs, toMilli, toPaise } from './exact.js';
const OPEN = new Set(['purchase', 'sip_purchase', 'switch_in', 'stp_in', 'idcw_reinvestment', 'bonus']);
const CLOSE = new Set(['redemption', 'switch_out', 'stp_out', 'swp']);
export function prepareSteps(holding) {
    const rows = holding.transactions.map((tx, index) => ({ tx, index, units: tx.units === null ? 0n : toMilli(tx.units) }));
    const dropped = new Set();
    let unmatchedReversals = 0;
    // A reversal cancels the latest earlier row of opposite units (the same amount preferred); a row of
    // the same day printed after it counts as earlier (statements order a day's rows their own way).
    for (const r of rows) {
        if (r.tx.type !== 'reversal' || r.units === 0n)
            continue;
        const candidates = rows
            .filter((o) => (o.index < r.index || o.tx.date === r.tx.date) && o.index !== r.index && !dropped.has(o.index) && o.tx.type !== 'reversal' && o.units === -r.units)
            .sort((a, b) => Number(a.index > r.index) - Number(b.index > r.index) || a.index - b.index);
        const sameAmount = candidates.filter((o) => o.tx.amount !== null && r.tx.amount !== null && Math.abs(o.tx.amount) === Math.abs(r.tx.amount));
        const original = (sameAmount.length ? sameAmount : candidates).at(-1);
        if (original) {
            dropped.add(original.index);
            dropped.add(r.index);
        }
        else
            unmatchedReversals++;
    }
    // Rows a reversal cancelled still take their charges (the stamp duty of a purchase reversed leaves
    // with it), so they become steps here and are removed after the charges are joined.
    const steps = [];
    const cancelled = new Set();
    const charges = [];
    for (const r of rows) {
        if (dropped.has(r.index) && (r.tx.type === 'reversal' || r.units === 0n))
            continue;
        const { tx } = r;
        const amount = tx.amount === null ? null : abs(toPaise(tx.amount));
        if (tx.type === 'stamp_duty' && r.units === 0n) {
            if (amount !== null)
                charges.push({ date: tx.date, kind: 'open', amount });
            continue;
        }
        if (tx.type === 'stt' && r.units === 0n) {
            if (amount !== null)
                charges.push({ date: tx.date, kind: 'close', amount });
            continue;
        }
        if (r.units === 0n)
            continue; // IDCW payouts, TDS, notes, a reversal of a charge: no units move
        const kind = stepKind(tx.type, r.units);
        if (dropped.has(r.index)) {
            const placeholder = { kind, date: tx.date, type: tx.type, units: 0n, amount: null, charge: null, nav: null, balance: null, link: null, flag: null };
            cancelled.add(placeholder);
            steps.push(placeholder);
            continue;
        }
        steps.push({
            kind,
            date: tx.date,
            type: tx.type,
            units: abs(r.units),
            amount: tx.type === 'bonus' ? 0n : amount,
            charge: null,
            nav: tx.nav,
            balance: tx.balance_units === null ? null : toMilli(tx.balance_units),
            link: tx.type === 'merger' ? 'merger' : tx.type === 'transfer_in' || tx.type === 'transfer_out' ? 'transfer' : null,
            flag: tx.type === 'reversal' ? 'REVERSAL_UNMATCHED' : tx.type === 'other' ? 'UNITS_WITHOUT_TYPE' : null,
        });
    }
    // Each charge joins the first step of its day and kind that has none yet (else the last of them).
    const byDay = new Map();
    for (const s of steps) {
        if (s.type === 'bonus' || (s.kind !== 'open' && s.kind !== 'close'))
            continue;
        const key = `${s.date}|${s.kind}`;
        const same = byDay.get(key);
        if (same)
            same.push(s);
        else
            byDay.set(key, [s]);
    }
    for (const c of charges) {
        const same = byDay.get(`${c.date}|${c.kind}`) ?? [];
        const target = same.find((s) => s.charge === null) ?? same.at(-1);
        if (target)
            target.charge = (target.charge ?? 0n) + c.amount;
    }
    return { steps: steps.filter((s) => !cancelled.has(s)), unmatchedReversals };
}
function stepKind(type, units) {
    const adds = units > 0n;
    if (OPEN.has(type))
        return adds ? 'open' : 'remove_newest';
    if (CLOSE.has(type))
        return adds ? 'add_unseen' : 'close';
    if (type === 'merger' || type === 'transfer_in' || type === 'transfer_out')
        return adds ? 'move_in' : 'move_out';
    if (type === 'segregation')
        return adds ? 'segregation' : 'remove_fifo';
    if (type === 'reversal')
        return adds ? 'add_unseen' : 'remove_newest';
    return adds ? 'add_unseen' : 'remove_fifo';
}
//# sourceMappingURL=steps.js.map