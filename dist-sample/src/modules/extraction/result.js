/**
 * The extraction result: what the pipeline's completion stage stores in `extractions.result` once per
 * document, and what every reader (the extraction route, progress, exports, portfolios, chat) reads.
 * `readExtractionResult` is the one way back from the stored JSON to this type.
 */
import { array, boolean, nullable, number, object, oneOf, optional, ShapeMismatch, string, unionOf, } from './json-shape.js';
import { classifyTransaction } from './transaction-types.js';
import { TRANSACTION_TYPES, } from './types.js';
/** A stored row that is not an extraction result: `path` says where it differs from the type. */
export class ExtractionResultError extends Error {
    constructor(path, reason, source) {
        super(`The stored extraction result${source ? ` of ${source}` : ''} is not one: ${reason}`);
        this.path = path;
    }
}
// The string unions of types.ts, member by member; the compiler holds each to its union.
const STATEMENT_CLASSES = {
    CAMS_DETAILED_CAS: true,
    CAMS_SUMMARY_CAS: true,
    KFINTECH_DETAILED_CAS: true,
    KFINTECH_SUMMARY_CAS: true,
    NSDL_CAS: true,
    CDSL_CAS: true,
    BANK_STATEMENT: true,
    DEPOSIT_CERTIFICATE: true,
    TAX_CERTIFICATE: true,
    UNKNOWN: true,
};
const ASSET_CLASSES = { Equity: true, Debt: true, Hybrid: true, Other: true };
const ASSET_CLASS_SOURCES = { statement: true, amfi: true, scheme_name: true, security_type: true, model: true };
const INSTRUMENTS = { equity: true, etf: true, mutual_fund: true, gold_bond: true, corporate_bond: true, government_security: true };
const VALIDATION_CODES = {
    UNITS_NAV_MISMATCH: true,
    BALANCE_MISMATCH: true,
    TOTAL_MISMATCH: true,
    ISIN_CHECK_DIGIT: true,
    PAN_FORMAT: true,
    MARKET_VALUE_NOT_PRINTED: true,
    LLM_EXTRACTED: true,
    LLM_ROW_REJECTED: true,
    LLM_EXTRACTION_FAILED: true,
    INVESTOR_NAME_MISSING: true,
    FIGURE_MISSING: true,
    ASSET_CLASS_INFERRED: true,
    TOTALS_INCOMPLETE: true,
    TABLE_UNREAD: true,
    FIGURE_REFUTED: true,
};
const XIRR_REASONS = {
    NO_TRANSACTIONS: true,
    OPENING_UNITS_UNKNOWN: true,
    OPENING_VALUE_UNKNOWN: true,
    TRANSACTION_VALUE_UNKNOWN: true,
    VALUE_UNKNOWN: true,
    NO_VALUATION_DATE: true,
    NO_CASH_FLOWS: true,
    NO_SOLUTION: true,
};
const figure = nullable(number);
const text = nullable(string);
const storedTransaction = object({
    date: string,
    type: optional(oneOf(TRANSACTION_TYPES)),
    description: string,
    amount: figure,
    units: figure,
    nav: figure,
    balance_units: figure,
});
const typed = (t) => t.type !== undefined;
/** A transaction stored without a type is typed now, by the rules the parsers type every row with. */
const transaction = (value) => {
    const t = storedTransaction(value);
    return typed(t) ? t : { ...t, type: classifyTransaction(t.description, t.units, t.amount) };
};
const holdingFields = {
    scheme_name: string,
    isin: string,
    units: figure,
    nav: figure,
    market_value: figure,
    asset_class: nullable(unionOf(ASSET_CLASSES)),
    asset_class_source: optional(nullable(unionOf(ASSET_CLASS_SOURCES))),
    folio: text,
    amc: text,
    cost_value: figure,
    opening_units: figure,
    opening_value: optional(figure),
    plan: nullable(oneOf(['Direct', 'Regular'])),
    option: nullable(oneOf(['Growth', 'IDCW'])),
    page: number,
    transactions: array(transaction),
    nav_date: optional(text),
    account_id: optional(text),
    instrument: optional(nullable(unionOf(INSTRUMENTS))),
    face_value: optional(figure),
    latest_nav: optional(number),
    latest_nav_date: optional(text),
    latest_market_value: optional(number),
    market_value_source: optional(oneOf(['printed', 'computed'])),
    refused_figures: optional(array(object({
        field: oneOf(['units', 'nav', 'market_value', 'cost_value']),
        printed: number,
        reason: string,
    }))),
    xirr: optional(figure),
    xirr_reason: optional(nullable(unionOf(XIRR_REASONS))),
    joint_holders: optional(array(object({ name: string, pan: text }))),
    nominees: optional(array(string)),
};
const allocation = object({ equity: number, debt: number, hybrid: number, other: number });
const figures = object({
    total_market_value: number,
    total_cost_value: figure,
    gain: figure,
    gain_pct: figure,
    asset_allocation: allocation,
    holdings_valued: optional(number),
    holdings_without_value: optional(number),
    xirr: figure,
    xirr_reason: optional(nullable(unionOf(XIRR_REASONS))),
});
const flag = object({
    code: unionOf(VALIDATION_CODES),
    message: string,
    isin: text,
    entity: text,
    page: figure,
});
const entity = object({
    entity_name: text,
    pan: text,
    guardian: optional(object({ name: string, pan: text })),
    holdings: array(object(holdingFields)),
    asset_allocation: allocation,
    totals: nullable(figures),
});
const result = object({
    doc_id: string,
    document_type: unionOf(STATEMENT_CLASSES),
    classification_confidence: number,
    holdings_statement: boolean,
    period: object({ from: text, to: text }),
    currency: string,
    entities: array(entity),
    totals: figures,
    validation: array(flag),
    confidence_score: number,
    summary: string,
});
/**
 * The stored JSON as an `ExtractionResult`, checked field by field (fields a newer version adds are
 * kept unchecked). Results stored by earlier versions read too: the fields they lack are optional in
 * the type, and their transactions are given a type. Throws `ExtractionResultError` naming the first
 * field that is not what the type says; `source` (e.g. `document <id>`) goes into its message.
 */
export function readExtractionResult(json, source) {
    try {
        return result(json);
    }
    catch (error) {
        if (error instanceof ShapeMismatch)
            throw new ExtractionResultError(error.path, error.path ? error.message : `the document: ${error.message}`, source);
        throw error;
    }
}
//# sourceMappingURL=result.js.map