import { Body, Controller, Get, HttpCode, Param, ParseUUIDPipe, Post, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import {
  ApiBody,
  ApiConsumes,
  ApiNotFoundResponse,
  ApiOperation,
  ApiPayloadTooLargeResponse,
  ApiResponse,
  ApiTags,
  ApiUnprocessableEntityResponse,
  ApiUnsupportedMediaTypeResponse,
} from '@nestjs/swagger';
import { CurrentUser, Roles } from '../../../common/auth/decorators.js';
import type { Principal } from '../../../common/auth/principal.js';
import { AppException } from '../../../common/errors/app.exception.js';
import { ApiEnvelope } from '../../../common/http/api-envelope.decorator.js';
import type { ReceivedFile } from '../../nexus/index.js';
import { ApiQuotaRefusal } from '../../quotas/api-quota-refusal.decorator.js';
import { ChatUploadsService } from './chat-uploads.service.js';
import { ChatDocumentAttachedDto, ChatDocumentStatusDto, ChatUploadDto, ChatUploadResultDto } from './dto/chat-document.dto.js';
import { TempUploadCleanupInterceptor } from './temp-upload-cleanup.interceptor.js';

const uuid = new ParseUUIDPipe({ exceptionFactory: () => new AppException('NOT_FOUND', 'Document not found', { message: 'Document not found' }) });

@ApiTags('Zen documents')
@Controller('api/v1/zen')
export class ChatUploadsController {
  constructor(private readonly uploads: ChatUploadsService) {}

  @Post('uploads')
  @Roles('analyst')
  @UseInterceptors(FileInterceptor('file'), TempUploadCleanupInterceptor)
  @ApiOperation({
    summary: 'Upload a PDF into a chat session (also at /api/v1/zen/uploads/)',
    description:
      'Stored like a nexus upload (checked by content), its text indexed for the chat, then the nexus pipeline is started. ' +
      'Encrypted statements need `password`; a refused upload stores nothing.',
  })
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: {
      type: 'object',
      required: ['file', 'session_id'],
      properties: {
        file: { type: 'string', format: 'binary' },
        session_id: { type: 'string', format: 'uuid', example: '5f0c2a7e-8d1b-4c3e-9a6f-1b2c3d4e5f60' },
        password: { type: 'string', example: 'ABCDE1234F', description: 'For encrypted statements' },
      },
    },
  })
  @ApiEnvelope(ChatUploadResultDto, { status: 201 })
  @ApiNotFoundResponse({ description: 'No such session of yours' })
  @ApiPayloadTooLargeResponse({ description: 'Larger than MAX_UPLOAD_BYTES' })
  @ApiResponse({ status: 507, description: 'INSUFFICIENT_STORAGE: the document store is full; nothing was stored' })
  @ApiResponse({ status: 503, description: 'PDF_ENGINE_BUSY, or STORAGE_UNAVAILABLE: the document store does not answer; nothing was stored (Retry-After)' })
  @ApiQuotaRefusal('uploads per hour or stored bytes')
  @ApiUnsupportedMediaTypeResponse({ description: 'Not a PDF' })
  @ApiUnprocessableEntityResponse({ description: 'PDF_PASSWORD_REQUIRED, PDF_PASSWORD_INVALID, or a damaged PDF' })
  upload(@CurrentUser() user: Principal, @UploadedFile() file: (Express.Multer.File & ReceivedFile) | undefined, @Body() form: ChatUploadDto) {
    return this.uploads.upload(user, file, form);
  }

  @Post('chat/:session_id/documents/:doc_id/attach')
  @Roles('analyst')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Attach a statement uploaded into one of your chat sessions to the client register',
    description:
      "A chat upload is yours alone: its investors are not linked to the register's clients (whom every user of the firm reads) until you attach it. " +
      'Attached, it is linked like a Nexus upload: now if it is read already, else when its run completes; and deleting the session no longer deletes it. Idempotent.',
  })
  @ApiEnvelope(ChatDocumentAttachedDto)
  @ApiNotFoundResponse({ description: 'No such document in a session of yours' })
  attach(@CurrentUser() user: Principal, @Param('session_id', uuid) sessionId: string, @Param('doc_id', uuid) documentId: string) {
    return this.uploads.attach(user, sessionId, documentId);
  }

  @Get('chat/:session_id/documents/:doc_id/status')
  @Roles('viewer')
  @ApiOperation({
    summary: 'Where a document uploaded into one of your chat sessions has got to',
    description: '`processing` (indexing), `nexus_processing` (the pipeline runs, see `nexus_progress`), then `completed` or `failed`.',
  })
  @ApiEnvelope(ChatDocumentStatusDto)
  @ApiNotFoundResponse({ description: 'No such document in a session of yours' })
  status(@CurrentUser() user: Principal, @Param('session_id', uuid) sessionId: string, @Param('doc_id', uuid) documentId: string) {
    return this.uploads.status(user, sessionId, documentId);
  }
}
