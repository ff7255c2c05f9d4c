import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/** Said of each figure that may be unknown: the extraction never writes 0 for what it did not read. */
const UNREAD =
  'null (never 0) when the statement does not print it or it could not be read, and the validation flags `FIGURE_MISSING`; or when the statement prints it but its own arithmetic or totals refute it, and `refused_figures` says what was printed and why (`FIGURE_REFUTED`)';

/** A printed figure the extraction's guard refused: the holding's field is null. */
export class RefusedFigureDto {
  @ApiProperty({ enum: ['units', 'nav', 'market_value', 'cost_value'], example: 'nav' }) field: string;
  @ApiProperty({ type: Number, example: 1, description: 'The figure as printed (read)' }) printed: number;
  @ApiProperty({ example: 'units 1234.567 × NAV 1.0000 = 1234.57, but the market value is 1.00; the units are confirmed: the opening balance and the transactions give 1234.567 units', description: 'Why it was refused, in plain words' })
  reason: string;
}

/** A second or third holder of a jointly held folio (the first holder is the investor). */
export class JointHolderDto {
  @ApiProperty({ example: 'Priya Sharma' }) name: string;
  @ApiProperty({ nullable: true, type: String, example: 'ABCPS1234K', description: 'PAN as printed, null when none is' }) pan: string | null;
}

/**
 * One holding as the extraction result and the completed process's `extractions` show it (documented
 * here; the pipeline writes it). Fields the pipeline adds beside these are kept.
 */
export class ExtractedHoldingDto {
  @ApiProperty({ example: 'HDFC Flexi Cap Fund - Direct Plan - Growth', description: 'Scheme (or security) name as printed' }) scheme_name: string;
  @ApiProperty({ example: 'INF179K01XQ0' }) isin: string;
  @ApiProperty({ nullable: true, type: Number, example: 1234.567, description: `Closing units (or shares); ${UNREAD}` }) units: number | null;
  @ApiProperty({ nullable: true, type: Number, example: 1528.3512, description: `NAV per unit (market price for listed securities); ${UNREAD}` }) nav: number | null;
  @ApiProperty({ nullable: true, type: Number, example: 1886851.96, description: `Market value; ${UNREAD}. Totals and allocation leave such a holding out and say how many they left out` })
  market_value: number | null;
  @ApiProperty({ nullable: true, enum: ['Equity', 'Debt', 'Hybrid', 'Other'], example: 'Equity' }) asset_class: string | null;
  @ApiProperty({ nullable: true, type: String, example: '1234567 / 89', description: 'Folio; null for demat holdings' }) folio: string | null;
  @ApiProperty({ nullable: true, type: String, example: 'HDFC Mutual Fund' }) amc: string | null;
  @ApiProperty({ nullable: true, type: Number, example: 1500000, description: 'Cost value as printed; null when the statement prints none' }) cost_value: number | null;
  @ApiProperty({ nullable: true, type: Number, example: 1100, description: 'Units at the start of the period (detailed statements)' }) opening_units: number | null;
  @ApiProperty({ nullable: true, enum: ['Direct', 'Regular'], example: 'Direct' }) plan: string | null;
  @ApiProperty({ nullable: true, enum: ['Growth', 'IDCW'], example: 'Growth' }) option: string | null;
  @ApiProperty({ example: 2, description: 'Page of the statement the holding is printed on' }) page: number;
  @ApiPropertyOptional({ nullable: true, type: String, example: '2025-09-30', description: 'Date of the NAV or price (ISO), when printed' }) nav_date?: string | null;
  @ApiPropertyOptional({ nullable: true, type: String, example: 'IN300126 / 12345678', description: 'Demat account holding it' }) account_id?: string | null;
  @ApiPropertyOptional({
    nullable: true,
    enum: ['equity', 'etf', 'mutual_fund', 'gold_bond', 'corporate_bond', 'government_security'],
    example: 'government_security',
    description: "Kind of security, when a depository statement's section names it",
  })
  instrument?: string | null;
  @ApiPropertyOptional({
    nullable: true,
    type: Number,
    example: 100,
    description: 'Face value of one unit as printed; for a bond or government security, units is the quantity printed and nav the market price of one unit',
  })
  face_value?: number | null;
  @ApiPropertyOptional({
    nullable: true,
    type: Number,
    example: 100,
    description: 'How many units nav is the price of, when not one: 100 for a government security printed as its face value held (units, in rupees) with a price per ₹100 of face value; units × nav ÷ nav_basis = market value',
  })
  nav_basis?: number | null;
  @ApiPropertyOptional({ type: Number, example: 1531.02, description: 'Latest NAV from the market-data source, when on and known' }) latest_nav?: number;
  @ApiPropertyOptional({ type: Number, example: 1890124.67, description: 'Units × the latest NAV; absent when the units are unknown' }) latest_market_value?: number;
  @ApiPropertyOptional({ type: [RefusedFigureDto], description: 'Printed figures the statement itself refutes, each null above; absent when every figure stood' })
  refused_figures?: RefusedFigureDto[];
  @ApiPropertyOptional({ type: [JointHolderDto], description: 'Other holders of a jointly held folio, in print order; absent when none is printed' })
  joint_holders?: JointHolderDto[];
  @ApiPropertyOptional({ type: [String], example: ['Meera Sharma'], description: 'Nominees of the folio (names); empty when printed "Not registered", absent when not printed' })
  nominees?: string[];
}

/** One transaction of a completed process's `extractions`, with the ISIN of its holding. */
export class ExtractedTransactionDto {
  @ApiProperty({ example: 'INF179K01XQ0' }) isin: string;
  @ApiProperty({ example: '2025-04-10', description: 'ISO yyyy-mm-dd' }) date: string;
  @ApiProperty({ example: 'sip_purchase', description: 'What the row is, from one vocabulary (docs/extraction.md)' }) type: string;
  @ApiProperty({ example: 'SIP Purchase - Instalment 3/60', description: 'As printed' }) description: string;
  @ApiProperty({ nullable: true, type: Number, example: 5000, description: 'null when the row prints none' }) amount: number | null;
  @ApiProperty({ nullable: true, type: Number, example: 3.271, description: 'null when the row prints none' }) units: number | null;
  @ApiProperty({ nullable: true, type: Number, example: 1528.3512, description: 'null when the row prints none' }) nav: number | null;
  @ApiProperty({ nullable: true, type: Number, example: 1234.567, description: 'null when the row prints none' }) balance_units: number | null;
}

export class ProgressExtractionsDto {
  @ApiProperty({ type: [ExtractedHoldingDto], description: 'Every holding of every investor, without its transactions' }) holdings: ExtractedHoldingDto[];
  @ApiProperty({ type: [ExtractedTransactionDto] }) transactions: ExtractedTransactionDto[];
}
