/**
 * The data that flows between the pipeline's statement-understanding stages. Every stage's output is
 * stored as JSON on its stage row, so these types are plain data (no classes, no Dates).
 */

export type { PdfPageText, PdfTextItem, TextLine } from '../pdf/index.js';

export type StatementClass =
  | 'CAMS_DETAILED_CAS'
  | 'CAMS_SUMMARY_CAS'
  | 'KFINTECH_DETAILED_CAS'
  | 'KFINTECH_SUMMARY_CAS'
  | 'NSDL_CAS'
  | 'CDSL_CAS'
  | 'BANK_STATEMENT'
  /** A fixed-deposit (term-deposit) receipt, advice or certificate: money, no securities. */
  | 'DEPOSIT_CERTIFICATE'
  /** A tax certificate: a TDS certificate (Form 16A) or an interest certificate. */
  | 'TAX_CERTIFICATE'
  | 'UNKNOWN';

export interface Classification {
  code: StatementClass;
  /** 0–100 */
  confidence: number;
  /** true for the CAS families: a statement of holdings. */
  holdings_statement: boolean;
}

/**
 * What a section of a statement holds, as its family's description names it
 * (`extraction/families/`): a kind of security, fund units (in folios or in demat), or transactions.
 * `demat_securities` is a depository's table of every kind of security of one account.
 */
export type SectionKind =
  | 'equities'
  | 'etfs'
  | 'gold_bonds'
  | 'corporate_bonds'
  | 'government_securities'
  | 'demat_securities'
  | 'mutual_fund_folios'
  | 'mutual_fund_units_demat'
  | 'transactions';

/**
 * A holdings table of a statement of a known family from which no holding was read: its heading as
 * printed, the kind of section, the page, and how many rows with an ISIN it has. With no heading
 * (null) it stands for the whole statement: no holdings table of it could be read.
 */
export interface UnreadTable {
  heading: string | null;
  kind: SectionKind | null;
  page: number | null;
  rows: number;
}

/**
 * What a transaction row is, from one vocabulary (the printed `description` stays beside it).
 * `transaction-types.ts` decides it from the description and the row's signs.
 */
export const TRANSACTION_TYPES = [
  'purchase',
  'sip_purchase',
  'redemption',
  'switch_in',
  'switch_out',
  'stp_in',
  'stp_out',
  'swp',
  'idcw_payout',
  'idcw_reinvestment',
  'stamp_duty',
  'stt',
  'tds',
  'segregation',
  'reversal',
  'bonus',
  'merger',
  'transfer_in',
  'transfer_out',
  'other',
] as const;

export type TransactionType = (typeof TRANSACTION_TYPES)[number];

export interface Transaction {
  date: string; // ISO yyyy-mm-dd
  type: TransactionType;
  description: string;
  amount: number | null;
  units: number | null;
  nav: number | null;
  balance_units: number | null;
}

export type AssetClass = 'Equity' | 'Debt' | 'Hybrid' | 'Other';

/**
 * What kind of security a depository statement lists a holding as, by the section it is printed in;
 * null where the section does not say (CDSL's one table of every security, a registrar's statement).
 */
export type Instrument = 'equity' | 'etf' | 'mutual_fund' | 'gold_bond' | 'corporate_bond' | 'government_security';

/**
 * What decided a holding's asset class: the category the statement prints, AMFI's category heading
 * for the ISIN, the scheme name (SEBI's category words), the kind of listed security, or a language
 * model's reading. Enrichment sets it (`enricher.ts`); a parser sets only 'statement'.
 */
export type AssetClassSource = 'statement' | 'amfi' | 'scheme_name' | 'security_type' | 'model';

export interface Holding {
  scheme_name: string;
  isin: string;
  /**
   * Closing units, NAV (or market price) and market value exactly as printed. A figure the statement
   * does not print, or that could not be read, is `null` (never 0) and the validator flags it
   * (`FIGURE_MISSING`); totals and allocation leave such a holding out and say so.
   */
  units: number | null;
  nav: number | null;
  market_value: number | null;
  asset_class: AssetClass | null;
  /** Set by enrichment; null when the class is unknown. */
  asset_class_source?: AssetClassSource | null;
  folio: string | null;
  amc: string | null;
  cost_value: number | null;
  opening_units: number | null;
  /**
   * The value of the opening units at the start of the period, when the statement prints one (no
   * parser reads it yet); XIRR prefers it to a transaction's NAV (`calculator.ts`).
   */
  opening_value?: number | null;
  plan: 'Direct' | 'Regular' | null;
  option: 'Growth' | 'IDCW' | null;
  page: number;
  transactions: Transaction[];
  /** Date of the NAV/price the market value uses (ISO), when the statement prints it. */
  nav_date?: string | null;
  /** Demat account (NSDL "IN300126 / 12345678", CDSL 16-digit BO ID) holding it, if any. */
  account_id?: string | null;
  /** The kind of security, when a depository statement's section names it. */
  instrument?: Instrument | null;
  /**
   * The face value of one unit as printed (a share's ₹10, a bond's ₹1,000, ₹100 of a government
   * security). For a bond or government security `units` is the quantity printed (bonds, or units of
   * face value) and `nav` the market price of one such unit, so that units × nav = market value.
   */
  face_value?: number | null;
  /**
   * How many units `nav` is the price of, when not one: 100 for a government security printed as its
   * face value held with a price per ₹100 of face value ("Face Value 5,00,000 | Market Price (per
   * ₹100) 98.45 | Value 4,92,250.00"). `units` is then the face value held (₹) and `nav` the price per
   * ₹100, so that units × nav ÷ nav_basis = market value. Absent: the price of one unit.
   */
  nav_basis?: number | null;
  /**
   * From the market-data source (AMFI NAV file), present only when it is on and knows the ISIN:
   * the latest published NAV, its date (ISO), and units × that NAV (2 decimals). The statement's
   * own `nav` and `market_value` are never changed.
   */
  latest_nav?: number;
  latest_nav_date?: string | null;
  latest_market_value?: number;
  /** 'computed' when the statement printed no market value and it is units × NAV; the validator flags it. */
  market_value_source?: 'printed' | 'computed';
  /**
   * Figures the statement printed but its own arithmetic or totals refute (`guard.ts`): each is null
   * above, and recorded here with what was printed and why it was refused (the validator flags
   * FIGURE_REFUTED). Absent when every figure stood.
   */
  refused_figures?: RefusedFigure[];
  /**
   * The other holders of a jointly held folio, in print order (the first holder is the entity).
   * Absent when the statement prints none.
   */
  joint_holders?: JointHolder[];
  /** The folio's nominees (names only) as printed; empty when it prints "Not registered", absent when it prints nothing. */
  nominees?: string[];
}

/** A second or third holder of a folio: never an investor of the statement. */
export interface JointHolder {
  name: string;
  pan: string | null;
}

/** A printed figure the guard refused: `field` is null on the holding. */
export interface RefusedFigure {
  field: 'units' | 'nav' | 'market_value' | 'cost_value';
  printed: number;
  /** In plain words, for the adviser. */
  reason: string;
}

export interface Entity {
  /** The investor's name as printed; null (flagged INVESTOR_NAME_MISSING) when none was found, never a label or a PAN. */
  entity_name: string | null;
  pan: string | null;
  holdings: Holding[];
  /** The statement's own printed total for this investor, when it prints one. */
  stated_total: number | null;
  /**
   * A minor's guardian as printed under the minor. The entity stays the minor: `pan` is the minor's
   * PAN, or null when only the guardian's is printed. Absent when no guardian is printed.
   */
  guardian?: Guardian;
}

/** The guardian of a minor investor. */
export interface Guardian {
  name: string;
  pan: string | null;
}

export interface StatedGroupTotal {
  kind: 'amc' | 'account';
  /** The AMC as printed, or the demat account id (as on `Holding.account_id`). */
  name: string;
  market_value: number;
}

export interface ExtractionDraft {
  classification: StatementClass;
  period: { from: string | null; to: string | null };
  entities: Entity[];
  /** The statement's own grand total, when printed. */
  stated_total: number | null;
  /**
   * Totals the statement prints for a group of holdings: an AMC in a mutual-fund statement's
   * portfolio summary, a demat account's value. The validator reconciles each with its holdings.
   */
  stated_group_totals?: StatedGroupTotal[];
  currency: string;
  /** The classifier's confidence (0–100) the draft was extracted under, when known. */
  classification_confidence?: number;
  /**
   * Present only when no parser knows the layout and the configured language model read the
   * statement instead (`llm-extraction.ts`): what it was sent, what it answered and what was dropped.
   */
  llm_extraction?: LlmExtractionReport;
  /**
   * Holdings tables the family's reader saw but read nothing from (`families/unread-tables.ts`);
   * present only for a statement of holdings. Each becomes a TABLE_UNREAD flag.
   */
  unread_tables?: UnreadTable[];
}

/** A row of the language model's answer that failed validation and was dropped. */
export interface LlmRejectedRow {
  scheme_name: string | null;
  isin: string | null;
  reason: string;
}

export interface LlmExtractionReport {
  /** The model that answered, as the provider reported it. */
  model: string;
  /**
   * `extracted`: at least one holding passed validation; `none_found`: the model listed no holdings;
   * `failed`: the answer was unusable (not JSON of the requested shape, or every row was rejected).
   */
  outcome: 'extracted' | 'none_found' | 'failed';
  pages_sent: number;
  pages_total: number;
  /** True when the text sent was cut to the page or character limit. */
  truncated: boolean;
  rows_returned: number;
  rows_accepted: number;
  /** Dropped rows, at most `MAX_REPORTED_REJECTIONS` of them (`rows_returned − rows_accepted` counts all). */
  rejected: LlmRejectedRow[];
  /** Why the answer was unusable (`outcome: failed`), else null. */
  error: string | null;
}

export type ValidationCode =
  | 'UNITS_NAV_MISMATCH'
  | 'BALANCE_MISMATCH'
  | 'TOTAL_MISMATCH'
  | 'ISIN_CHECK_DIGIT'
  | 'PAN_FORMAT'
  | 'MARKET_VALUE_NOT_PRINTED'
  | 'LLM_EXTRACTED'
  | 'LLM_ROW_REJECTED'
  | 'LLM_EXTRACTION_FAILED'
  /** No name was found for an investor: `entity_name` is null, never a label or the PAN. */
  | 'INVESTOR_NAME_MISSING'
  /** A holding's units, NAV or market value could not be read: it is null, never 0. */
  | 'FIGURE_MISSING'
  /** A printed figure the statement's own arithmetic or totals refute: it is null, with what was printed and why (`refused_figures`). */
  | 'FIGURE_REFUTED'
  /** No printed category and no AMFI category: the asset class was inferred from the scheme name. */
  | 'ASSET_CLASS_INFERRED'
  /** Totals and allocation leave out holdings whose market value is unknown. */
  | 'TOTALS_INCOMPLETE'
  /** A statement of a known family: a holdings table it prints (or every one) could not be read. */
  | 'TABLE_UNREAD';

export interface ValidationFlag {
  code: ValidationCode;
  message: string;
  isin: string | null;
  entity: string | null;
  page: number | null;
}

export interface Validation {
  flags: ValidationFlag[];
  checks_run: number;
  /** 0–100, from the share of checks passed; never a constant. */
  confidence_score: number;
}

export interface AssetAllocation {
  equity: number;
  debt: number;
  hybrid: number;
  other: number;
}

/** Why an XIRR is null (`calculator.ts` and docs/extraction.md say when each applies). */
export type XirrReason =
  | 'NO_TRANSACTIONS'
  | 'OPENING_UNITS_UNKNOWN'
  | 'OPENING_VALUE_UNKNOWN'
  | 'TRANSACTION_VALUE_UNKNOWN'
  | 'VALUE_UNKNOWN'
  | 'NO_VALUATION_DATE'
  | 'NO_CASH_FLOWS'
  | 'NO_SOLUTION';

export interface PortfolioFigures {
  /** Sum of the market values that are known; `holdings_without_value` counts the ones left out. */
  total_market_value: number;
  total_cost_value: number | null;
  gain: number | null;
  gain_pct: number | null;
  /** Shares of `total_market_value`: the valued holdings only. */
  asset_allocation: AssetAllocation;
  /** Holdings whose market value is known and counted in the totals and allocation. */
  holdings_valued: number;
  /** Holdings whose market value is unknown (null), left out of the totals and allocation. */
  holdings_without_value: number;
  /** Annualised, in percent; null with `xirr_reason` when it cannot be computed. */
  xirr: number | null;
  xirr_reason: XirrReason | null;
}
