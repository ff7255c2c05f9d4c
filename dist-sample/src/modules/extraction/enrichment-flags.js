/** A holding's confidence lost per flag naming it. */
const HOLDING_COST = { ASSET_CLASS_INFERRED: 0.1 };
const VALIDATION_FLAG_HOLDING_COST = 0.5;
/** confidence_score points lost when every holding's class was inferred. */
export const INFERRED_CLASS_SCORE_COST = 2;
/** What the flags naming one holding take from its confidence (1 = all of it). */
export function holdingFlagCost(flags) {
    return flags.reduce((sum, f) => sum + (HOLDING_COST[f.code] ?? VALIDATION_FLAG_HOLDING_COST), 0);
}
/**
 * Validation's result with the enrichment stage's flags after its own, and the score less the cost of
 * inferred classes (one decimal, never below 0). A draft stored before enrichment raised flags has none.
 */
export function withEnrichmentFlags(validation, draft) {
    const flags = draft.enrichment_flags ?? [];
    const holdings = draft.entities.reduce((n, e) => n + e.holdings.length, 0);
    const inferred = flags.filter((f) => f.code === 'ASSET_CLASS_INFERRED').length;
    const cost = holdings > 0 ? INFERRED_CLASS_SCORE_COST * Math.min(1, inferred / holdings) : 0;
    return {
        ...validation,
        flags: [...validation.flags, ...flags],
        confidence_score: Math.max(0, Math.round((validation.confidence_score - cost) * 10) / 10),
    };
}
//# sourceMappingURL=enrichment-flags.js.map