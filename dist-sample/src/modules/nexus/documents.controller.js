var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var __metadata = (this && this.__metadata) || function (k, v) {
    if (typeof Reflect === "object" && typeof Reflect.metadata === "function") return Reflect.metadata(k, v);
};
var __param = (this && this.__param) || function (paramIndex, decorator) {
    return function (target, key) { decorator(target, key, paramIndex); }
};
import { Controller, Delete, Get, HttpCode, Param, ParseUUIDPipe, Post, Query, StreamableFile, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiBody, ApiConsumes, ApiGoneResponse, ApiNoContentResponse, ApiNotFoundResponse, ApiOperation, ApiPayloadTooLargeResponse, ApiProduces, ApiResponse, ApiTags, ApiUnsupportedMediaTypeResponse } from '@nestjs/swagger';
import { CurrentUser, Roles } from '../../common/auth/decorators.js';
import { RawResponse } from '../../common/decorators/raw-response.decorator.js';
import { AppException } from '../../common/errors/app.exception.js';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator.js';
import { ApiQuotaRefusal } from '../quotas/api-quota-refusal.decorator.js';
import { DocumentsService } from './documents.service.js';
import { DocumentErasure } from './erasure/document-erasure.js';
import { DocFetchQueryDto, DocumentListItemDto, DocumentListQueryDto, TenantDocumentPageDto, UploadResultDto } from './dto/document.dto.js';
const uuid = new ParseUUIDPipe({ exceptionFactory: () => new AppException('NOT_FOUND', 'Document not found') });
let DocumentsController = class DocumentsController {
    constructor(documents, erasure) {
        this.documents = documents;
        this.erasure = erasure;
    }
    upload(user, file) {
        return this.documents.upload(user, file);
    }
    async remove(user, docId) {
        await this.erasure.erase(user, docId);
    }
    listMine(user, query) {
        return this.documents.listMine(user, query.limit, query.skip, query.client_id);
    }
    listTenant(user, query) {
        return this.documents.listTenant(user, query.limit, query.skip, query.client_id);
    }
    async fetch(user, jobId, query) {
        if (query.type === 'LAYOUT') {
            const { zip } = await this.documents.layout(user, jobId);
            return new StreamableFile(zip, { type: 'application/zip', length: zip.length, disposition: `attachment; filename="layout-${jobId}.zip"` });
        }
        const { doc, stream } = await this.documents.original(user, jobId);
        return new StreamableFile(stream, {
            type: 'application/pdf',
            length: doc.sizeBytes,
            disposition: `attachment; filename="${doc.fileName.replace(/[^\x20-\x7e]|"/g, '_')}"`,
        });
    }
};
__decorate([
    Post('nexus/upload'),
    Roles('analyst'),
    UseInterceptors(FileInterceptor('file')),
    ApiOperation({
        summary: 'Upload a financial PDF (also at /api/v1/nexus/upload/)',
        description: 'Checked by content; the original is stored and the document is `uploaded`, ready for the pipeline.',
    }),
    ApiConsumes('multipart/form-data'),
    ApiBody({ schema: { type: 'object', required: ['file'], properties: { file: { type: 'string', format: 'binary' } } } }),
    ApiEnvelope(UploadResultDto, { status: 201 }),
    ApiPayloadTooLargeResponse({ description: 'Larger than MAX_UPLOAD_BYTES' }),
    ApiUnsupportedMediaTypeResponse({ description: 'Not a PDF' }),
    ApiResponse({ status: 507, description: 'INSUFFICIENT_STORAGE: the document store is full; nothing was stored' }),
    ApiResponse({ status: 503, description: 'PDF_ENGINE_BUSY, or STORAGE_UNAVAILABLE: the document store does not answer; nothing was stored (Retry-After)' }),
    ApiQuotaRefusal('uploads per hour or stored bytes'),
    __param(0, CurrentUser()),
    __param(1, UploadedFile()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, Object]),
    __metadata("design:returntype", void 0)
], DocumentsController.prototype, "upload", null);
__decorate([
    Delete('nexus/documents/:doc_id'),
    Roles('analyst'),
    HttpCode(204),
    RawResponse(),
    ApiOperation({
        summary: 'Delete a document and everything derived from it (the uploader or an admin)',
        description: 'Removes the original, its stored layout, the extraction, the pipeline runs and their stage outputs, token usage, exports, the links to clients, chat passages from it and chat messages that quote it, and its queued jobs; the stored-bytes quotas drop at once. A run still processing ends with nothing left behind. Leaves an audit entry `document.delete` with ids only. 404 NOT_FOUND for another user\'s document (unless the caller is an admin), another tenant\'s, or one already deleted.',
    }),
    ApiNoContentResponse({ description: 'Deleted' }),
    ApiNotFoundResponse({ description: 'NOT_FOUND: no such document for the caller (or already deleted)' }),
    __param(0, CurrentUser()),
    __param(1, Param('doc_id', uuid)),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, String]),
    __metadata("design:returntype", Promise)
], DocumentsController.prototype, "remove", null);
__decorate([
    Get('documents/me'),
    Roles('viewer'),
    ApiOperation({ summary: "The caller's own documents, newest first" }),
    ApiEnvelope(DocumentListItemDto, { isArray: true }),
    __param(0, CurrentUser()),
    __param(1, Query()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, DocumentListQueryDto]),
    __metadata("design:returntype", void 0)
], DocumentsController.prototype, "listMine", null);
__decorate([
    Get('nexus/documents'),
    Roles('admin'),
    ApiOperation({ summary: "All the tenant's documents (admin), newest first" }),
    ApiEnvelope(TenantDocumentPageDto),
    __param(0, CurrentUser()),
    __param(1, Query()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, DocumentListQueryDto]),
    __metadata("design:returntype", void 0)
], DocumentsController.prototype, "listTenant", null);
__decorate([
    Get('nexus/doc-fetch/:job_id'),
    Roles('viewer'),
    RawResponse(),
    ApiOperation({
        summary: 'The original PDF byte for byte (type=ORIGINAL), or the layout analysis (type=LAYOUT)',
        description: 'LAYOUT answers a zip: page-001.png… (each page with its detected text runs outlined) and layout.json (the boxes). It is drawn once and stored, counted in the stored-bytes quotas; a layout that cannot be drawn (422 UNPROCESSABLE, LAYOUT_TOO_LARGE over LAYOUT_MAX_BYTES) answers the same on every fetch. A document whose original the retention purge removed (the tenant\'s retention_days) answers 410 ORIGINAL_PURGED for both; its extraction still reads.',
    }),
    ApiQuotaRefusal('stored bytes (the layout, stored on its first fetch)'),
    ApiGoneResponse({
        description: "ORIGINAL_PURGED: the original (and so the layout) was removed under the tenant's retention_days; FILE_NOT_STORED: the document exists but its original is no longer in the document store (removed outside Foliodesk)",
    }),
    ApiProduces('application/pdf', 'application/zip'),
    __param(0, CurrentUser()),
    __param(1, Param('job_id', uuid)),
    __param(2, Query()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, String, DocFetchQueryDto]),
    __metadata("design:returntype", Promise)
], DocumentsController.prototype, "fetch", null);
DocumentsController = __decorate([
    ApiTags('Nexus documents'),
    Controller('api/v1'),
    __metadata("design:paramtypes", [DocumentsService,
        DocumentErasure])
], DocumentsController);
export { DocumentsController };
//# sourceMappingURL=documents.controller.js.map