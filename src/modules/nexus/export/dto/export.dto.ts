import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { EXPORT_TYPES, FIELD_TYPES, type ExportType } from '../export-fields.js';
import { EXPORT_FORMATS, type ExportFormat } from '../export-renderers.js';

export class ExportFieldsQueryDto {
  @ApiPropertyOptional({
    enum: EXPORT_TYPES,
    default: 'holdings',
    example: 'holdings',
    description: '`holdings`: one row per holding; `underlying`: one row per transaction of each holding',
  })
  @IsOptional()
  @IsIn(EXPORT_TYPES)
  export_type: ExportType = 'holdings';
}

export class ExportQueryDto extends ExportFieldsQueryDto {
  @ApiPropertyOptional({ enum: EXPORT_FORMATS, default: 'csv', example: 'xlsx' })
  @IsOptional()
  @IsIn(EXPORT_FORMATS)
  format: ExportFormat = 'csv';

  @ApiPropertyOptional({
    example: 'isin,scheme_name,units,nav,market_value',
    description: 'Comma-separated field keys (see the fields route): selects and orders the columns. Absent: every field, in catalogue order.',
    maxLength: 2000,
  })
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  fields?: string;

  @ApiPropertyOptional({
    example: 'cli_0a1b2c3d4e5f60718293a4b5',
    description: "Only this client's investors of the statement (404 CLIENT_NOT_FOUND when none is). Absent: every investor; `report.generated` then names the first investor's client in `client_id` and all in `client_ids`.",
  })
  @IsOptional()
  @Matches(/^cli_[0-9a-f]{24}$/, { message: 'client_id must be a client id (cli_…)' })
  client_id?: string;
}

export class ExportFieldDto {
  @ApiProperty({ example: 'market_value', description: 'The key to pass in `fields`; the CSV header and the JSON row property' }) key: string;
  @ApiProperty({ example: 'Market value', description: 'The XLSX header' }) label: string;
  @ApiProperty({
    enum: FIELD_TYPES,
    example: 'money',
    description: '`string`; `date` (ISO yyyy-mm-dd); numbers rounded to `money` 2, `units` 3, `nav` 4, `percent` 2 decimals',
  })
  type: string;
  @ApiProperty({ example: 'Market value as printed on the statement' }) description: string;
}

export class ExportJsonFieldDto {
  @ApiProperty({ example: 'isin' }) key: string;
  @ApiProperty({ example: 'ISIN' }) label: string;
  @ApiProperty({ enum: FIELD_TYPES, example: 'string' }) type: string;
}

/** The body of a `format=json` export (documented here; built by renderJson). */
export class ExportJsonDocumentDto {
  @ApiProperty({ format: 'uuid', example: '5f0c7a1e-8b2d-4c3e-9f4a-6b7c8d9e0f1a' }) report_id: string;
  @ApiProperty({ enum: EXPORT_TYPES, example: 'holdings' }) export_type: string;
  @ApiProperty({ format: 'uuid', example: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d' }) document_id: string;
  @ApiProperty({ format: 'uuid', example: '9b2f6c1e-3d4a-4f5b-8c6d-7e8f9a0b1c2d' }) job_id: string;
  @ApiProperty({ example: '2026-11-22T10:16:02.120Z' }) generated_at: string;
  @ApiProperty({ type: [ExportJsonFieldDto], description: 'The columns, in order' }) fields: ExportJsonFieldDto[];
  @ApiProperty({
    description: 'One object per row, keyed by field key in column order; missing values are null',
    example: [{ isin: 'INF179K01XQ0', scheme_name: 'HDFC Flexi Cap Fund - Direct Plan - Growth', units: 1234.567, nav: 1528.3512, market_value: 1886851.96 }],
    type: 'array',
    items: { type: 'object', additionalProperties: true },
  })
  rows: Array<Record<string, string | number | null>>;
}
