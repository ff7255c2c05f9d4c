import { compareText, isIsoDate } from './dates.js';
import { positionIdentity } from './identity.js';
const DEPOSITORY = /^(NSDL|CDSL)_/;
/** Lower is preferred among statements of one date. */
function sourceRank(documentType, kind) {
    if (kind === 'demat')
        return DEPOSITORY.test(documentType) ? 0 : 1;
    if (/_DETAILED_CAS$/.test(documentType))
        return 0;
    if (/_SUMMARY_CAS$/.test(documentType))
        return 1;
    return DEPOSITORY.test(documentType) ? 2 : 3;
}
const dates = new WeakMap();
/** The statement date (its period's end), when it is a date; worked out once per statement. */
export function statementDate(s) {
    let date = dates.get(s);
    if (date === undefined)
        dates.set(s, (date = isIsoDate(s.period.to) ? s.period.to : null));
    return date;
}
/** The statements the options count: dated on or before `asOf` when it is given. */
export function countedStatements(statements, options) {
    const asOf = options.asOf ?? null;
    return statements.map((source, order) => ({ source, order })).filter(({ source }) => asOf === null || (statementDate(source) !== null && statementDate(source) <= asOf));
}
export function groupCopies(statements, options) {
    const pans = options.pans ? new Set(options.pans.map((p) => p.toUpperCase())) : null;
    const groups = new Map();
    for (const { source, order } of countedStatements(statements, options)) {
        for (const entity of source.entities ?? []) {
            if (pans && !(entity.pan && pans.has(entity.pan.toUpperCase())))
                continue;
            for (const holding of entity.holdings) {
                const { id, kind } = positionIdentity(entity, holding);
                let group = groups.get(id);
                if (!group)
                    groups.set(id, (group = { id, kind, copies: [] }));
                group.copies.push({ source, entity, holding, order });
            }
        }
    }
    for (const group of groups.values()) {
        group.copies.sort((a, b) => compareText(statementDate(b.source) ?? '', statementDate(a.source) ?? '') ||
            sourceRank(a.source.document_type, group.kind) - sourceRank(b.source.document_type, group.kind) ||
            b.order - a.order);
    }
    return [...groups.values()];
}
//# sourceMappingURL=copies.js.map