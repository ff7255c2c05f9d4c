/**
 * The tax class of a mutual-fund scheme for capital gains:
 * - `equity_oriented`: a unit of an equity oriented fund (sections 111A and 112A of the 1961 Act);
 * - `specified_mutual_fund`: a unit of a Specified Mutual Fund (section 50AA of the 1961 Act);
 * - `other`: every other unit (debt funds bought before 1 April 2023, gold funds and overseas funds of
 *   funds from FY 2025-26, balanced hybrid and multi-asset funds, …).
 */
export type TaxClass = 'equity_oriented' | 'specified_mutual_fund' | 'other';

/** An ISO date, `YYYY-MM-DD` (compared as strings). */
export type IsoDate = string;

export type Term = 'short' | 'long';

/** The Income-tax Act in force on a transfer date: 1961 until 31 March 2026, 2025 from 1 April 2026. */
export type Act = '1961' | '2025';

export type RuleId =
  | 'EQ_STCG_15'
  | 'EQ_STCG_20'
  | 'EQ_LTCG_10'
  | 'EQ_LTCG_12_5'
  | 'SMF_DEEMED_SHORT'
  | 'OTHER_STCG_36M'
  | 'OTHER_LTCG_20_INDEXED'
  | 'OTHER_STCG_LISTED_12M'
  | 'OTHER_LTCG_LISTED_12_5'
  | 'OTHER_STCG_UNLISTED_24M'
  | 'OTHER_LTCG_UNLISTED_12_5';

/** One row of the dated rules table (`rules-table.ts`); dates are inclusive. */
export interface GainsRule {
  id: RuleId;
  taxClass: TaxClass;
  /** Which units the row covers: listed (ETFs) only, unlisted only, or both (null). */
  listed: boolean | null;
  term: Term;
  transferFrom: IsoDate;
  transferTo: IsoDate | null;
  /** Rows keyed on the acquisition date too (section 50AA: units acquired on or after 1 April 2023). */
  acquiredFrom: IsoDate | null;
  /**
   * Months a unit must be held for more than to be long-term (section 2(42A)); null when the gain is
   * short-term whatever the holding (section 50AA).
   */
  holdingMonths: number | null;
  /** The special rate as a fraction; null when the gain is taxed at the slab rates (`slab: true`). */
  rate: number | null;
  slab: boolean;
  indexation: boolean;
  /** Whether lots acquired on or before 31 January 2018 take the section 55(2)(ac) cost. */
  grandfathering: boolean;
  /** The provision under the Income-tax Act, 1961, and the corresponding one under the 2025 Act. */
  section1961: string;
  /** null where the corresponding section of the 2025 Act could not be verified (docs/gains.md). */
  section2025: string | null;
  /** The amending provision and the source the row was checked against (docs/gains.md). */
  provision: string;
}

export interface RuleQuery {
  taxClass: TaxClass;
  /** Listed on a recognised stock exchange (an ETF); decides the holding period from 23 July 2024. */
  listed: boolean;
  acquired: IsoDate;
  transferred: IsoDate;
}

export interface RuleResult {
  rule: RuleId;
  term: Term;
  /** The tax class the rule was chosen by: a specified fund bought before 1 April 2023 is taxed as `other`. */
  taxClass: TaxClass;
  rate: number | null;
  slab: boolean;
  indexation: boolean;
  holdingMonths: number | null;
  /** The Act in force on the transfer date and the section under it (null when unverified). */
  act: Act;
  section: string | null;
  section1961: string;
  section2025: string | null;
  /** Long-term equity-oriented lot acquired on or before 31 January 2018 (section 55(2)(ac)). */
  grandfathered: boolean;
  /** The section 112A exemption of the transfer's financial year (applies to the year's total); null when none. */
  annualExemption: number | null;
  /** The financial year of the transfer, "2024-25". */
  financialYear: string;
}
