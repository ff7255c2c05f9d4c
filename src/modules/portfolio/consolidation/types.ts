/**
 * The consolidation's input and output: plain data, no classes, no Dates (docs/portfolio.md).
 */
import type { AssetClass, Entity, KnownFigures, PortfolioFigures, Transaction, XirrReason } from '../../extraction/index.js';

/** A portfolio's figures: the totals (null where any holding's figure is unknown) and the same over the holdings where each is known. */
export type PortfolioTotals = PortfolioFigures & { known: KnownFigures };

/** One completed extraction, as the consolidation reads it. */
export interface StatementSource {
  document_id: string;
  /** The statement family as extraction classified it (`CAMS_DETAILED_CAS`, `NSDL_CAS`, …). */
  document_type: string;
  /** The statement period; `to` is the statement date (the date its balances are as on). */
  period: { from: string | null; to: string | null };
  entities: StatementInvestor[];
}

/** An investor of a statement as the consolidation reads it (a stored result's or a parser's). */
export type StatementInvestor = Pick<Entity, 'entity_name' | 'pan' | 'holdings'>;

export interface ConsolidationOptions {
  /** Only statements dated on or before this date (ISO) count; undated statements then do not. */
  asOf?: string | null;
  /** Only these investors' holdings count (PANs, upper case); all investors when absent. */
  pans?: readonly string[] | null;
}

/** A statement as a position or transaction names it. */
export interface SourceRef {
  document_id: string;
  document_type: string;
  /** The statement date (period end); null when the statement prints none. */
  statement_date: string | null;
}

/** What a position is held as: units with a registrar (a folio) or a demat account's balance. */
export type PositionKind = 'folio' | 'demat';

/**
 * - `SOURCES_DISAGREE`: statements of the same date show different figures for the position; the
 *   position keeps one statement's figures (not an average) and names the others.
 * - `FIGURE_MISSING`: the chosen statement does not print a figure; it stays null.
 * - `HISTORY_GAP`: no statement covers the range `from`–`to` of the position's transaction history.
 */
export type PositionFlagCode = 'SOURCES_DISAGREE' | 'FIGURE_MISSING' | 'HISTORY_GAP';

export interface PositionFlag {
  code: PositionFlagCode;
  message: string;
  /** SOURCES_DISAGREE and FIGURE_MISSING: the figures concerned. */
  fields?: string[];
  /** SOURCES_DISAGREE: every statement of that date showing the position, the chosen one first. */
  document_ids?: string[];
  /** HISTORY_GAP: the first and last day no statement covers (inclusive). */
  from?: string;
  to?: string;
}

/**
 * - `FULL_HISTORY`: the transactions reach back, without a gap, to a zero balance and rebuild the
 *   latest closing balance.
 * - `PARTIAL_HISTORY`: transactions are known and rebuild the closing balance, but do not reach back
 *   to a zero balance without a gap (lots held before them are unknown).
 * - `SNAPSHOT_ONLY`: no statement of the position carries its transactions, only balances.
 * - `MISMATCH`: the opening balance plus the merged transactions disagree with the latest closing balance.
 */
export type HistoryStatus = 'FULL_HISTORY' | 'PARTIAL_HISTORY' | 'SNAPSHOT_ONLY' | 'MISMATCH';

export interface PositionHistory {
  status: HistoryStatus;
  /** First and last day covered by a statement with the position's transactions; null for SNAPSHOT_ONLY. */
  covered_from: string | null;
  covered_to: string | null;
  transactions: number;
  /** Opening balance of the earliest covering statement plus every merged transaction's units; null when unknown. */
  rebuilt_units: number | null;
}

export interface Position {
  /** Stable identity: investor, folio or demat account, ISIN (docs/portfolio.md). */
  id: string;
  kind: PositionKind;
  investor: { name: string | null; pan: string | null };
  folio: string | null;
  account_id: string | null;
  isin: string;
  scheme_name: string;
  amc: string | null;
  asset_class: AssetClass | null;
  units: number | null;
  nav: number | null;
  market_value: number | null;
  cost_value: number | null;
  /** Annualised, in percent, over the history that reaches this balance; null with a reason otherwise. */
  xirr: number | null;
  xirr_reason: XirrReason | null;
  /** The statement the figures come from, and the date of the NAV or price they use. */
  source: SourceRef & { valuation_date: string | null };
  /** Every counted statement that shows the position, newest first. */
  seen_in: SourceRef[];
  history: PositionHistory;
  flags: PositionFlag[];
}

/** A transaction of the merged history: one row however many statements print it. */
export interface MergedTransaction extends Transaction {
  position_id: string;
  folio: string | null;
  account_id: string | null;
  isin: string;
  scheme_name: string;
  investor_pan: string | null;
  /** The statement preferred for the row (newest), then every other statement printing it. */
  document_ids: string[];
}

export interface Consolidation {
  as_of: string | null;
  /** The newest statement date among the statements counted. */
  statement_date: string | null;
  positions: Position[];
  figures: PortfolioTotals;
  /** Every statement counted, newest first. */
  documents: SourceRef[];
  /** The merged history of every position, by date. */
  transactions: MergedTransaction[];
}

export interface HouseholdMemberInput {
  client_id: string;
  name: string;
  statements: StatementSource[];
  /** The member's PANs: only their holdings count for this member (joint statements list others). */
  pans?: readonly string[] | null;
}

export interface HouseholdMember {
  client_id: string;
  name: string;
  figures: PortfolioTotals;
  positions: number;
}

export interface HouseholdConsolidation extends Consolidation {
  members: HouseholdMember[];
}
