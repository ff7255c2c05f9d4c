import { ApiProperty } from '@nestjs/swagger';
import { IsUUID } from 'class-validator';
import { STAGES } from '../../../nexus/index.js';
import { PdfPasswordField } from '../../../pdf/index.js';

/** The form fields of a chat upload (the file itself is the multipart field `file`). */
export class ChatUploadDto {
  @ApiProperty({ format: 'uuid', example: '5f0c2a7e-8d1b-4c3e-9a6f-1b2c3d4e5f60', description: 'One of your own chat sessions' })
  @IsUUID()
  session_id: string;

  @PdfPasswordField()
  password?: string;
}

export class ChatDocumentAttachedDto {
  @ApiProperty({ format: 'uuid', example: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d' }) doc_id: string;
  @ApiProperty({ example: '2026-11-29T10:40:00.000Z', description: 'When it was attached (the first time, for a repeated call)' }) attached_at: string;
  @ApiProperty({ example: 1, description: "Investors linked to the register's clients now (0 while the statement is still being read: they are linked when its run completes)" })
  linked_investors: number;
}

export class ChatUploadResultDto {
  @ApiProperty({ type: [String], format: 'uuid', example: ['1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d'] }) document_ids: string[];
  @ApiProperty({ example: 'CAS_Apr-Sep2025.pdf' }) file_name: string;
  @ApiProperty({ example: 'processed', enum: ['processed'], description: 'The text is indexed; the nexus pipeline has been started' })
  status: 'processed';
}

export class NexusProgressDto {
  @ApiProperty({ enum: STAGES, example: 'extraction' }) current_stage: string;
  @ApiProperty({ example: 4 }) stages_completed: number;
  @ApiProperty({ example: 10 }) total_stages: number;
  @ApiProperty({ enum: ['pending', 'processing', 'completed', 'failed'], example: 'processing', description: '`pending` until the pipeline has started' })
  status: string;
  @ApiProperty({ minimum: 0, maximum: 100, example: 40 }) progress_pct: number;
}

export type ChatDocumentStatus = 'processing' | 'nexus_processing' | 'completed' | 'failed';

export class ChatDocumentStatusDto {
  @ApiProperty({ format: 'uuid', example: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d' }) doc_id: string;
  @ApiProperty({
    enum: ['processing', 'nexus_processing', 'completed', 'failed'],
    example: 'nexus_processing',
    description: '`processing` while the text is being indexed or the pipeline is not yet started; `nexus_processing` while the pipeline runs',
  })
  status: ChatDocumentStatus;
  @ApiProperty({ example: 'CAS_Apr-Sep2025.pdf' }) filename: string;
  @ApiProperty({ example: 'nexus', enum: ['nexus'] }) source: 'nexus';
  @ApiProperty({ example: 42 }) chunks_indexed: number;
  @ApiProperty({ type: NexusProgressDto }) nexus_progress: NexusProgressDto;
  @ApiProperty({ nullable: true, type: String, example: null, description: "The pipeline's error when `failed`" }) error_message: string | null;
}
