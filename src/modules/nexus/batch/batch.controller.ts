import { Body, Controller, Get, Param, Post, UploadedFiles, UseInterceptors } from '@nestjs/common';
import { FilesInterceptor } from '@nestjs/platform-express';
import { ApiBody, ApiConsumes, ApiOperation, ApiPayloadTooLargeResponse, ApiResponse, ApiTags } from '@nestjs/swagger';
import { CurrentUser, Roles } from '../../../common/auth/decorators.js';
import type { Principal } from '../../../common/auth/principal.js';
import { ApiEnvelope } from '../../../common/http/api-envelope.decorator.js';
import { ApiQuotaRefusal } from '../../quotas/api-quota-refusal.decorator.js';
import type { ReceivedFile } from '../storage/hashing-disk.engine.js';
import { BatchService } from './batch.service.js';
import { BatchDto, BatchUploadBodyDto } from './dto/batch.dto.js';

@ApiTags('Nexus documents')
@Controller('api/v1/nexus/upload/batch')
export class BatchController {
  constructor(private readonly batches: BatchService) {}

  @Post()
  @Roles('analyst')
  @UseInterceptors(FilesInterceptor('files'))
  @ApiOperation({
    summary: 'Upload many statements at once: PDFs, or one ZIP of PDFs',
    description:
      "Each file passes the single upload's checks (PDF by content, MAX_UPLOAD_BYTES, quotas) and becomes a document, or is refused on its own (listed with its code). A ZIP is read within BATCH_MAX_FILES entries, BATCH_ZIP_MAX_ENTRY_BYTES per entry and BATCH_ZIP_MAX_TOTAL_BYTES in all (uncompressed): past a limit the whole batch answers 413 and nothing is stored; an archive inside it is not opened (ZIP_NESTED_ARCHIVE). Encrypted files are opened with the passwords of the client named for them in `client_ids`, else of the register's newest BATCH_PASSWORD_CLIENTS_MAX clients (their statement passwords, and those the issuers derive from PAN and date of birth); one no candidate opens is `password_required`. The documents enter the pipeline BATCH_ADMISSION_PER_TENANT at a time; follow them with GET /api/v1/nexus/upload/batch/{batch_id}.",
  })
  @ApiConsumes('multipart/form-data')
  @ApiBody({ type: BatchUploadBodyDto })
  @ApiEnvelope(BatchDto, { status: 201 })
  @ApiResponse({ status: 400, description: 'VALIDATION_ERROR (no file, a ZIP among other files, client_ids not an object of file name → client id), ZIP_INVALID' })
  @ApiResponse({ status: 404, description: 'CLIENT_NOT_FOUND: client_ids names a client that is not the tenant\'s' })
  @ApiPayloadTooLargeResponse({ description: 'BATCH_TOO_MANY_FILES, ZIP_TOO_MANY_ENTRIES, ZIP_ENTRY_TOO_LARGE, ZIP_TOO_LARGE, PAYLOAD_TOO_LARGE (the ZIP over BATCH_ZIP_MAX_BYTES)' })
  @ApiQuotaRefusal('uploads per hour or stored bytes (per file: a refused file is listed with QUOTA_EXCEEDED)')
  create(@CurrentUser() user: Principal, @UploadedFiles() files: Array<Express.Multer.File & ReceivedFile> | undefined, @Body() body: BatchUploadBodyDto) {
    return this.batches.create(user, files ?? [], body.client_ids);
  }

  @Get(':batch_id')
  @Roles('viewer')
  @ApiOperation({ summary: "A batch's files: each one's document, run status, or why it was refused or needs a password", description: "The batch's owner or an admin of the tenant; 404 BATCH_NOT_FOUND otherwise." })
  @ApiEnvelope(BatchDto)
  @ApiResponse({ status: 404, description: 'BATCH_NOT_FOUND' })
  get(@CurrentUser() user: Principal, @Param('batch_id') batchId: string) {
    return this.batches.get(user, batchId);
  }
}
