import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { GAINS_SHEETS, type GainsSheet } from '../export/gains-export-table.js';

/** `fy` is checked by the service (FINANCIAL_YEAR_INVALID), not here, so its error names the rule. */
export class GainsQueryDto {
  @ApiProperty({ example: '2025-26', description: 'The financial year, YYYY-YY of consecutive years (1 April to 31 March); 2018-19 or later' })
  @IsOptional()
  @IsString()
  @MaxLength(20)
  fy?: string;
}

export const GAINS_EXPORT_FORMATS = ['csv', 'xlsx'] as const;

export class GainsExportQueryDto extends GainsQueryDto {
  @ApiPropertyOptional({ enum: GAINS_EXPORT_FORMATS, default: 'csv', example: 'xlsx' })
  @IsOptional()
  @IsIn(GAINS_EXPORT_FORMATS)
  format: (typeof GAINS_EXPORT_FORMATS)[number] = 'csv';

  @ApiPropertyOptional({
    enum: GAINS_SHEETS,
    default: 'detailed',
    example: 'schedule_112a',
    description: '`detailed`: every realised lot of the year; `schedule_112a`: the long-term lots under section 112A in the columns of the return’s Schedule 112A',
  })
  @IsOptional()
  @IsIn(GAINS_SHEETS)
  sheet: GainsSheet = 'detailed';
}
