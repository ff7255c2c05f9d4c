import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsUUID } from 'class-validator';
import { PdfPasswordField } from '../../../pdf/index.js';
import { ProgressExtractionsDto } from '../../dto/holding.dto.js';
import { STAGES } from '../pipeline.constants.js';

export class StartProcessDto {
  @ApiProperty({ format: 'uuid', example: '9b2f6c1e-3d4a-4f5b-8c6d-7e8f9a0b1c2d', description: 'The job_id returned by the upload' })
  @IsUUID()
  job_id: string;

  @PdfPasswordField()
  password?: string;
}

export class ProcessStartedDto {
  @ApiProperty({ format: 'uuid', example: '3c9d2e1f-0a4b-4c5d-9e6f-7a8b9c0d1e2f' }) process_id: string;
  @ApiProperty({ format: 'uuid', example: '9b2f6c1e-3d4a-4f5b-8c6d-7e8f9a0b1c2d' }) job_id: string;
  @ApiProperty({ example: 'processing', enum: ['processing', 'completed', 'failed'] }) status: string;
}

export class StageProgressDto {
  @ApiProperty({ enum: STAGES, example: 'classification' }) name: string;
  @ApiProperty({ enum: ['pending', 'in_progress', 'completed', 'failed'], example: 'completed' }) status: string;
  @ApiProperty({ nullable: true, type: Number, example: 412 }) duration_ms: number | null;
}

export class PipelineErrorDto {
  @ApiProperty({ example: 'EXTRACTION_TIMEOUT' }) code: string;
  @ApiProperty({ example: 'The maximum processing time was exceeded during the parsing stage' }) message: string;
  @ApiProperty({ example: 'parsing' }) stage: string;
  @ApiProperty({ example: true }) retryable: boolean;
}

export class ProgressDto {
  @ApiProperty({ format: 'uuid', example: '3c9d2e1f-0a4b-4c5d-9e6f-7a8b9c0d1e2f' }) process_id: string;
  @ApiProperty({ enum: ['processing', 'completed', 'failed'], example: 'processing' }) status: string;
  @ApiProperty({ minimum: 0, maximum: 100, example: 40 }) progress_pct: number;
  @ApiProperty({ example: 'extraction' }) current_stage: string;
  @ApiProperty({ example: 4 }) stages_completed: number;
  @ApiProperty({ example: 10 }) total_stages: number;
  @ApiProperty({ type: [StageProgressDto] }) stages: StageProgressDto[];
  @ApiPropertyOptional({ format: 'uuid', description: 'Completed only' }) document_id?: string;
  @ApiPropertyOptional({ type: ProgressExtractionsDto, description: "Completed only: the holdings and their transactions; a holding's unknown units, NAV or market value is null, never 0" })
  extractions?: { holdings: unknown[]; transactions: unknown[] };
  @ApiPropertyOptional({ type: PipelineErrorDto, description: 'Failed only' }) error?: PipelineErrorDto;
}
