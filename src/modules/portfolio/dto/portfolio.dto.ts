import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsISO8601, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { PageQueryDto, PaginatedMetaDto } from '../../../common/http/pagination.js';
import { TRANSACTION_TYPES, type TransactionType } from '../../extraction/index.js';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const upperTrimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toUpperCase() : value);


export class PortfolioQueryDto {
  @ApiPropertyOptional({ example: '2025-03-31', description: 'YYYY-MM-DD: only statements dated on or before it count. All statements when absent.' })
  @IsOptional()
  @Matches(DATE, { message: 'as_of must be a date YYYY-MM-DD' })
  @IsISO8601({ strict: true }, { message: 'as_of must be a date YYYY-MM-DD' })
  as_of?: string;
}

export class TransactionsQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ example: '1234567/89', description: 'Only this folio (spaces and case aside)' })
  @IsOptional()
  @Transform(trimmed)
  @IsString()
  @MaxLength(40)
  folio?: string;

  @ApiPropertyOptional({ example: 'INF179K01BB8' })
  @IsOptional()
  @Transform(upperTrimmed)
  @Matches(/^[A-Z]{2}[A-Z0-9]{9}\d$/, { message: 'isin must be an ISIN (12 characters)' })
  isin?: string;

  @ApiPropertyOptional({ enum: TRANSACTION_TYPES, example: 'sip_purchase' })
  @IsOptional()
  @IsIn(TRANSACTION_TYPES)
  type?: TransactionType;

  @ApiPropertyOptional({ example: '2024-04-01', description: 'YYYY-MM-DD, inclusive' })
  @IsOptional()
  @Matches(DATE, { message: 'from must be a date YYYY-MM-DD' })
  @IsISO8601({ strict: true }, { message: 'from must be a date YYYY-MM-DD' })
  from?: string;

  @ApiPropertyOptional({ example: '2025-03-31', description: 'YYYY-MM-DD, inclusive' })
  @IsOptional()
  @Matches(DATE, { message: 'to must be a date YYYY-MM-DD' })
  @IsISO8601({ strict: true }, { message: 'to must be a date YYYY-MM-DD' })
  to?: string;
}

export class SourceRefDto {
  @ApiProperty({ example: '6f1c2d3e-4b5a-4978-8695-a4b3c2d1e0f9' }) document_id: string;
  @ApiProperty({ example: 'CAMS_DETAILED_CAS', description: "The statement's class code" }) document_type: string;
  @ApiProperty({ example: '2025-03-31', nullable: true, type: String, description: 'The end of the statement period' }) statement_date: string | null;
}

export class PositionSourceDto extends SourceRefDto {
  @ApiProperty({ example: '2025-03-31', nullable: true, type: String, description: 'The date of the NAV or price the value uses' }) valuation_date: string | null;
}

export class PositionFlagDto {
  @ApiProperty({ enum: ['SOURCES_DISAGREE', 'FIGURE_MISSING', 'HISTORY_GAP'], example: 'HISTORY_GAP' }) code: string;
  @ApiProperty({ example: 'No statement covers the transactions from 2025-01-01 to 2025-01-31' }) message: string;
  @ApiPropertyOptional({ type: [String], example: ['units', 'market_value'], description: 'SOURCES_DISAGREE, FIGURE_MISSING: the figures concerned' }) fields?: string[];
  @ApiPropertyOptional({ type: [String], example: ['6f1c2d3e-4b5a-4978-8695-a4b3c2d1e0f9'], description: 'SOURCES_DISAGREE: the statements of that date, the one used first' })
  document_ids?: string[];
  @ApiPropertyOptional({ example: '2025-01-01', description: 'HISTORY_GAP: the first missing day' }) from?: string;
  @ApiPropertyOptional({ example: '2025-01-31', description: 'HISTORY_GAP: the last missing day' }) to?: string;
}

export class PositionHistoryDto {
  @ApiProperty({ enum: ['FULL_HISTORY', 'PARTIAL_HISTORY', 'SNAPSHOT_ONLY', 'MISMATCH'], example: 'PARTIAL_HISTORY' }) status: string;
  @ApiProperty({ example: '2024-04-01', nullable: true, type: String }) covered_from: string | null;
  @ApiProperty({ example: '2025-03-31', nullable: true, type: String }) covered_to: string | null;
  @ApiProperty({ example: 6, description: 'Rows of the merged history' }) transactions: number;
  @ApiProperty({ example: 1523.417, nullable: true, type: Number, description: 'Earliest opening balance plus every merged row' }) rebuilt_units: number | null;
}

export class InvestorDto {
  @ApiProperty({ example: 'Priya Sharma', nullable: true, type: String }) name: string | null;
  @ApiProperty({ example: 'ABCPS1234K', nullable: true, type: String }) pan: string | null;
}

export class PositionDto {
  @ApiProperty({ example: 'ABCPS1234K|folio:1234567/89|INF179K01BB8', description: 'Identity: investor, folio or demat account, ISIN' }) id: string;
  @ApiProperty({ enum: ['folio', 'demat'], example: 'folio' }) kind: string;
  @ApiProperty({ type: InvestorDto }) investor: InvestorDto;
  @ApiProperty({ example: '1234567 / 89', nullable: true, type: String }) folio: string | null;
  @ApiProperty({ example: null, nullable: true, type: String, description: 'DP id + client id, or the BO id' }) account_id: string | null;
  @ApiProperty({ example: 'INF179K01BB8' }) isin: string;
  @ApiProperty({ example: 'HDFC Flexi Cap Fund - Direct Plan - Growth' }) scheme_name: string;
  @ApiProperty({ example: 'HDFC Mutual Fund', nullable: true, type: String }) amc: string | null;
  @ApiProperty({ enum: ['Equity', 'Debt', 'Hybrid', 'Other'], example: 'Equity', nullable: true }) asset_class: string | null;
  @ApiProperty({ example: 1523.417, nullable: true, type: Number, description: 'Null when the statement does not print it (FIGURE_MISSING), never 0' }) units: number | null;
  @ApiProperty({ example: 1834.2151, nullable: true, type: Number }) nav: number | null;
  @ApiProperty({ example: 2794313.82, nullable: true, type: Number }) market_value: number | null;
  @ApiProperty({ example: 2300000, nullable: true, type: Number }) cost_value: number | null;
  @ApiProperty({ example: 14.27, nullable: true, type: Number, description: 'Annualised, percent, over the history reaching this balance' }) xirr: number | null;
  @ApiProperty({ example: null, nullable: true, type: String }) xirr_reason: string | null;
  @ApiProperty({ type: PositionSourceDto }) source: PositionSourceDto;
  @ApiProperty({ type: [SourceRefDto], description: 'Every counted statement showing the position, newest first' }) seen_in: SourceRefDto[];
  @ApiProperty({ type: PositionHistoryDto }) history: PositionHistoryDto;
  @ApiProperty({ type: [PositionFlagDto] }) flags: PositionFlagDto[];
}

export class AllocationDto {
  @ApiProperty({ example: 72.5 }) equity: number;
  @ApiProperty({ example: 20.25 }) debt: number;
  @ApiProperty({ example: 7.25 }) hybrid: number;
  @ApiProperty({ example: 0 }) other: number;
}

export class KnownFiguresDto {
  @ApiProperty({ example: 10, description: 'Valued holdings whose cost is known (printed, or valued at 0): the figures below are theirs' }) holdings_with_cost: number;
  @ApiProperty({ example: 3950311.4, description: 'Market value of those holdings' }) market_value: number;
  @ApiProperty({ example: 3300000, description: 'Their cost' }) cost_value: number;
  @ApiProperty({ example: 650311.4, description: 'Their gain (market value − cost)' }) gain: number;
  @ApiProperty({ example: 13.8, nullable: true, type: Number, description: 'XIRR, percent, of the holdings whose cash flows are known' }) xirr: number | null;
  @ApiProperty({ example: 9, description: 'Holdings counted in that XIRR' }) xirr_holdings: number;
  @ApiProperty({ example: 12, description: 'Holdings an XIRR takes part in (valued, or with transactions)' }) xirr_holdings_of: number;
}

export class PortfolioFiguresDto {
  @ApiProperty({ example: 4520311.4, description: 'Sum of the known market values' }) total_market_value: number;
  @ApiProperty({ example: 3800000, nullable: true, type: Number, description: 'Null unless every valued position prints a cost' }) total_cost_value: number | null;
  @ApiProperty({ example: 720311.4, nullable: true, type: Number }) gain: number | null;
  @ApiProperty({ example: 18.96, nullable: true, type: Number }) gain_pct: number | null;
  @ApiProperty({ type: AllocationDto, description: 'Percent of the valued positions’ market value, adding up to 100.00' }) asset_allocation: AllocationDto;
  @ApiProperty({ example: 12 }) holdings_valued: number;
  @ApiProperty({ example: 0 }) holdings_without_value: number;
  @ApiProperty({ example: null, nullable: true, type: Number }) xirr: number | null;
  @ApiProperty({ example: 'NO_TRANSACTIONS', nullable: true, type: String }) xirr_reason: string | null;
  @ApiProperty({
    type: KnownFiguresDto,
    description: 'The same figures over the holdings where each is known, with how many those are: where a total above is null because one holding lacks a figure, this says what the rest come to',
  })
  known: KnownFiguresDto;
}

export class PortfolioDto {
  @ApiProperty({ example: '2025-03-31', nullable: true, type: String, description: 'The as_of asked for' }) as_of: string | null;
  @ApiProperty({ example: '2025-03-31', nullable: true, type: String, description: 'The newest statement date counted' }) statement_date: string | null;
  @ApiProperty({ type: PortfolioFiguresDto }) totals: PortfolioFiguresDto;
  @ApiProperty({ type: [PositionDto] }) positions: PositionDto[];
  @ApiProperty({ type: [SourceRefDto], description: 'The statements used, newest first (opening one follows the document owner rule)' }) documents: SourceRefDto[];
}

export class ClientPortfolioDto extends PortfolioDto {
  @ApiProperty({ example: 'cli_0a1b2c3d4e5f60718293a4b5' }) client_id: string;
}

export class HouseholdMemberFiguresDto {
  @ApiProperty({ example: 'cli_0a1b2c3d4e5f60718293a4b5' }) client_id: string;
  @ApiProperty({ example: 'Priya Sharma', nullable: true, type: String }) name: string | null;
  @ApiProperty({ example: 'self' }) relationship: string;
  @ApiProperty({ example: 8 }) positions: number;
  @ApiProperty({ type: PortfolioFiguresDto }) totals: PortfolioFiguresDto;
}

export class HouseholdPortfolioDto extends PortfolioDto {
  @ApiProperty({ example: 'hh_5e6f7a8b9c0d1e2f3a4b5c6d' }) household_id: string;
  @ApiProperty({ type: [HouseholdMemberFiguresDto] }) members: HouseholdMemberFiguresDto[];
}

export class PortfolioTransactionDto {
  @ApiProperty({ example: 'ABCPS1234K|folio:1234567/89|INF179K01BB8' }) position_id: string;
  @ApiProperty({ example: '1234567 / 89', nullable: true, type: String }) folio: string | null;
  @ApiProperty({ example: null, nullable: true, type: String }) account_id: string | null;
  @ApiProperty({ example: 'INF179K01BB8' }) isin: string;
  @ApiProperty({ example: 'HDFC Flexi Cap Fund - Direct Plan - Growth' }) scheme_name: string;
  @ApiProperty({ example: '2024-05-10' }) date: string;
  @ApiProperty({ enum: TRANSACTION_TYPES, example: 'sip_purchase' }) type: string;
  @ApiProperty({ example: 'SIP Purchase - Instalment 3/12' }) description: string;
  @ApiProperty({ example: 5000, nullable: true, type: Number }) amount: number | null;
  @ApiProperty({ example: 2.731, nullable: true, type: Number }) units: number | null;
  @ApiProperty({ example: 1830.5, nullable: true, type: Number }) nav: number | null;
  @ApiProperty({ example: 1512.004, nullable: true, type: Number }) balance_units: number | null;
  @ApiProperty({ type: [String], example: ['6f1c2d3e-4b5a-4978-8695-a4b3c2d1e0f9'], description: 'Statements printing the row, newest first' }) document_ids: string[];
}

export class PortfolioTransactionPageDto extends PaginatedMetaDto {
  @ApiProperty({ type: [PortfolioTransactionDto] }) items: PortfolioTransactionDto[];
}
