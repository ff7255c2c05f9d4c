/**
 * The gains computation's input and output: plain data (no classes, no Dates), like the
 * consolidation's. Money is in rupees with at most 2 decimals and units with at most 4 (3 on most statements), computed
 * internally in paise and ten-thousandths of a unit (docs/gains.md, "Lots"). A figure that cannot be
 * known is null with a flag, never 0.
 */
import type { MergedTransaction } from '../portfolio/index.js';
import type { TransactionType } from '../extraction/index.js';
import type { SchemeTaxClass } from './rules/tax-class.js';
import type { Act, IsoDate, RuleId, TaxClass, Term } from './rules/types.js';

// ─── Input ──────────────────────────────────────────────────────────────────────────────────────

/** What the computation needs to know of a scheme besides its transactions. */
export interface GainsScheme {
  isin: string;
  scheme_name: string;
  /** The SEBI/AMFI category heading, as printed or as AMFI files it; null when unknown. */
  category: string | null;
  /** `schemeTaxClass(…)` of the scheme (rules/tax-class.ts): both definitions of s.50AA, listed, defaulted. */
  tax_class: SchemeTaxClass;
}

/** A NAV and the day it is of. */
export interface DatedNav {
  nav: number;
  date: IsoDate;
}

/**
 * One folio's (or demat account's) holding of one scheme: the portfolio's position and its merged
 * transaction history (`Consolidation.transactions` of that `position_id`).
 */
export interface GainsHolding {
  /** `Position.id` (investor, folio or account, ISIN). */
  position_id: string;
  folio: string | null;
  account_id: string | null;
  investor_pan: string | null;
  scheme: GainsScheme;
  /**
   * Units held before the first transaction: 0 when the history starts from a zero balance, a
   * positive number when it starts from units whose purchases it does not show, null when unknown.
   * Units it cannot see give `HISTORY_INCOMPLETE`, never a guessed gain.
   */
  opening_units: number | null;
  /** Ranges no statement covers (the position's `HISTORY_GAP` flags): lots held across one are unseen. */
  gaps?: ReadonlyArray<{ from: IsoDate; to: IsoDate }>;
  /** The merged history, by date (types from the extraction: purchase, sip_purchase, redemption, …). */
  transactions: ReadonlyArray<Pick<MergedTransaction, 'date' | 'type' | 'description' | 'amount' | 'units' | 'nav' | 'balance_units'>>;
  /** The NAV the unrealised gains are valued at (latest statement's, or the NAV source's); null: not valued. */
  valuation: DatedNav | null;
}

/**
 * A segregation of portfolio (SEBI's side-pocketing): the segregated units of `segregated_isin` were
 * allotted on `date` to the holders of `main_isin`, unit for unit. The NAVs apportion the cost
 * (s.49(2AG)/(2AH)): the main portfolio's NAV immediately before segregation and the segregated
 * portfolio's NAV on the day. Either null: the segregated units' cost is unknown (flagged).
 */
export interface SegregationEvent {
  date: IsoDate;
  main_isin: string;
  segregated_isin: string;
  nav_before: number | null;
  segregated_nav: number | null;
}

export interface GainsInput {
  holdings: GainsHolding[];
  /** Segregations of the schemes held (the statement rows say only that units were allotted). */
  segregations?: SegregationEvent[];
}

/** The fair market value of a unit on 31 January 2018 by ISIN (either of AMFI's ISIN columns); null when none. */
export type FmvLookup = (isin: string) => number | null;

export interface GainsOptions {
  /** The financial year, "2025-26" (the 2025 Act's tax year from 2026-27). */
  fy: string;
  /** FMV on 31 January 2018 of units not listed: their NAV (the shipped AMFI file: `loadFmv2018`, or `Fmv2018` in Nest). */
  fmv: FmvLookup;
  /**
   * FMV on 31 January 2018 of listed units (ETFs): the highest price quoted on the exchange that day
   * (s.55(2)(ac) Explanation), not the NAV. None is shipped: absent, a listed grandfathered lot is `FMV_UNKNOWN`.
   */
  fmvListed?: FmvLookup;
}

// ─── Output ─────────────────────────────────────────────────────────────────────────────────────

/**
 * - `HISTORY_INCOMPLETE`: the lot's units were held before the history the statements show (or across
 *   a gap in it): its purchase date and cost are unknown, so its gain is null.
 * - `FMV_UNKNOWN`: a grandfathered lot's ISIN has no NAV on 31 January 2018: its cost, and gain, null.
 * - `COST_UNKNOWN`: the lot's cost is not on the statements (an amount not printed, an unpaired
 *   transfer or merger in, a segregation without its NAVs).
 * - `SALE_VALUE_UNKNOWN`: the sale's amount is not printed.
 * - `RULE_UNKNOWN`: no rule of the table covers the transfer (before 1 April 2018), or the indexation
 *   needs a Cost Inflation Index not notified.
 * - `TAX_CLASS_DEFAULTED`: the scheme's class came from a default, not its category (review it).
 * - `REVERSAL_UNMATCHED`: a reversal whose original row is not in the history; its units are applied
 *   without a gain.
 * - `UNITS_WITHOUT_TYPE`: a row of type `other` that moves units; applied without a gain.
 * - `CARRIED_OVER`: the lot came through a merger, transfer or transmission with its cost and date.
 * - `BONUS_STRIPPING_CHECK`: a loss on units bought within 3 months before a bonus allotment and sold
 *   within 9 months after it: s.94(8) may ignore the loss (the record date is not on the statement).
 */
export type GainsFlagCode =
  | 'HISTORY_INCOMPLETE'
  | 'FMV_UNKNOWN'
  | 'COST_UNKNOWN'
  | 'SALE_VALUE_UNKNOWN'
  | 'RULE_UNKNOWN'
  | 'TAX_CLASS_DEFAULTED'
  | 'REVERSAL_UNMATCHED'
  | 'UNITS_WITHOUT_TYPE'
  | 'CARRIED_OVER'
  | 'BONUS_STRIPPING_CHECK';

export interface GainsFlag {
  code: GainsFlagCode;
  message: string;
}

/** Advance-tax instalment periods of a financial year: up to 15 June, 15 September, 15 December, 15 March, 31 March. */
export type AdvanceTaxPeriod = 'upto_15_jun' | 'upto_15_sep' | 'upto_15_dec' | 'upto_15_mar' | 'upto_31_mar';

/** The rule a lot's gain falls under (from `ruleFor`); null fields when no rule applies. */
export interface AppliedRule {
  rule: RuleId | null;
  term: Term | null;
  /** The class the rule was chosen by (a specified fund bought before 1 April 2023 is `other`). */
  tax_class: TaxClass;
  /** Fraction (0.125); null at slab rates or when no rule applies. */
  rate: number | null;
  slab: boolean;
  indexation: boolean;
  grandfathered: boolean;
  act: Act | null;
  section: string | null;
}

/** One lot (or part of one) closed by a sale, switch-out, STP-out or SWP. */
export interface RealisedLot {
  position_id: string;
  folio: string | null;
  investor_pan: string | null;
  scheme_name: string;
  isin: string;
  /** The closing transaction's type (redemption, switch_out, stp_out, swp). */
  transaction_type: TransactionType;
  /** The type of the transaction that opened the lot; null when unseen (`HISTORY_INCOMPLETE`). */
  purchase_type: TransactionType | null;
  /** The acquisition date (carried over through a merger, transfer or segregation); null when unseen. */
  purchase_date: IsoDate | null;
  sale_date: IsoDate;
  units: number;
  purchase_nav: number | null;
  sale_nav: number | null;
  /** Actual cost of the units, stamp duty included; 0 for bonus units (s.55(2)(aa)(iiia)); null when unknown. */
  cost: number | null;
  /** The stamp duty included in `cost`. */
  stamp_duty: number | null;
  /** Securities transaction tax on the sale apportioned to the lot: recorded, not deducted (s.48). */
  stt: number | null;
  /** Full value of consideration: the sale's amount apportioned to the lot. */
  sale_value: number | null;
  /** NAV on 31 January 2018 and its value for the lot's units; null when not grandfathered or unknown. */
  fmv_nav_2018: number | null;
  fmv_value_2018: number | null;
  /** The cost deducted: actual, grandfathered (s.55(2)(ac)) or indexed (second proviso to s.48). */
  cost_of_acquisition: number | null;
  /** sale_value − cost_of_acquisition; null whenever either is unknown. */
  gain: number | null;
  rule: AppliedRule;
  financial_year: string;
  advance_tax_period: AdvanceTaxPeriod;
  flags: GainsFlag[];
}

/** One open lot valued at a NAV (unrealised, as if transferred on the valuation date). */
export interface UnrealisedLot {
  position_id: string;
  folio: string | null;
  scheme_name: string;
  isin: string;
  purchase_type: TransactionType | null;
  purchase_date: IsoDate | null;
  /** null for units held before the history of an unknown number (their value is unknown too). */
  units: number | null;
  purchase_nav: number | null;
  cost: number | null;
  valuation_nav: number;
  valuation_date: IsoDate;
  market_value: number | null;
  fmv_nav_2018: number | null;
  cost_of_acquisition: number | null;
  gain: number | null;
  rule: AppliedRule;
  flags: GainsFlag[];
}

/** A sum over lots: null when any lot's figure is unknown, with the partial sum of the known ones beside it. */
export interface GainsTotal {
  gain: number | null;
  /** The sum over the lots whose gain is known. */
  known_gain: number;
  lots: number;
  unknown_lots: number;
}

/** Realised gains of one rule (one rate, one section) in the year. */
export interface GainsByRule extends GainsTotal {
  rule: RuleId | null;
  term: Term | null;
  tax_class: TaxClass;
  rate: number | null;
  slab: boolean;
  section: string | null;
  sale_value: number | null;
  cost_of_acquisition: number | null;
}

/** Short- and long-term totals of one tax class. */
export interface GainsByTaxClass {
  tax_class: TaxClass;
  short_term: GainsTotal;
  long_term: GainsTotal;
}

/**
 * The s.112A exemption over the whole year's long-term equity-oriented gains (both rates in FY
 * 2024-25), set against the 12.5 % gains first (docs/gains.md says why).
 */
export interface Section112AExemption {
  limit: number | null;
  /** The year's long-term gains under s.112A (10 % and 12.5 % together); null when a lot is unknown. */
  ltcg: number | null;
  applied: number | null;
  /** Gains left to tax at each rate after the exemption; null when unknown. */
  taxable_at_10: number | null;
  taxable_at_12_5: number | null;
  /** Exemption not used by realised gains (for harvesting); null when unknown. */
  remaining: number | null;
}

export interface AdvanceTaxSplit {
  period: AdvanceTaxPeriod;
  /** Last day of the period (inclusive). */
  to: IsoDate;
  by_tax_class: GainsByTaxClass[];
}

/** Per holding: whether its history reaches a zero balance; lots it cannot see make it incomplete. */
export interface HoldingGainsStatus {
  position_id: string;
  folio: string | null;
  isin: string;
  scheme_name: string;
  /** Units the engine holds open at the end (opened − closed), and the part it cannot see; null when unknown. */
  units_open: number | null;
  units_unseen: number | null;
  flags: GainsFlag[];
}

export interface GainsResult {
  fy: string;
  /** The Act the year falls under: 1961 up to 2025-26, 2025 from 2026-27. */
  act: Act;
  realised: {
    lots: RealisedLot[];
    by_rule: GainsByRule[];
    by_tax_class: GainsByTaxClass[];
    exemption_112a: Section112AExemption;
    advance_tax: AdvanceTaxSplit[];
  };
  unrealised: {
    lots: UnrealisedLot[];
    by_tax_class: GainsByTaxClass[];
    /** Long-term equity-oriented gain that could be realised within the year's remaining exemption. */
    harvestable_ltcg: number | null;
  };
  holdings: HoldingGainsStatus[];
  /** Flags of the whole result: `HISTORY_INCOMPLETE` when any holding is. */
  flags: GainsFlag[];
}
