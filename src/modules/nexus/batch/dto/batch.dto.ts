import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import type { BatchFileRow } from '../batch.repository.js';
import type { UploadBatchEntity } from '../entities/upload-batch.entity.js';

/** Where a batch file is: the file's outcome until it is in the pipeline, then its document's run. */
export const BATCH_FILE_STATUSES = ['refused', 'password_required', 'waiting', 'admitted', 'processing', 'completed', 'failed', 'erased'] as const;
export type BatchFileStatus = (typeof BATCH_FILE_STATUSES)[number];

export class BatchFileErrorDto {
  @ApiProperty({ example: 'PDF_PASSWORD_REQUIRED', description: 'A code of the error catalogue (docs/errors.md)' }) code: string;
  @ApiProperty({ example: 'The PDF is encrypted and no password of the register\'s clients (at most 100) opens it: start it with its password (POST /api/v2/nexus/pipeline/process)' })
  message: string;
}

export class BatchFileDto {
  @ApiProperty({ example: 0, description: "The file's place in the request (multipart part or ZIP entry), from 0" }) position: number;
  @ApiProperty({ nullable: true, type: String, example: 'NSDL_CAS_Sep2025.pdf', description: 'null once the file is erased' }) file_name: string | null;
  @ApiProperty({
    enum: BATCH_FILE_STATUSES,
    example: 'completed',
    description:
      '`refused` (no document: see error), `password_required` (encrypted; no candidate password opened it), `waiting` (stored, waiting for the tenant\'s admission), `admitted` (being opened and started), then the run\'s `processing`, `completed` or `failed`; `erased` once its document, or the client it named, was deleted (nothing of it is kept but its place)',
  })
  status: BatchFileStatus;
  @ApiProperty({ nullable: true, type: String, format: 'uuid', example: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d' }) doc_id: string | null;
  @ApiProperty({ nullable: true, type: String, format: 'uuid', example: '9b2f6c1e-3d4a-4f5b-8c6d-7e8f9a0b1c2d' }) job_id: string | null;
  @ApiProperty({ nullable: true, type: String, format: 'uuid', example: '0f1e2d3c-4b5a-4968-8776-655443322110', description: "The document's latest run (GET /api/v2/nexus/pipeline/progress/{process_id})" })
  process_id: string | null;
  @ApiProperty({ nullable: true, type: String, example: 'cli_3f9c0a1b2c3d4e5f6a7b8c9d', description: 'The client the request named for this file' }) client_id: string | null;
  @ApiProperty({ nullable: true, type: BatchFileErrorDto }) error: BatchFileErrorDto | null;
}

export class BatchCountsDto {
  @ApiProperty({ example: 0 }) refused: number;
  @ApiProperty({ example: 1 }) password_required: number;
  @ApiProperty({ example: 150 }) waiting: number;
  @ApiProperty({ example: 0 }) admitted: number;
  @ApiProperty({ example: 4 }) processing: number;
  @ApiProperty({ example: 45 }) completed: number;
  @ApiProperty({ example: 0 }) failed: number;
  @ApiProperty({ example: 0 }) erased: number;
}

export class BatchDto {
  @ApiProperty({ example: 'bat_5d1c0c1e2f3a4b5c6d7e8f90' }) batch_id: string;
  @ApiProperty({ enum: ['multipart', 'zip'], example: 'zip' }) source: string;
  @ApiProperty({ example: 200 }) file_count: number;
  @ApiProperty({ example: false, description: 'true once no file is waiting, admitted or processing' }) done: boolean;
  @ApiProperty({ type: BatchCountsDto }) counts: BatchCountsDto;
  @ApiProperty({ type: [BatchFileDto] }) files: BatchFileDto[];
  @ApiProperty({ example: '2026-11-24T09:30:00.000Z' }) created_at: string;
}

/** The multipart body, for the OpenAPI document (the files are read by multer, `client_ids` by the service). */
export class BatchUploadBodyDto {
  @ApiProperty({ type: 'array', items: { type: 'string', format: 'binary' }, description: 'PDFs, or one ZIP of PDFs' }) files: unknown[];
  @ApiPropertyOptional({
    type: String,
    example: '{"NSDL_CAS_Sep2025.pdf":"cli_3f9c0a1b2c3d4e5f6a7b8c9d"}',
    description: "JSON object: a file's name (as sent, or its ZIP entry's path or base name) → the client (`cli_…`) whose passwords open it",
  })
  @IsOptional()
  @IsString()
  @MaxLength(65_536)
  client_ids?: string;
}

function statusOf(row: BatchFileRow): BatchFileStatus {
  if (row.outcome === 'refused' || row.outcome === 'waiting' || row.outcome === 'erased') return row.outcome;
  // A password_required document started later with its password follows its run.
  if (row.documentStatus === 'processing' || row.documentStatus === 'completed' || row.documentStatus === 'failed') return row.documentStatus;
  return row.outcome;
}

function errorOf(row: BatchFileRow, status: BatchFileStatus): BatchFileErrorDto | null {
  if (status === 'failed') return { code: row.processErrorCode ?? 'STAGE_FAILED', message: row.processErrorMessage ?? '' };
  if (status === 'refused' || status === 'password_required') return { code: row.errorCode ?? 'UNPROCESSABLE', message: row.errorMessage ?? '' };
  return null;
}

export function toBatchDto(batch: UploadBatchEntity, rows: BatchFileRow[]): BatchDto {
  const counts: BatchCountsDto = { refused: 0, password_required: 0, waiting: 0, admitted: 0, processing: 0, completed: 0, failed: 0, erased: 0 };
  const files = rows.map((row) => {
    const status = statusOf(row);
    counts[status]++;
    return {
      position: row.position,
      file_name: status === 'erased' ? null : row.fileName,
      status,
      doc_id: row.documentId,
      job_id: row.jobId,
      process_id: row.processId,
      client_id: row.clientId,
      error: errorOf(row, status),
    };
  });
  return {
    batch_id: batch.id,
    source: batch.source,
    file_count: batch.fileCount,
    done: counts.waiting + counts.admitted + counts.processing === 0,
    counts,
    files,
    created_at: batch.createdAt.toISOString(),
  };
}
