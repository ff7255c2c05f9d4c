/**
 * The gains answers as the OpenAPI document describes them. Money in rupees (numbers, 2 decimals),
 * units with 3 decimals, NAVs with 4, as the portfolio answers; a figure that cannot be known is null
 * with a flag, never 0.
 */
import { ApiProperty } from '@nestjs/swagger';

const TAX_CLASSES = ['equity_oriented', 'specified_mutual_fund', 'other'];
const TERMS = ['short', 'long'];
const PERIODS = ['upto_15_jun', 'upto_15_sep', 'upto_15_dec', 'upto_15_mar', 'upto_31_mar'];
const FLAG_CODES = [
  'HISTORY_INCOMPLETE',
  'FMV_UNKNOWN',
  'COST_UNKNOWN',
  'SALE_VALUE_UNKNOWN',
  'RULE_UNKNOWN',
  'TAX_CLASS_DEFAULTED',
  'REVERSAL_UNMATCHED',
  'UNITS_WITHOUT_TYPE',
  'CARRIED_OVER',
  'BONUS_STRIPPING_CHECK',
];

export class GainsFlagDto {
  @ApiProperty({ enum: FLAG_CODES, example: 'HISTORY_INCOMPLETE' }) code: string;
  @ApiProperty({ example: 'Folio 1234567/89: 120.000 units were held before the first statement; their gains are not computed' }) message: string;
}

export class AppliedRuleDto {
  @ApiProperty({ example: 'EQ_LTCG_12_5', nullable: true, type: String, description: 'The rule of the dated rules table (docs/gains.md); null when none applies' }) rule: string | null;
  @ApiProperty({ enum: TERMS, example: 'long', nullable: true, type: String }) term: string | null;
  @ApiProperty({ enum: TAX_CLASSES, example: 'equity_oriented' }) tax_class: string;
  @ApiProperty({ example: 0.125, nullable: true, type: Number, description: 'Rate as a fraction; null at slab rates' }) rate: number | null;
  @ApiProperty({ example: false }) slab: boolean;
  @ApiProperty({ example: false }) indexation: boolean;
  @ApiProperty({ example: false, description: 'Cost under s.55(2)(ac) (units acquired on or before 31 January 2018)' }) grandfathered: boolean;
  @ApiProperty({ enum: ['1961', '2025'], example: '1961', nullable: true, type: String }) act: string | null;
  @ApiProperty({ example: '112A', nullable: true, type: String }) section: string | null;
}

export class RealisedLotDto {
  @ApiProperty({ example: 'f|ABCPK1234F|1234567/89|INF179K01BB8' }) position_id: string;
  @ApiProperty({ example: '1234567/89', nullable: true, type: String }) folio: string | null;
  @ApiProperty({ example: 'ABCPK1234F', nullable: true, type: String }) investor_pan: string | null;
  @ApiProperty({ example: 'HDFC Flexi Cap Fund - Direct Plan - Growth' }) scheme_name: string;
  @ApiProperty({ example: 'INF179K01BB8' }) isin: string;
  @ApiProperty({ example: 'redemption' }) transaction_type: string;
  @ApiProperty({ example: 'sip_purchase', nullable: true, type: String }) purchase_type: string | null;
  @ApiProperty({ example: '2023-05-10', nullable: true, type: String }) purchase_date: string | null;
  @ApiProperty({ example: '2025-06-12' }) sale_date: string;
  @ApiProperty({ example: 120.5 }) units: number;
  @ApiProperty({ example: 1402.3311, nullable: true, type: Number }) purchase_nav: number | null;
  @ApiProperty({ example: 1890.1204, nullable: true, type: Number }) sale_nav: number | null;
  @ApiProperty({ example: 168988.9, nullable: true, type: Number, description: 'Actual cost, stamp duty included' }) cost: number | null;
  @ApiProperty({ example: 8.45, nullable: true, type: Number }) stamp_duty: number | null;
  @ApiProperty({ example: 2.28, nullable: true, type: Number, description: 'Recorded, not deducted (s.48)' }) stt: number | null;
  @ApiProperty({ example: 227759.51, nullable: true, type: Number, description: 'Full value of consideration' }) sale_value: number | null;
  @ApiProperty({ example: null, nullable: true, type: Number }) fmv_nav_2018: number | null;
  @ApiProperty({ example: null, nullable: true, type: Number }) fmv_value_2018: number | null;
  @ApiProperty({ example: 168988.9, nullable: true, type: Number, description: 'The cost deducted: actual, grandfathered or indexed' }) cost_of_acquisition: number | null;
  @ApiProperty({ example: 58770.61, nullable: true, type: Number }) gain: number | null;
  @ApiProperty({ type: AppliedRuleDto }) rule: AppliedRuleDto;
  @ApiProperty({ example: '2025-26' }) financial_year: string;
  @ApiProperty({ enum: PERIODS, example: 'upto_15_jun' }) advance_tax_period: string;
  @ApiProperty({ type: [GainsFlagDto] }) flags: GainsFlagDto[];
}

export class UnrealisedLotDto {
  @ApiProperty({ example: 'f|ABCPK1234F|1234567/89|INF179K01BB8' }) position_id: string;
  @ApiProperty({ example: '1234567/89', nullable: true, type: String }) folio: string | null;
  @ApiProperty({ example: 'HDFC Flexi Cap Fund - Direct Plan - Growth' }) scheme_name: string;
  @ApiProperty({ example: 'INF179K01BB8' }) isin: string;
  @ApiProperty({ example: 'purchase', nullable: true, type: String }) purchase_type: string | null;
  @ApiProperty({ example: '2024-11-04', nullable: true, type: String }) purchase_date: string | null;
  @ApiProperty({ example: 52.25 }) units: number;
  @ApiProperty({ example: 1750.5, nullable: true, type: Number }) purchase_nav: number | null;
  @ApiProperty({ example: 91463.63, nullable: true, type: Number }) cost: number | null;
  @ApiProperty({ example: 1912.4431 }) valuation_nav: number;
  @ApiProperty({ example: '2026-03-31' }) valuation_date: string;
  @ApiProperty({ example: 99925.15 }) market_value: number;
  @ApiProperty({ example: null, nullable: true, type: Number }) fmv_nav_2018: number | null;
  @ApiProperty({ example: 91463.63, nullable: true, type: Number }) cost_of_acquisition: number | null;
  @ApiProperty({ example: 8461.52, nullable: true, type: Number }) gain: number | null;
  @ApiProperty({ type: AppliedRuleDto }) rule: AppliedRuleDto;
  @ApiProperty({ type: [GainsFlagDto] }) flags: GainsFlagDto[];
}

export class GainsTotalDto {
  @ApiProperty({ example: 58770.61, nullable: true, type: Number, description: 'Null when a lot’s gain is unknown' }) gain: number | null;
  @ApiProperty({ example: 58770.61, description: 'The sum over the lots whose gain is known' }) known_gain: number;
  @ApiProperty({ example: 3 }) lots: number;
  @ApiProperty({ example: 0 }) unknown_lots: number;
}

export class GainsByRuleDto extends GainsTotalDto {
  @ApiProperty({ example: 'EQ_LTCG_12_5', nullable: true, type: String }) rule: string | null;
  @ApiProperty({ enum: TERMS, example: 'long', nullable: true, type: String }) term: string | null;
  @ApiProperty({ enum: TAX_CLASSES, example: 'equity_oriented' }) tax_class: string;
  @ApiProperty({ example: 0.125, nullable: true, type: Number }) rate: number | null;
  @ApiProperty({ example: false }) slab: boolean;
  @ApiProperty({ example: '112A', nullable: true, type: String }) section: string | null;
  @ApiProperty({ example: 227759.51, nullable: true, type: Number }) sale_value: number | null;
  @ApiProperty({ example: 168988.9, nullable: true, type: Number }) cost_of_acquisition: number | null;
}

export class GainsByTaxClassDto {
  @ApiProperty({ enum: TAX_CLASSES, example: 'equity_oriented' }) tax_class: string;
  @ApiProperty({ type: GainsTotalDto }) short_term: GainsTotalDto;
  @ApiProperty({ type: GainsTotalDto }) long_term: GainsTotalDto;
}

export class Exemption112ADto {
  @ApiProperty({ example: 125000, nullable: true, type: Number, description: 'The year’s limit' }) limit: number | null;
  @ApiProperty({ example: 58770.61, nullable: true, type: Number, description: 'The year’s long-term gains under s.112A' }) ltcg: number | null;
  @ApiProperty({ example: 58770.61, nullable: true, type: Number }) applied: number | null;
  @ApiProperty({ example: 0, nullable: true, type: Number }) taxable_at_10: number | null;
  @ApiProperty({ example: 0, nullable: true, type: Number }) taxable_at_12_5: number | null;
  @ApiProperty({ example: 66229.39, nullable: true, type: Number, description: 'Exemption left for the rest of the year' }) remaining: number | null;
}

export class AdvanceTaxSplitDto {
  @ApiProperty({ enum: PERIODS, example: 'upto_15_jun' }) period: string;
  @ApiProperty({ example: '2025-06-15' }) to: string;
  @ApiProperty({ type: [GainsByTaxClassDto] }) by_tax_class: GainsByTaxClassDto[];
}

export class RealisedGainsDto {
  @ApiProperty({ type: [RealisedLotDto] }) lots: RealisedLotDto[];
  @ApiProperty({ type: [GainsByRuleDto] }) by_rule: GainsByRuleDto[];
  @ApiProperty({ type: [GainsByTaxClassDto] }) by_tax_class: GainsByTaxClassDto[];
  @ApiProperty({ type: Exemption112ADto }) exemption_112a: Exemption112ADto;
  @ApiProperty({ type: [AdvanceTaxSplitDto], description: 'Gains of each advance-tax period (up to 15 June, 15 September, 15 December, 15 March, 31 March)' })
  advance_tax: AdvanceTaxSplitDto[];
}

export class UnrealisedGainsDto {
  @ApiProperty({ type: [UnrealisedLotDto] }) lots: UnrealisedLotDto[];
  @ApiProperty({ type: [GainsByTaxClassDto] }) by_tax_class: GainsByTaxClassDto[];
  @ApiProperty({ example: 66229.39, nullable: true, type: Number, description: 'Long-term s.112A gain that could still be realised within the year’s remaining exemption' })
  harvestable_ltcg: number | null;
}

export class SchemeTaxClassDto {
  @ApiProperty({ enum: TAX_CLASSES, example: 'equity_oriented', description: 'For transfers up to 31 March 2025' }) untilFy2025: string;
  @ApiProperty({ enum: TAX_CLASSES, example: 'equity_oriented', description: 'For transfers from 1 April 2025' }) fromFy2026: string;
  @ApiProperty({ example: false, description: 'Listed units (an ETF)' }) listed: boolean;
  @ApiProperty({ enum: ['category', 'override', 'security', 'default'], example: 'category', description: '`security`: a listed equity share, or an exchange-traded fund by what it holds' }) basis: string;
  @ApiProperty({ example: false, description: 'True when the class was defaulted (TAX_CLASS_DEFAULTED)' }) defaulted: boolean;
}

export class ValuationDto {
  @ApiProperty({ example: 1912.4431 }) nav: number;
  @ApiProperty({ example: '2026-03-31' }) date: string;
  @ApiProperty({ enum: ['statement', 'nav_source'], example: 'statement', description: 'The latest statement’s NAV, or the configured NAV source’s when newer' }) source: string;
}

export class HoldingGainsDto {
  @ApiProperty({ example: 'f|ABCPK1234F|1234567/89|INF179K01BB8' }) position_id: string;
  @ApiProperty({ example: '1234567/89', nullable: true, type: String }) folio: string | null;
  @ApiProperty({ example: 'INF179K01BB8' }) isin: string;
  @ApiProperty({ example: 'HDFC Flexi Cap Fund - Direct Plan - Growth' }) scheme_name: string;
  @ApiProperty({ example: 52.25, nullable: true, type: Number, description: 'Units held at the end, those the history does not show included; null when unknown' }) units_open: number | null;
  @ApiProperty({ example: 0, nullable: true, type: Number, description: 'Units held before the history shows them' }) units_unseen: number | null;
  @ApiProperty({ example: 'Open Ended Schemes(Equity Scheme - Flexi Cap Fund)', nullable: true, type: String, description: 'AMFI’s category heading for the ISIN (the NAV source); null when unknown' })
  category: string | null;
  @ApiProperty({ type: SchemeTaxClassDto }) tax_class: SchemeTaxClassDto;
  @ApiProperty({ type: ValuationDto, nullable: true }) valuation: ValuationDto | null;
  @ApiProperty({ type: [GainsFlagDto] }) flags: GainsFlagDto[];
}

export class InvestorGainsDto {
  @ApiProperty({ example: '2025-26' }) fy: string;
  @ApiProperty({ enum: ['1961', '2025'], example: '1961', description: 'The Act the year falls under' }) act: string;
  @ApiProperty({ example: { from: '2025-04-01', to: '2026-03-31' } }) period: { from: string; to: string };
  @ApiProperty({ example: '2026-03-31', nullable: true, type: String, description: 'The newest statement counted' }) statement_date: string | null;
  @ApiProperty({ type: RealisedGainsDto }) realised: RealisedGainsDto;
  @ApiProperty({ type: UnrealisedGainsDto }) unrealised: UnrealisedGainsDto;
  @ApiProperty({ type: [HoldingGainsDto] }) holdings: HoldingGainsDto[];
  @ApiProperty({ type: [GainsFlagDto], description: 'HISTORY_INCOMPLETE when any holding is, …' }) flags: GainsFlagDto[];
}

export class ClientGainsDto extends InvestorGainsDto {
  @ApiProperty({ example: 'cli_0a1b2c3d4e5f60718293a4b5' }) client_id: string;
  @ApiProperty({ example: 'Meera Nair', nullable: true, type: String }) name: string | null;
}

export class HouseholdMemberGainsDto extends ClientGainsDto {
  @ApiProperty({ example: 'self' }) relationship: string;
}

export class HouseholdRealisedTotalsDto {
  @ApiProperty({ type: [GainsByTaxClassDto] }) by_tax_class: GainsByTaxClassDto[];
  @ApiProperty({ example: 117541.22, nullable: true, type: Number, description: 'The s.112A exemption each member applied, added up (each individual has their own)' })
  exemption_112a_applied: number | null;
}

export class HouseholdUnrealisedTotalsDto {
  @ApiProperty({ type: [GainsByTaxClassDto] }) by_tax_class: GainsByTaxClassDto[];
  @ApiProperty({ example: 132458.78, nullable: true, type: Number }) harvestable_ltcg: number | null;
}

export class HouseholdGainsTotalsDto {
  @ApiProperty({ type: HouseholdRealisedTotalsDto }) realised: HouseholdRealisedTotalsDto;
  @ApiProperty({ type: HouseholdUnrealisedTotalsDto }) unrealised: HouseholdUnrealisedTotalsDto;
  @ApiProperty({ type: [String], example: ['HISTORY_INCOMPLETE'], description: 'Flag codes any member has' }) flags: string[];
}

export class HouseholdGainsDto {
  @ApiProperty({ example: 'hh_5e6f7a8b9c0d1e2f3a4b5c6d' }) household_id: string;
  @ApiProperty({ example: 'Nair family' }) name: string;
  @ApiProperty({ example: '2025-26' }) fy: string;
  @ApiProperty({ type: [HouseholdMemberGainsDto] }) members: HouseholdMemberGainsDto[];
  @ApiProperty({ type: HouseholdGainsTotalsDto }) totals: HouseholdGainsTotalsDto;
  @ApiProperty({ example: { from: '2025-04-01', to: '2026-03-31' } }) period: { from: string; to: string };
}
