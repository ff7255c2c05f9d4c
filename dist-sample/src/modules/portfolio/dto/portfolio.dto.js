var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var __metadata = (this && this.__metadata) || function (k, v) {
    if (typeof Reflect === "object" && typeof Reflect.metadata === "function") return Reflect.metadata(k, v);
};
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsISO8601, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { PageQueryDto, PaginatedMetaDto } from '../../../common/http/pagination.js';
import { TRANSACTION_TYPES } from '../../extraction/index.js';
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const trimmed = ({ value }) => (typeof value === 'string' ? value.trim() : value);
const upperTrimmed = ({ value }) => (typeof value === 'string' ? value.trim().toUpperCase() : value);
export class PortfolioQueryDto {
}
__decorate([
    ApiPropertyOptional({ example: '2025-03-31', description: 'YYYY-MM-DD: only statements dated on or before it count. All statements when absent.' }),
    IsOptional(),
    Matches(DATE, { message: 'as_of must be a date YYYY-MM-DD' }),
    IsISO8601({ strict: true }, { message: 'as_of must be a date YYYY-MM-DD' }),
    __metadata("design:type", String)
], PortfolioQueryDto.prototype, "as_of", void 0);
export class TransactionsQueryDto extends PageQueryDto {
}
__decorate([
    ApiPropertyOptional({ example: '1234567/89', description: 'Only this folio (spaces and case aside)' }),
    IsOptional(),
    Transform(trimmed),
    IsString(),
    MaxLength(40),
    __metadata("design:type", String)
], TransactionsQueryDto.prototype, "folio", void 0);
__decorate([
    ApiPropertyOptional({ example: 'INF179K01BB8' }),
    IsOptional(),
    Transform(upperTrimmed),
    Matches(/^[A-Z]{2}[A-Z0-9]{9}\d$/, { message: 'isin must be an ISIN (12 characters)' }),
    __metadata("design:type", String)
], TransactionsQueryDto.prototype, "isin", void 0);
__decorate([
    ApiPropertyOptional({ enum: TRANSACTION_TYPES, example: 'sip_purchase' }),
    IsOptional(),
    IsIn(TRANSACTION_TYPES),
    __metadata("design:type", String)
], TransactionsQueryDto.prototype, "type", void 0);
__decorate([
    ApiPropertyOptional({ example: '2024-04-01', description: 'YYYY-MM-DD, inclusive' }),
    IsOptional(),
    Matches(DATE, { message: 'from must be a date YYYY-MM-DD' }),
    IsISO8601({ strict: true }, { message: 'from must be a date YYYY-MM-DD' }),
    __metadata("design:type", String)
], TransactionsQueryDto.prototype, "from", void 0);
__decorate([
    ApiPropertyOptional({ example: '2025-03-31', description: 'YYYY-MM-DD, inclusive' }),
    IsOptional(),
    Matches(DATE, { message: 'to must be a date YYYY-MM-DD' }),
    IsISO8601({ strict: true }, { message: 'to must be a date YYYY-MM-DD' }),
    __metadata("design:type", String)
], TransactionsQueryDto.prototype, "to", void 0);
export class SourceRefDto {
}
__decorate([
    ApiProperty({ example: '6f1c2d3e-4b5a-4978-8695-a4b3c2d1e0f9' }),
    __metadata("design:type", String)
], SourceRefDto.prototype, "document_id", void 0);
__decorate([
    ApiProperty({ example: 'CAMS_DETAILED_CAS', description: "The statement's class code" }),
    __metadata("design:type", String)
], SourceRefDto.prototype, "document_type", void 0);
__decorate([
    ApiProperty({ example: '2025-03-31', nullable: true, type: String, description: 'The end of the statement period' }),
    __metadata("design:type", Object)
], SourceRefDto.prototype, "statement_date", void 0);
export class PositionSourceDto extends SourceRefDto {
}
__decorate([
    ApiProperty({ example: '2025-03-31', nullable: true, type: String, description: 'The date of the NAV or price the value uses' }),
    __metadata("design:type", Object)
], PositionSourceDto.prototype, "valuation_date", void 0);
export class PositionFlagDto {
}
__decorate([
    ApiProperty({ enum: ['SOURCES_DISAGREE', 'FIGURE_MISSING', 'HISTORY_GAP'], example: 'HISTORY_GAP' }),
    __metadata("design:type", String)
], PositionFlagDto.prototype, "code", void 0);
__decorate([
    ApiProperty({ example: 'No statement covers the transactions from 2025-01-01 to 2025-01-31' }),
    __metadata("design:type", String)
], PositionFlagDto.prototype, "message", void 0);
__decorate([
    ApiPropertyOptional({ type: [String], example: ['units', 'market_value'], description: 'SOURCES_DISAGREE, FIGURE_MISSING: the figures concerned' }),
    __metadata("design:type", Array)
], PositionFlagDto.prototype, "fields", void 0);
__decorate([
    ApiPropertyOptional({ type: [String], example: ['6f1c2d3e-4b5a-4978-8695-a4b3c2d1e0f9'], description: 'SOURCES_DISAGREE: the statements of that date, the one used first' }),
    __metadata("design:type", Array)
], PositionFlagDto.prototype, "document_ids", void 0);
__decorate([
    ApiPropertyOptional({ example: '2025-01-01', description: 'HISTORY_GAP: the first missing day' }),
    __metadata("design:type", String)
], PositionFlagDto.prototype, "from", void 0);
__decorate([
    ApiPropertyOptional({ example: '2025-01-31', description: 'HISTORY_GAP: the last missing day' }),
    __metadata("design:type", String)
], PositionFlagDto.prototype, "to", void 0);
export class PositionHistoryDto {
}
__decorate([
    ApiProperty({ enum: ['FULL_HISTORY', 'PARTIAL_HISTORY', 'SNAPSHOT_ONLY', 'MISMATCH'], example: 'PARTIAL_HISTORY' }),
    __metadata("design:type", String)
], PositionHistoryDto.prototype, "status", void 0);
__decorate([
    ApiProperty({ example: '2024-04-01', nullable: true, type: String }),
    __metadata("design:type", Object)
], PositionHistoryDto.prototype, "covered_from", void 0);
__decorate([
    ApiProperty({ example: '2025-03-31', nullable: true, type: String }),
    __metadata("design:type", Object)
], PositionHistoryDto.prototype, "covered_to", void 0);
__decorate([
    ApiProperty({ example: 6, description: 'Rows of the merged history' }),
    __metadata("design:type", Number)
], PositionHistoryDto.prototype, "transactions", void 0);
__decorate([
    ApiProperty({ example: 1523.417, nullable: true, type: Number, description: 'Earliest opening balance plus every merged row' }),
    __metadata("design:type", Object)
], PositionHistoryDto.prototype, "rebuilt_units", void 0);
export class InvestorDto {
}
__decorate([
    ApiProperty({ example: 'Priya Sharma', nullable: true, type: String }),
    __metadata("design:type", Object)
], InvestorDto.prototype, "name", void 0);
__decorate([
    ApiProperty({ example: 'ABCPS1234K', nullable: true, type: String }),
    __metadata("design:type", Object)
], InvestorDto.prototype, "pan", void 0);
export class PositionDto {
}
__decorate([
    ApiProperty({ example: 'ABCPS1234K|folio:1234567/89|INF179K01BB8', description: 'Identity: investor, folio or demat account, ISIN' }),
    __metadata("design:type", String)
], PositionDto.prototype, "id", void 0);
__decorate([
    ApiProperty({ enum: ['folio', 'demat'], example: 'folio' }),
    __metadata("design:type", String)
], PositionDto.prototype, "kind", void 0);
__decorate([
    ApiProperty({ type: InvestorDto }),
    __metadata("design:type", InvestorDto)
], PositionDto.prototype, "investor", void 0);
__decorate([
    ApiProperty({ example: '1234567 / 89', nullable: true, type: String }),
    __metadata("design:type", Object)
], PositionDto.prototype, "folio", void 0);
__decorate([
    ApiProperty({ example: null, nullable: true, type: String, description: 'DP id + client id, or the BO id' }),
    __metadata("design:type", Object)
], PositionDto.prototype, "account_id", void 0);
__decorate([
    ApiProperty({ example: 'INF179K01BB8' }),
    __metadata("design:type", String)
], PositionDto.prototype, "isin", void 0);
__decorate([
    ApiProperty({ example: 'HDFC Flexi Cap Fund - Direct Plan - Growth' }),
    __metadata("design:type", String)
], PositionDto.prototype, "scheme_name", void 0);
__decorate([
    ApiProperty({ example: 'HDFC Mutual Fund', nullable: true, type: String }),
    __metadata("design:type", Object)
], PositionDto.prototype, "amc", void 0);
__decorate([
    ApiProperty({ enum: ['Equity', 'Debt', 'Hybrid', 'Other'], example: 'Equity', nullable: true }),
    __metadata("design:type", Object)
], PositionDto.prototype, "asset_class", void 0);
__decorate([
    ApiProperty({ example: 1523.417, nullable: true, type: Number, description: 'Null when the statement does not print it (FIGURE_MISSING), never 0' }),
    __metadata("design:type", Object)
], PositionDto.prototype, "units", void 0);
__decorate([
    ApiProperty({ example: 1834.2151, nullable: true, type: Number }),
    __metadata("design:type", Object)
], PositionDto.prototype, "nav", void 0);
__decorate([
    ApiProperty({ example: 2794313.82, nullable: true, type: Number }),
    __metadata("design:type", Object)
], PositionDto.prototype, "market_value", void 0);
__decorate([
    ApiProperty({ example: 2300000, nullable: true, type: Number }),
    __metadata("design:type", Object)
], PositionDto.prototype, "cost_value", void 0);
__decorate([
    ApiProperty({ example: 14.27, nullable: true, type: Number, description: 'Annualised, percent, over the history reaching this balance' }),
    __metadata("design:type", Object)
], PositionDto.prototype, "xirr", void 0);
__decorate([
    ApiProperty({ example: null, nullable: true, type: String }),
    __metadata("design:type", Object)
], PositionDto.prototype, "xirr_reason", void 0);
__decorate([
    ApiProperty({ type: PositionSourceDto }),
    __metadata("design:type", PositionSourceDto)
], PositionDto.prototype, "source", void 0);
__decorate([
    ApiProperty({ type: [SourceRefDto], description: 'Every counted statement showing the position, newest first' }),
    __metadata("design:type", Array)
], PositionDto.prototype, "seen_in", void 0);
__decorate([
    ApiProperty({ type: PositionHistoryDto }),
    __metadata("design:type", PositionHistoryDto)
], PositionDto.prototype, "history", void 0);
__decorate([
    ApiProperty({ type: [PositionFlagDto] }),
    __metadata("design:type", Array)
], PositionDto.prototype, "flags", void 0);
export class AllocationDto {
}
__decorate([
    ApiProperty({ example: 72.5 }),
    __metadata("design:type", Number)
], AllocationDto.prototype, "equity", void 0);
__decorate([
    ApiProperty({ example: 20.25 }),
    __metadata("design:type", Number)
], AllocationDto.prototype, "debt", void 0);
__decorate([
    ApiProperty({ example: 7.25 }),
    __metadata("design:type", Number)
], AllocationDto.prototype, "hybrid", void 0);
__decorate([
    ApiProperty({ example: 0 }),
    __metadata("design:type", Number)
], AllocationDto.prototype, "other", void 0);
export class KnownFiguresDto {
}
__decorate([
    ApiProperty({ example: 10, description: 'Valued holdings whose cost is known (printed, or valued at 0): the figures below are theirs' }),
    __metadata("design:type", Number)
], KnownFiguresDto.prototype, "holdings_with_cost", void 0);
__decorate([
    ApiProperty({ example: 3950311.4, description: 'Market value of those holdings' }),
    __metadata("design:type", Number)
], KnownFiguresDto.prototype, "market_value", void 0);
__decorate([
    ApiProperty({ example: 3300000, description: 'Their cost' }),
    __metadata("design:type", Number)
], KnownFiguresDto.prototype, "cost_value", void 0);
__decorate([
    ApiProperty({ example: 650311.4, description: 'Their gain (market value − cost)' }),
    __metadata("design:type", Number)
], KnownFiguresDto.prototype, "gain", void 0);
__decorate([
    ApiProperty({ example: 13.8, nullable: true, type: Number, description: 'XIRR, percent, of the holdings whose cash flows are known' }),
    __metadata("design:type", Object)
], KnownFiguresDto.prototype, "xirr", void 0);
__decorate([
    ApiProperty({ example: 9, description: 'Holdings counted in that XIRR' }),
    __metadata("design:type", Number)
], KnownFiguresDto.prototype, "xirr_holdings", void 0);
__decorate([
    ApiProperty({ example: 12, description: 'Holdings an XIRR takes part in (valued, or with transactions)' }),
    __metadata("design:type", Number)
], KnownFiguresDto.prototype, "xirr_holdings_of", void 0);
export class PortfolioFiguresDto {
}
__decorate([
    ApiProperty({ example: 4520311.4, description: 'Sum of the known market values' }),
    __metadata("design:type", Number)
], PortfolioFiguresDto.prototype, "total_market_value", void 0);
__decorate([
    ApiProperty({ example: 3800000, nullable: true, type: Number, description: 'Null unless every valued position prints a cost' }),
    __metadata("design:type", Object)
], PortfolioFiguresDto.prototype, "total_cost_value", void 0);
__decorate([
    ApiProperty({ example: 720311.4, nullable: true, type: Number }),
    __metadata("design:type", Object)
], PortfolioFiguresDto.prototype, "gain", void 0);
__decorate([
    ApiProperty({ example: 18.96, nullable: true, type: Number }),
    __metadata("design:type", Object)
], PortfolioFiguresDto.prototype, "gain_pct", void 0);
__decorate([
    ApiProperty({ type: AllocationDto, description: 'Percent of the valued positions’ market value, adding up to 100.00' }),
    __metadata("design:type", AllocationDto)
], PortfolioFiguresDto.prototype, "asset_allocation", void 0);
__decorate([
    ApiProperty({ example: 12 }),
    __metadata("design:type", Number)
], PortfolioFiguresDto.prototype, "holdings_valued", void 0);
__decorate([
    ApiProperty({ example: 0 }),
    __metadata("design:type", Number)
], PortfolioFiguresDto.prototype, "holdings_without_value", void 0);
__decorate([
    ApiProperty({ example: null, nullable: true, type: Number }),
    __metadata("design:type", Object)
], PortfolioFiguresDto.prototype, "xirr", void 0);
__decorate([
    ApiProperty({ example: 'NO_TRANSACTIONS', nullable: true, type: String }),
    __metadata("design:type", Object)
], PortfolioFiguresDto.prototype, "xirr_reason", void 0);
__decorate([
    ApiProperty({
        type: KnownFiguresDto,
        description: 'The same figures over the holdings where each is known, with how many those are: where a total above is null because one holding lacks a figure, this says what the rest come to',
    }),
    __metadata("design:type", KnownFiguresDto)
], PortfolioFiguresDto.prototype, "known", void 0);
export class PortfolioDto {
}
__decorate([
    ApiProperty({ example: '2025-03-31', nullable: true, type: String, description: 'The as_of asked for' }),
    __metadata("design:type", Object)
], PortfolioDto.prototype, "as_of", void 0);
__decorate([
    ApiProperty({ example: '2025-03-31', nullable: true, type: String, description: 'The newest statement date counted' }),
    __metadata("design:type", Object)
], PortfolioDto.prototype, "statement_date", void 0);
__decorate([
    ApiProperty({ type: PortfolioFiguresDto }),
    __metadata("design:type", PortfolioFiguresDto)
], PortfolioDto.prototype, "totals", void 0);
__decorate([
    ApiProperty({ type: [PositionDto] }),
    __metadata("design:type", Array)
], PortfolioDto.prototype, "positions", void 0);
__decorate([
    ApiProperty({ type: [SourceRefDto], description: 'The statements used, newest first (opening one follows the document owner rule)' }),
    __metadata("design:type", Array)
], PortfolioDto.prototype, "documents", void 0);
export class ClientPortfolioDto extends PortfolioDto {
}
__decorate([
    ApiProperty({ example: 'cli_0a1b2c3d4e5f60718293a4b5' }),
    __metadata("design:type", String)
], ClientPortfolioDto.prototype, "client_id", void 0);
export class HouseholdMemberFiguresDto {
}
__decorate([
    ApiProperty({ example: 'cli_0a1b2c3d4e5f60718293a4b5' }),
    __metadata("design:type", String)
], HouseholdMemberFiguresDto.prototype, "client_id", void 0);
__decorate([
    ApiProperty({ example: 'Priya Sharma', nullable: true, type: String }),
    __metadata("design:type", Object)
], HouseholdMemberFiguresDto.prototype, "name", void 0);
__decorate([
    ApiProperty({ example: 'self' }),
    __metadata("design:type", String)
], HouseholdMemberFiguresDto.prototype, "relationship", void 0);
__decorate([
    ApiProperty({ example: 8 }),
    __metadata("design:type", Number)
], HouseholdMemberFiguresDto.prototype, "positions", void 0);
__decorate([
    ApiProperty({ type: PortfolioFiguresDto }),
    __metadata("design:type", PortfolioFiguresDto)
], HouseholdMemberFiguresDto.prototype, "totals", void 0);
export class HouseholdPortfolioDto extends PortfolioDto {
}
__decorate([
    ApiProperty({ example: 'hh_5e6f7a8b9c0d1e2f3a4b5c6d' }),
    __metadata("design:type", String)
], HouseholdPortfolioDto.prototype, "household_id", void 0);
__decorate([
    ApiProperty({ type: [HouseholdMemberFiguresDto] }),
    __metadata("design:type", Array)
], HouseholdPortfolioDto.prototype, "members", void 0);
export class PortfolioTransactionDto {
}
__decorate([
    ApiProperty({ example: 'ABCPS1234K|folio:1234567/89|INF179K01BB8' }),
    __metadata("design:type", String)
], PortfolioTransactionDto.prototype, "position_id", void 0);
__decorate([
    ApiProperty({ example: '1234567 / 89', nullable: true, type: String }),
    __metadata("design:type", Object)
], PortfolioTransactionDto.prototype, "folio", void 0);
__decorate([
    ApiProperty({ example: null, nullable: true, type: String }),
    __metadata("design:type", Object)
], PortfolioTransactionDto.prototype, "account_id", void 0);
__decorate([
    ApiProperty({ example: 'INF179K01BB8' }),
    __metadata("design:type", String)
], PortfolioTransactionDto.prototype, "isin", void 0);
__decorate([
    ApiProperty({ example: 'HDFC Flexi Cap Fund - Direct Plan - Growth' }),
    __metadata("design:type", String)
], PortfolioTransactionDto.prototype, "scheme_name", void 0);
__decorate([
    ApiProperty({ example: '2024-05-10' }),
    __metadata("design:type", String)
], PortfolioTransactionDto.prototype, "date", void 0);
__decorate([
    ApiProperty({ enum: TRANSACTION_TYPES, example: 'sip_purchase' }),
    __metadata("design:type", String)
], PortfolioTransactionDto.prototype, "type", void 0);
__decorate([
    ApiProperty({ example: 'SIP Purchase - Instalment 3/12' }),
    __metadata("design:type", String)
], PortfolioTransactionDto.prototype, "description", void 0);
__decorate([
    ApiProperty({ example: 5000, nullable: true, type: Number }),
    __metadata("design:type", Object)
], PortfolioTransactionDto.prototype, "amount", void 0);
__decorate([
    ApiProperty({ example: 2.731, nullable: true, type: Number }),
    __metadata("design:type", Object)
], PortfolioTransactionDto.prototype, "units", void 0);
__decorate([
    ApiProperty({ example: 1830.5, nullable: true, type: Number }),
    __metadata("design:type", Object)
], PortfolioTransactionDto.prototype, "nav", void 0);
__decorate([
    ApiProperty({ example: 1512.004, nullable: true, type: Number }),
    __metadata("design:type", Object)
], PortfolioTransactionDto.prototype, "balance_units", void 0);
__decorate([
    ApiProperty({ type: [String], example: ['6f1c2d3e-4b5a-4978-8695-a4b3c2d1e0f9'], description: 'Statements printing the row, newest first' }),
    __metadata("design:type", Array)
], PortfolioTransactionDto.prototype, "document_ids", void 0);
export class PortfolioTransactionPageDto extends PaginatedMetaDto {
}
__decorate([
    ApiProperty({ type: [PortfolioTransactionDto] }),
    __metadata("design:type", Array)
], PortfolioTransactionPageDto.prototype, "items", void 0);
//# sourceMappingURL=portfolio.dto.js.map