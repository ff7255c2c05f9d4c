import { SPECIFIED_FUND_NEW_DEFINITION_FROM } from './rules-table.js';
import type { IsoDate, TaxClass } from './types.js';

/**
 * A scheme's tax class under each definition of a Specified Mutual Fund in section 50AA: `untilFy2025`
 * for transfers up to 31 March 2025 (at most 35 % in domestic equity shares, so gold funds, overseas
 * funds of funds and domestic funds of funds were specified funds), `fromFy2026` for transfers from
 * 1 April 2025 (more than 65 % in debt and money-market instruments, or 65 % or more in such funds).
 */
export interface SchemeTaxClass {
  untilFy2025: TaxClass;
  fromFy2026: TaxClass;
  /** Listed on a stock exchange (an ETF): the 12-month holding period of listed units from 23 July 2024. */
  listed: boolean;
  /**
   * `category`: the SEBI category fixes it; `override`: the override list; `security`: what the
   * security is fixes it (a listed equity share; an exchange-traded fund by what it holds);
   * `default`: a guess to review.
   */
  basis: 'category' | 'override' | 'security' | 'default';
  /** True when the class was defaulted (the category does not fix the mandate, or there is no category). */
  defaulted: boolean;
}

export interface SchemeTaxClassInput {
  /** The SEBI/AMFI category heading, "Open Ended Schemes(Hybrid Scheme - Balanced Advantage)" or bare. */
  category: string | null;
  /** The extraction's asset class, used only when the category does not decide. */
  assetClass: 'Equity' | 'Debt' | 'Hybrid' | 'Other' | null;
  isin: string | null;
  schemeName: string;
}

/** A scheme whose mandate differs from its category's default, by ISIN, with the reason. */
export interface TaxClassOverride {
  isin: string;
  untilFy2025: TaxClass;
  fromFy2026: TaxClass;
  reason: string;
}

/**
 * Schemes whose mandate differs from the default of their category (some balanced-advantage and
 * multi-asset funds stay at 65 % or more in domestic equity, some do not). Empty until a scheme's
 * mandate is checked against its scheme information document (docs/gains.md): until then those
 * categories carry `defaulted: true`.
 */
export const TAX_CLASS_OVERRIDES: readonly TaxClassOverride[] = [];

type Row = readonly [RegExp, TaxClass, TaxClass, 'category' | 'default'];

const EO = 'equity_oriented';
const SMF = 'specified_mutual_fund';
const OTHER = 'other';

/**
 * The default table: SEBI's categories (2017 circular, "<Class> Scheme - <Category>") and AMFI's
 * headings before 2018 ("Growth", "Income", "GOLD ETFs"). First match wins; docs/gains.md lists it.
 */
export const CATEGORY_TAX_CLASSES: readonly Row[] = [
  [/conservative hybrid/, SMF, SMF, 'category'],
  [/aggressive hybrid|arbitrage|equity savings/, EO, EO, 'category'],
  [/balanced hybrid/, OTHER, OTHER, 'category'],
  [/balanced advantage|dynamic asset allocation/, EO, EO, 'default'],
  [/multi asset/, OTHER, OTHER, 'default'],
  [/^equity scheme\b|\belss\b|^growth$/, EO, EO, 'category'],
  [/^debt scheme\b|^income$|\bgilt\b|liquid|money market|floating rate/, SMF, SMF, 'category'],
  [/\bgold\b|\bsilver\b/, SMF, OTHER, 'category'],
  [/overseas/, SMF, OTHER, 'category'],
  [/fof domestic|fund of funds?\b.*domestic/, SMF, OTHER, 'default'],
  [/^balanced$/, EO, EO, 'default'],
];

/** Equity categories hold schemes that invest abroad (SEBI files them under sectoral/thematic). */
const ABROAD = /\b(international|global|overseas|world|us|usa|nasdaq|s&p 500|greater china|japan|europe|emerging markets?)\b/i;

export function schemeTaxClass(input: SchemeTaxClassInput, overrides: readonly TaxClassOverride[] = TAX_CLASS_OVERRIDES): SchemeTaxClass {
  const heading = (input.category ?? '').trim();
  const inner = (/\(([^()]*)\)\s*$/.exec(heading)?.[1] ?? heading).toLowerCase().replace(/\s+/g, ' ').trim();
  const listed = /\betfs?\b|exchange traded/.test(inner) || /\betf\b/i.test(input.schemeName);

  const override = input.isin ? overrides.find((o) => o.isin === input.isin) : undefined;
  if (override) return { untilFy2025: override.untilFy2025, fromFy2026: override.fromFy2026, listed, basis: 'override', defaulted: false };

  // A company's equity share (ISIN `INE…`, security type 01): s.111A and s.112A apply as to an
  // equity-oriented fund, and it is listed: no scheme category to default.
  if (input.isin && isEquityShareIsin(input.isin)) return { untilFy2025: EO, fromFy2026: EO, listed: true, basis: 'security', defaulted: false };

  const row = inner ? CATEGORY_TAX_CLASSES.find(([pattern]) => pattern.test(inner)) : undefined;
  if (row) {
    const [, untilFy2025, fromFy2026, basis] = row;
    if (untilFy2025 === EO && basis === 'category' && ABROAD.test(input.schemeName)) {
      return { untilFy2025: SMF, fromFy2026: OTHER, listed, basis: 'default', defaulted: true };
    }
    return { untilFy2025, fromFy2026, listed, basis, defaulted: basis === 'default' };
  }
  // An exchange-traded fund without a category heading (a demat account's ETF section): what it holds
  // fixes its class — an equity ETF is equity-oriented, a gold or debt ETF is not — taxed as listed units.
  if (listed && input.assetClass) return { ...byAssetClass(input.assetClass), listed, basis: 'security', defaulted: false };
  // Index funds, solution-oriented schemes, unknown headings: the category does not say what the
  // scheme holds, so the extraction's asset class decides, flagged.
  return { ...byAssetClass(input.assetClass), listed, basis: 'default', defaulted: true };
}

/** An Indian company's equity share: `IN` `E` issuer code, then security type `01` (an ISIN's 8th and 9th characters). */
export function isEquityShareIsin(isin: string): boolean {
  return /^INE[A-Z0-9]{4}01[A-Z0-9]{2}\d$/.test(isin);
}

function byAssetClass(assetClass: SchemeTaxClassInput['assetClass']): Pick<SchemeTaxClass, 'untilFy2025' | 'fromFy2026'> {
  if (assetClass === 'Equity') return { untilFy2025: EO, fromFy2026: EO };
  if (assetClass === 'Debt') return { untilFy2025: SMF, fromFy2026: SMF };
  return { untilFy2025: OTHER, fromFy2026: OTHER };
}

/** The tax class that applies to a transfer on `transferred` (section 50AA's definition of that year). */
export function taxClassOn(scheme: SchemeTaxClass, transferred: IsoDate): TaxClass {
  return transferred >= SPECIFIED_FUND_NEW_DEFINITION_FROM ? scheme.fromFy2026 : scheme.untilFy2025;
}
