import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsISO8601, IsOptional, Matches, Validate, ValidatorConstraint, type ValidatorConstraintInterface } from 'class-validator';
import { REPORT_STATUSES } from '../../nexus/index.js';

/** A client's report types, requested at `POST /clients/{id}/reports`. */
export const CLIENT_REPORT_TYPES = ['client_summary'] as const;
export type ClientReportType = (typeof CLIENT_REPORT_TYPES)[number];
/** A household's, requested at `POST /households/{id}/reports`. */
export const HOUSEHOLD_REPORT_TYPES = ['household_summary'] as const;
export type HouseholdReportType = (typeof HOUSEHOLD_REPORT_TYPES)[number];
/** Every report read back at `/api/v1/reports/{report_id}`. */
export const REPORT_TYPES = [...CLIENT_REPORT_TYPES, ...HOUSEHOLD_REPORT_TYPES] as const;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Who a copy is for. */
export const REPORT_AUDIENCES = ['client', 'adviser'] as const;
export type ReportAudienceName = (typeof REPORT_AUDIENCES)[number];

/** `2025-26`: a financial year, the second part the year after the first. */
@ValidatorConstraint({ name: 'financialYear' })
class FinancialYear implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    if (typeof value !== 'string') return false;
    const m = /^(\d{4})-(\d{2})$/.exec(value);
    return m !== null && (Number(m[1]) + 1) % 100 === Number(m[2]);
  }

  defaultMessage(): string {
    return 'fy must be a financial year like 2025-26';
  }
}

/** What a report covers: the period, whoever it is about. */
class ReportPeriodDto {
  @ApiPropertyOptional({
    example: '2025-03-31',
    description: 'YYYY-MM-DD: only statements dated on or before it count, as for the portfolio. Absent: every statement, and the report is as of the newest one (with `fy` too).',
  })
  @IsOptional()
  @Matches(DATE, { message: 'as_of must be a date YYYY-MM-DD' })
  @IsISO8601({ strict: true }, { message: 'as_of must be a date YYYY-MM-DD' })
  as_of?: string;

  @ApiPropertyOptional({ example: '2024-25', description: "The financial year whose sales and realised gains the report shows (1 April to 31 March). Absent: the year of the report's date." })
  @IsOptional()
  @Validate(FinancialYear)
  fy?: string;

  @ApiPropertyOptional({
    enum: REPORT_AUDIENCES,
    example: 'client',
    description: "`client` (default): the pages the client reads. `adviser`: the same pages, then a page for the adviser with what the statements leave unknown, stale or assumed.",
  })
  @IsOptional()
  @IsIn(REPORT_AUDIENCES, { message: `audience must be one of: ${REPORT_AUDIENCES.join(', ')}` })
  audience?: ReportAudienceName;
}

export class CreateClientReportDto extends ReportPeriodDto {
  @ApiProperty({ enum: CLIENT_REPORT_TYPES, example: 'client_summary', description: 'What the report holds; `client_summary` is the portfolio report a firm sends its client (docs/reports.md)' })
  @IsIn(CLIENT_REPORT_TYPES, { message: `report_type must be one of: ${CLIENT_REPORT_TYPES.join(', ')}` })
  report_type: ClientReportType;
}

export class CreateHouseholdReportDto extends ReportPeriodDto {
  @ApiProperty({
    enum: HOUSEHOLD_REPORT_TYPES,
    example: 'household_summary',
    description: "What the report holds; `household_summary` is the household's consolidated portfolio report with each member's figures (docs/reports.md)",
  })
  @IsIn(HOUSEHOLD_REPORT_TYPES, { message: `report_type must be one of: ${HOUSEHOLD_REPORT_TYPES.join(', ')}` })
  report_type: HouseholdReportType;
}

export class ClientReportParamsDto {
  @ApiProperty({ example: '2025-03-31', nullable: true, type: String }) as_of: string | null;
  @ApiProperty({ example: '2024-25', nullable: true, type: String }) fy: string | null;
  @ApiProperty({ enum: REPORT_AUDIENCES, example: 'client' }) audience: ReportAudienceName;
}

export class ClientReportErrorDto {
  @ApiProperty({ example: 'REPORT_GENERATION_FAILED', description: 'A code of docs/errors.md' }) code: string;
  @ApiProperty({ example: 'The report could not be made' }) message: string;
}

export class ClientReportLinksDto {
  @ApiProperty({ example: 'https://foliodesk.example.com/api/v1/reports/5f0c7a1e-8b2d-4c3e-9f4a-6b7c8d9e0f1a', description: 'GET: the status' }) status: string;
  @ApiProperty({ example: 'https://foliodesk.example.com/api/v1/reports/5f0c7a1e-8b2d-4c3e-9f4a-6b7c8d9e0f1a/file', description: 'GET: the PDF (409 REPORT_NOT_READY until `completed`)' }) file: string;
}

export class ClientReportDto {
  @ApiProperty({ example: '5f0c7a1e-8b2d-4c3e-9f4a-6b7c8d9e0f1a', format: 'uuid' }) report_id: string;
  @ApiProperty({ example: 'cli_0a1b2c3d4e5f60718293a4b5', nullable: true, type: String, description: "A client report's client; null for a household report" }) client_id: string | null;
  @ApiProperty({ example: null, nullable: true, type: String, description: "A household report's household (`hh_…`); null for a client report" }) household_id: string | null;
  @ApiProperty({ enum: REPORT_TYPES, example: 'client_summary' }) report_type: string;
  @ApiProperty({ example: 'pdf', enum: ['pdf'] }) format: string;
  @ApiProperty({ enum: REPORT_STATUSES, example: 'completed', description: '`queued`, `running`, then `completed` (the file is ready) or `failed` (see `error`)' }) status: string;
  @ApiProperty({ type: ClientReportParamsDto }) params: ClientReportParamsDto;
  @ApiProperty({
    example: 'https://foliodesk.example.com/api/v1/reports/5f0c7a1e-8b2d-4c3e-9f4a-6b7c8d9e0f1a/file',
    nullable: true,
    type: String,
    description: 'The PDF, once completed (the same url as `report.generated`)',
  })
  url: string | null;
  @ApiProperty({ type: ClientReportLinksDto, description: 'Where to read the report back, from the moment it is requested' }) links: ClientReportLinksDto;
  @ApiProperty({ example: 48213, nullable: true, type: Number }) size_bytes: number | null;
  @ApiProperty({ example: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08', nullable: true, type: String }) sha256: string | null;
  @ApiProperty({ type: ClientReportErrorDto, nullable: true, example: null, description: 'Why it failed; null unless `failed`' }) error: ClientReportErrorDto | null;
  @ApiProperty({ example: '2026-04-02T09:15:00.000Z' }) created_at: string;
  @ApiProperty({ example: '2026-04-02T09:15:03.412Z', nullable: true, type: String }) completed_at: string | null;
}

const EXAMPLE_REPORT_ID = '5f0c7a1e-8b2d-4c3e-9f4a-6b7c8d9e0f1a';
const EXAMPLE_REPORT_URL = `https://foliodesk.example.com/api/v1/reports/${EXAMPLE_REPORT_ID}`;

/** A report as a request's 202 answers it: queued, with no file yet. */
export const QUEUED_CLIENT_REPORT_EXAMPLE: ClientReportDto = {
  report_id: EXAMPLE_REPORT_ID,
  client_id: 'cli_0a1b2c3d4e5f60718293a4b5',
  household_id: null,
  report_type: 'client_summary',
  format: 'pdf',
  status: 'queued',
  params: { as_of: '2025-03-31', fy: '2024-25', audience: 'client' },
  url: null,
  links: { status: EXAMPLE_REPORT_URL, file: `${EXAMPLE_REPORT_URL}/file` },
  size_bytes: null,
  sha256: null,
  error: null,
  created_at: '2026-04-02T09:15:00.000Z',
  completed_at: null,
};

/** A household's report, queued. */
export const QUEUED_HOUSEHOLD_REPORT_EXAMPLE: ClientReportDto = {
  ...QUEUED_CLIENT_REPORT_EXAMPLE,
  client_id: null,
  household_id: 'hh_5e6f7a8b9c0d1e2f3a4b5c6d',
  report_type: 'household_summary',
};
