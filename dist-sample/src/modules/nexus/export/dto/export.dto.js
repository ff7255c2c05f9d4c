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
import { IsIn, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { EXPORT_TYPES, FIELD_TYPES } from '../export-fields.js';
import { EXPORT_FORMATS } from '../export-renderers.js';
export class ExportFieldsQueryDto {
    constructor() {
        this.export_type = 'holdings';
    }
}
__decorate([
    ApiPropertyOptional({
        enum: EXPORT_TYPES,
        default: 'holdings',
        example: 'holdings',
        description: '`holdings`: one row per holding; `underlying`: one row per transaction of each holding',
    }),
    IsOptional(),
    IsIn(EXPORT_TYPES),
    __metadata("design:type", String)
], ExportFieldsQueryDto.prototype, "export_type", void 0);
export class ExportQueryDto extends ExportFieldsQueryDto {
    constructor() {
        super(...arguments);
        this.format = 'csv';
    }
}
__decorate([
    ApiPropertyOptional({ enum: EXPORT_FORMATS, default: 'csv', example: 'xlsx' }),
    IsOptional(),
    IsIn(EXPORT_FORMATS),
    __metadata("design:type", String)
], ExportQueryDto.prototype, "format", void 0);
__decorate([
    ApiPropertyOptional({
        example: 'isin,scheme_name,units,nav,market_value',
        description: 'Comma-separated field keys (see the fields route): selects and orders the columns. Absent: every field, in catalogue order.',
        maxLength: 2000,
    }),
    IsOptional(),
    IsString(),
    MaxLength(2000),
    __metadata("design:type", String)
], ExportQueryDto.prototype, "fields", void 0);
__decorate([
    ApiPropertyOptional({
        example: 'cli_0a1b2c3d4e5f60718293a4b5',
        description: "Only this client's investors of the statement (404 CLIENT_NOT_FOUND when none is). Absent: every investor; `report.generated` then names the first investor's client in `client_id` and all in `client_ids`.",
    }),
    IsOptional(),
    Matches(/^cli_[0-9a-f]{24}$/, { message: 'client_id must be a client id (cli_…)' }),
    __metadata("design:type", String)
], ExportQueryDto.prototype, "client_id", void 0);
export class ExportFieldDto {
}
__decorate([
    ApiProperty({ example: 'market_value', description: 'The key to pass in `fields`; the CSV header and the JSON row property' }),
    __metadata("design:type", String)
], ExportFieldDto.prototype, "key", void 0);
__decorate([
    ApiProperty({ example: 'Market value', description: 'The XLSX header' }),
    __metadata("design:type", String)
], ExportFieldDto.prototype, "label", void 0);
__decorate([
    ApiProperty({
        enum: FIELD_TYPES,
        example: 'money',
        description: '`string`; `date` (ISO yyyy-mm-dd); numbers rounded to `money` 2, `units` 3, `nav` 4, `percent` 2 decimals',
    }),
    __metadata("design:type", String)
], ExportFieldDto.prototype, "type", void 0);
__decorate([
    ApiProperty({ example: 'Market value as printed on the statement' }),
    __metadata("design:type", String)
], ExportFieldDto.prototype, "description", void 0);
export class ExportJsonFieldDto {
}
__decorate([
    ApiProperty({ example: 'isin' }),
    __metadata("design:type", String)
], ExportJsonFieldDto.prototype, "key", void 0);
__decorate([
    ApiProperty({ example: 'ISIN' }),
    __metadata("design:type", String)
], ExportJsonFieldDto.prototype, "label", void 0);
__decorate([
    ApiProperty({ enum: FIELD_TYPES, example: 'string' }),
    __metadata("design:type", String)
], ExportJsonFieldDto.prototype, "type", void 0);
/** The body of a `format=json` export (documented here; built by renderJson). */
export class ExportJsonDocumentDto {
}
__decorate([
    ApiProperty({ format: 'uuid', example: '5f0c7a1e-8b2d-4c3e-9f4a-6b7c8d9e0f1a' }),
    __metadata("design:type", String)
], ExportJsonDocumentDto.prototype, "report_id", void 0);
__decorate([
    ApiProperty({ enum: EXPORT_TYPES, example: 'holdings' }),
    __metadata("design:type", String)
], ExportJsonDocumentDto.prototype, "export_type", void 0);
__decorate([
    ApiProperty({ format: 'uuid', example: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d' }),
    __metadata("design:type", String)
], ExportJsonDocumentDto.prototype, "document_id", void 0);
__decorate([
    ApiProperty({ format: 'uuid', example: '9b2f6c1e-3d4a-4f5b-8c6d-7e8f9a0b1c2d' }),
    __metadata("design:type", String)
], ExportJsonDocumentDto.prototype, "job_id", void 0);
__decorate([
    ApiProperty({ example: '2026-11-22T10:16:02.120Z' }),
    __metadata("design:type", String)
], ExportJsonDocumentDto.prototype, "generated_at", void 0);
__decorate([
    ApiProperty({ type: [ExportJsonFieldDto], description: 'The columns, in order' }),
    __metadata("design:type", Array)
], ExportJsonDocumentDto.prototype, "fields", void 0);
__decorate([
    ApiProperty({
        description: 'One object per row, keyed by field key in column order; missing values are null',
        example: [{ isin: 'INF179K01XQ0', scheme_name: 'HDFC Flexi Cap Fund - Direct Plan - Growth', units: 1234.567, nav: 1528.3512, market_value: 1886851.96 }],
        type: 'array',
        items: { type: 'object', additionalProperties: true },
    }),
    __metadata("design:type", Array)
], ExportJsonDocumentDto.prototype, "rows", void 0);
//# sourceMappingURL=export.dto.js.map