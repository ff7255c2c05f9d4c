import { HOLDING_FIELDS, selectFields, toDefinition, TRANSACTION_FIELDS, } from './export-fields.js';
function holdingSources(result) {
    const currency = result.currency || 'INR';
    return result.entities.flatMap((e) => e.holdings.map((holding) => ({ investor: { name: e.entity_name ?? '', pan: e.pan }, holding, currency })));
}
const SHEET_NAMES = { holdings: 'Holdings', underlying: 'Transactions' };
const tabulate = (type, fields, sources) => ({
    type,
    sheet: SHEET_NAMES[type],
    fields: fields.map(toDefinition),
    rows: sources.map((s) => fields.map((f) => f.value(s))),
});
/** Builds the table; `requested` is the `fields` query value (see selectFields). */
export function buildExportTable(type, result, requested) {
    if (type === 'holdings')
        return tabulate(type, selectFields(HOLDING_FIELDS, requested, type), holdingSources(result));
    const sources = holdingSources(result).flatMap((s) => s.holding.transactions.map((transaction) => ({ ...s, transaction })));
    return tabulate(type, selectFields(TRANSACTION_FIELDS, requested, type), sources);
}
/** Checks `requested` against the catalogue without building rows (to answer 400 before any lookup). */
export function checkRequestedFields(type, requested) {
    if (type === 'holdings')
        selectFields(HOLDING_FIELDS, requested, type);
    else
        selectFields(TRANSACTION_FIELDS, requested, type);
}
//# sourceMappingURL=export-table.js.map