/**
 * The extraction result: what the pipeline's completion stage stores in `extractions.result` once per
 * document, and what every reader (the extraction route, progress, exports, portfolios, chat) reads.
 * `readExtractionResult` is the one way back from the stored JSON to this type.
 */
import {
  array,
  boolean,
  nullable,
  number,
  object,
  oneOf,
  optional,
  ShapeMismatch,
  string,
  unionOf,
  type Fields,
  type Shape,
} from './json-shape.js';
import { classifyTransaction } from './transaction-types.js';
import {
  TRANSACTION_TYPES,
  type AssetAllocation,
  type AssetClass,
  type AssetClassSource,
  type Instrument,
  type Entity,
  type Holding,
  type JointHolder,
  type Guardian,
  type PortfolioFigures,
  type RefusedFigure,
  type StatementClass,
  type Transaction,
  type ValidationCode,
  type ValidationFlag,
  type XirrReason,
} from './types.js';
import type { XirrFigure } from './xirr.js';

/** A holding as read and enriched, with its XIRR beside its figures. */
export interface ResultHolding extends Holding, Partial<XirrFigure> {}

/** Portfolio figures; results stored before the counts of valued holdings and the XIRR's reason lack those. */
export type ResultFigures = Omit<PortfolioFigures, 'holdings_valued' | 'holdings_without_value' | 'xirr_reason'> &
  Partial<Pick<PortfolioFigures, 'holdings_valued' | 'holdings_without_value' | 'xirr_reason'>>;

/** One investor of the statement with its holdings and its own figures (the statement's stated totals are not kept). */
export interface ResultEntity extends Pick<Entity, 'entity_name' | 'pan' | 'guardian'> {
  holdings: ResultHolding[];
  asset_allocation: AssetAllocation;
  /** The investor's figures; null when the calculation gave none for it. */
  totals: ResultFigures | null;
}

export interface ExtractionResult {
  doc_id: string;
  document_type: StatementClass;
  /** 0–100. */
  classification_confidence: number;
  /** A statement of holdings: a CAS family, or an unknown layout the language model read holdings from. */
  holdings_statement: boolean;
  period: { from: string | null; to: string | null };
  currency: string;
  entities: ResultEntity[];
  totals: ResultFigures;
  /** Validation's flags, enrichment's, and TOTALS_INCOMPLETE where a value is unknown. */
  validation: ValidationFlag[];
  /** 0–100. */
  confidence_score: number;
  summary: string;
}

/** A stored row that is not an extraction result: `path` says where it differs from the type. */
export class ExtractionResultError extends Error {
  constructor(
    readonly path: string,
    reason: string,
    source?: string,
  ) {
    super(`The stored extraction result${source ? ` of ${source}` : ''} is not one: ${reason}`);
  }
}

// The string unions of types.ts, member by member; the compiler holds each to its union.
const STATEMENT_CLASSES: Record<StatementClass, true> = {
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
const ASSET_CLASSES: Record<AssetClass, true> = { Equity: true, Debt: true, Hybrid: true, Other: true };
const ASSET_CLASS_SOURCES: Record<AssetClassSource, true> = { statement: true, amfi: true, scheme_name: true, security_type: true, model: true };
const INSTRUMENTS: Record<Instrument, true> = { equity: true, etf: true, mutual_fund: true, gold_bond: true, corporate_bond: true, government_security: true };
const VALIDATION_CODES: Record<ValidationCode, true> = {
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
const XIRR_REASONS: Record<XirrReason, true> = {
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

/** A transaction as stored: results stored before the transaction-type vocabulary carry no `type`. */
type StoredTransaction = Omit<Transaction, 'type'> & { type?: Transaction['type'] };

const storedTransaction = object<StoredTransaction>({
  date: string,
  type: optional(oneOf(TRANSACTION_TYPES)),
  description: string,
  amount: figure,
  units: figure,
  nav: figure,
  balance_units: figure,
});

const typed = (t: StoredTransaction): t is Transaction => t.type !== undefined;

/** A transaction stored without a type is typed now, by the rules the parsers type every row with. */
const transaction: Shape<Transaction> = (value) => {
  const t = storedTransaction(value);
  return typed(t) ? t : { ...t, type: classifyTransaction(t.description, t.units, t.amount) };
};

const holdingFields: Fields<ResultHolding> = {
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
  plan: nullable(oneOf(['Direct', 'Regular'] as const)),
  option: nullable(oneOf(['Growth', 'IDCW'] as const)),
  page: number,
  transactions: array(transaction),
  nav_date: optional(text),
  account_id: optional(text),
  instrument: optional(nullable(unionOf(INSTRUMENTS))),
  face_value: optional(figure),
  nav_basis: optional(figure),
  latest_nav: optional(number),
  latest_nav_date: optional(text),
  latest_market_value: optional(number),
  market_value_source: optional(oneOf(['printed', 'computed'] as const)),
  refused_figures: optional(
    array(
      object<RefusedFigure>({
        field: oneOf(['units', 'nav', 'market_value', 'cost_value'] as const),
        printed: number,
        reason: string,
      }),
    ),
  ),
  xirr: optional(figure),
  xirr_reason: optional(nullable(unionOf(XIRR_REASONS))),
  joint_holders: optional(array(object<JointHolder>({ name: string, pan: text }))),
  nominees: optional(array(string)),
};

const allocation = object<AssetAllocation>({ equity: number, debt: number, hybrid: number, other: number });

const figures = object<ResultFigures>({
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

const flag = object<ValidationFlag>({
  code: unionOf(VALIDATION_CODES),
  message: string,
  isin: text,
  entity: text,
  page: figure,
});

const entity = object<ResultEntity>({
  entity_name: text,
  pan: text,
  guardian: optional(object<Guardian>({ name: string, pan: text })),
  holdings: array(object(holdingFields)),
  asset_allocation: allocation,
  totals: nullable(figures),
});

const result = object<ExtractionResult>({
  doc_id: string,
  document_type: unionOf(STATEMENT_CLASSES),
  classification_confidence: number,
  holdings_statement: boolean,
  period: object<ExtractionResult['period']>({ from: text, to: text }),
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
export function readExtractionResult(json: unknown, source?: string): ExtractionResult {
  try {
    return result(json);
  } catch (error) {
    if (error instanceof ShapeMismatch) throw new ExtractionResultError(error.path, error.path ? error.message : `the document: ${error.message}`, source);
    throw error;
  }
}
