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
/** Said of each figure that may be unknown: the extraction never writes 0 for what it did not read. */
const UNREAD = 'null (never 0) when the statement does not print it or it could not be read, and the validation flags `FIGURE_MISSING`; or when the statement prints it but its own arithmetic or totals refute it, and `refused_figures` says what was printed and why (`FIGURE_REFUTED`)';
/** A printed figure the extraction's guard refused: the holding's field is null. */
export class RefusedFigureDto {
}
__decorate([
    ApiProperty({ enum: ['units', 'nav', 'market_value', 'cost_value'], example: 'nav' }),
    __metadata("design:type", String)
], RefusedFigureDto.prototype, "field", void 0);
__decorate([
    ApiProperty({ type: Number, example: 1, description: 'The figure as printed (read)' }),
    __metadata("design:type", Number)
], RefusedFigureDto.prototype, "printed", void 0);
__decorate([
    ApiProperty({ example: 'units 1234.567 × NAV 1.0000 = 1234.57, but the market value is 1.00; the units are confirmed: the opening balance and the transactions give 1234.567 units', description: 'Why it was refused, in plain words' }),
    __metadata("design:type", String)
], RefusedFigureDto.prototype, "reason", void 0);
/** A second or third holder of a jointly held folio (the first holder is the investor). */
export class JointHolderDto {
}
__decorate([
    ApiProperty({ example: 'Priya Sharma' }),
    __metadata("design:type", String)
], JointHolderDto.prototype, "name", void 0);
__decorate([
    ApiProperty({ nullable: true, type: String, example: 'ABCPS1234K', description: 'PAN as printed, null when none is' }),
    __metadata("design:type", Object)
], JointHolderDto.prototype, "pan", void 0);
/**
 * One holding as the extraction result and the completed process's `extractions` show it (documented
 * here; the pipeline writes it). Fields the pipeline adds beside these are kept.
 */
export class ExtractedHoldingDto {
}
__decorate([
    ApiProperty({ example: 'HDFC Flexi Cap Fund - Direct Plan - Growth', description: 'Scheme (or security) name as printed' }),
    __metadata("design:type", String)
], ExtractedHoldingDto.prototype, "scheme_name", void 0);
__decorate([
    ApiProperty({ example: 'INF179K01XQ0' }),
    __metadata("design:type", String)
], ExtractedHoldingDto.prototype, "isin", void 0);
__decorate([
    ApiProperty({ nullable: true, type: Number, example: 1234.567, description: `Closing units (or shares); ${UNREAD}` }),
    __metadata("design:type", Object)
], ExtractedHoldingDto.prototype, "units", void 0);
__decorate([
    ApiProperty({ nullable: true, type: Number, example: 1528.3512, description: `NAV per unit (market price for listed securities); ${UNREAD}` }),
    __metadata("design:type", Object)
], ExtractedHoldingDto.prototype, "nav", void 0);
__decorate([
    ApiProperty({ nullable: true, type: Number, example: 1886851.96, description: `Market value; ${UNREAD}. Totals and allocation leave such a holding out and say how many they left out` }),
    __metadata("design:type", Object)
], ExtractedHoldingDto.prototype, "market_value", void 0);
__decorate([
    ApiProperty({ nullable: true, enum: ['Equity', 'Debt', 'Hybrid', 'Other'], example: 'Equity' }),
    __metadata("design:type", Object)
], ExtractedHoldingDto.prototype, "asset_class", void 0);
__decorate([
    ApiProperty({ nullable: true, type: String, example: '1234567 / 89', description: 'Folio; null for demat holdings' }),
    __metadata("design:type", Object)
], ExtractedHoldingDto.prototype, "folio", void 0);
__decorate([
    ApiProperty({ nullable: true, type: String, example: 'HDFC Mutual Fund' }),
    __metadata("design:type", Object)
], ExtractedHoldingDto.prototype, "amc", void 0);
__decorate([
    ApiProperty({ nullable: true, type: Number, example: 1500000, description: 'Cost value as printed; null when the statement prints none' }),
    __metadata("design:type", Object)
], ExtractedHoldingDto.prototype, "cost_value", void 0);
__decorate([
    ApiProperty({ nullable: true, type: Number, example: 1100, description: 'Units at the start of the period (detailed statements)' }),
    __metadata("design:type", Object)
], ExtractedHoldingDto.prototype, "opening_units", void 0);
__decorate([
    ApiProperty({ nullable: true, enum: ['Direct', 'Regular'], example: 'Direct' }),
    __metadata("design:type", Object)
], ExtractedHoldingDto.prototype, "plan", void 0);
__decorate([
    ApiProperty({ nullable: true, enum: ['Growth', 'IDCW'], example: 'Growth' }),
    __metadata("design:type", Object)
], ExtractedHoldingDto.prototype, "option", void 0);
__decorate([
    ApiProperty({ example: 2, description: 'Page of the statement the holding is printed on' }),
    __metadata("design:type", Number)
], ExtractedHoldingDto.prototype, "page", void 0);
__decorate([
    ApiPropertyOptional({ nullable: true, type: String, example: '2025-09-30', description: 'Date of the NAV or price (ISO), when printed' }),
    __metadata("design:type", Object)
], ExtractedHoldingDto.prototype, "nav_date", void 0);
__decorate([
    ApiPropertyOptional({ nullable: true, type: String, example: 'IN300126 / 12345678', description: 'Demat account holding it' }),
    __metadata("design:type", Object)
], ExtractedHoldingDto.prototype, "account_id", void 0);
__decorate([
    ApiPropertyOptional({
        nullable: true,
        enum: ['equity', 'etf', 'mutual_fund', 'gold_bond', 'corporate_bond', 'government_security'],
        example: 'government_security',
        description: "Kind of security, when a depository statement's section names it",
    }),
    __metadata("design:type", Object)
], ExtractedHoldingDto.prototype, "instrument", void 0);
__decorate([
    ApiPropertyOptional({
        nullable: true,
        type: Number,
        example: 100,
        description: 'Face value of one unit as printed; for a bond or government security, units is the quantity printed and nav the market price of one unit',
    }),
    __metadata("design:type", Object)
], ExtractedHoldingDto.prototype, "face_value", void 0);
__decorate([
    ApiPropertyOptional({ type: Number, example: 1531.02, description: 'Latest NAV from the market-data source, when on and known' }),
    __metadata("design:type", Number)
], ExtractedHoldingDto.prototype, "latest_nav", void 0);
__decorate([
    ApiPropertyOptional({ type: Number, example: 1890124.67, description: 'Units × the latest NAV; absent when the units are unknown' }),
    __metadata("design:type", Number)
], ExtractedHoldingDto.prototype, "latest_market_value", void 0);
__decorate([
    ApiPropertyOptional({ type: [RefusedFigureDto], description: 'Printed figures the statement itself refutes, each null above; absent when every figure stood' }),
    __metadata("design:type", Array)
], ExtractedHoldingDto.prototype, "refused_figures", void 0);
__decorate([
    ApiPropertyOptional({ type: [JointHolderDto], description: 'Other holders of a jointly held folio, in print order; absent when none is printed' }),
    __metadata("design:type", Array)
], ExtractedHoldingDto.prototype, "joint_holders", void 0);
__decorate([
    ApiPropertyOptional({ type: [String], example: ['Meera Sharma'], description: 'Nominees of the folio (names); empty when printed "Not registered", absent when not printed' }),
    __metadata("design:type", Array)
], ExtractedHoldingDto.prototype, "nominees", void 0);
/** One transaction of a completed process's `extractions`, with the ISIN of its holding. */
export class ExtractedTransactionDto {
}
__decorate([
    ApiProperty({ example: 'INF179K01XQ0' }),
    __metadata("design:type", String)
], ExtractedTransactionDto.prototype, "isin", void 0);
__decorate([
    ApiProperty({ example: '2025-04-10', description: 'ISO yyyy-mm-dd' }),
    __metadata("design:type", String)
], ExtractedTransactionDto.prototype, "date", void 0);
__decorate([
    ApiProperty({ example: 'sip_purchase', description: 'What the row is, from one vocabulary (docs/extraction.md)' }),
    __metadata("design:type", String)
], ExtractedTransactionDto.prototype, "type", void 0);
__decorate([
    ApiProperty({ example: 'SIP Purchase - Instalment 3/60', description: 'As printed' }),
    __metadata("design:type", String)
], ExtractedTransactionDto.prototype, "description", void 0);
__decorate([
    ApiProperty({ nullable: true, type: Number, example: 5000, description: 'null when the row prints none' }),
    __metadata("design:type", Object)
], ExtractedTransactionDto.prototype, "amount", void 0);
__decorate([
    ApiProperty({ nullable: true, type: Number, example: 3.271, description: 'null when the row prints none' }),
    __metadata("design:type", Object)
], ExtractedTransactionDto.prototype, "units", void 0);
__decorate([
    ApiProperty({ nullable: true, type: Number, example: 1528.3512, description: 'null when the row prints none' }),
    __metadata("design:type", Object)
], ExtractedTransactionDto.prototype, "nav", void 0);
__decorate([
    ApiProperty({ nullable: true, type: Number, example: 1234.567, description: 'null when the row prints none' }),
    __metadata("design:type", Object)
], ExtractedTransactionDto.prototype, "balance_units", void 0);
export class ProgressExtractionsDto {
}
__decorate([
    ApiProperty({ type: [ExtractedHoldingDto], description: 'Every holding of every investor, without its transactions' }),
    __metadata("design:type", Array)
], ProgressExtractionsDto.prototype, "holdings", void 0);
__decorate([
    ApiProperty({ type: [ExtractedTransactionDto] }),
    __metadata("design:type", Array)
], ProgressExtractionsDto.prototype, "transactions", void 0);
//# sourceMappingURL=holding.dto.js.map