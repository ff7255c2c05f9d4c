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
import { Controller, Get, Param, ParseUUIDPipe, Query, Res } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiExtraModels, ApiGoneResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiParam, ApiProduces, ApiTags, ApiTooManyRequestsResponse, getSchemaPath, } from '@nestjs/swagger';
import { CurrentUser, Roles } from '../../../common/auth/decorators.js';
import { RawResponse } from '../../../common/decorators/raw-response.decorator.js';
import { AppException } from '../../../common/errors/app.exception.js';
import { ApiEnvelope } from '../../../common/http/api-envelope.decorator.js';
import { ExportFieldDto, ExportFieldsQueryDto, ExportJsonDocumentDto, ExportQueryDto } from './dto/export.dto.js';
import { CONTENT_TYPES } from './export-renderers.js';
import { ExportService } from './export.service.js';
import { sendReportFile } from './report-response.js';
const jobId = new ParseUUIDPipe({ exceptionFactory: () => new AppException('NOT_FOUND', 'Document not found') });
const reportId = new ParseUUIDPipe({ exceptionFactory: () => new AppException('NOT_FOUND', 'Report not found') });
// Media types as documented (the CSV and JSON answers add `; charset=utf-8`).
const MEDIA_TYPES = ['text/csv', CONTENT_TYPES.xlsx, 'application/json'];
const FILE_CONTENT = {
    [MEDIA_TYPES[0]]: { schema: { type: 'string', example: 'isin,units,nav,market_value\r\nINF179K01XQ0,1234.567,1528.3512,1886851.96\r\n' } },
    [MEDIA_TYPES[1]]: { schema: { type: 'string', format: 'binary' } },
    [MEDIA_TYPES[2]]: { schema: { $ref: getSchemaPath(ExportJsonDocumentDto) } },
};
const JobIdParam = ApiParam({ name: 'job_id', format: 'uuid', example: '9b2f6c1e-3d4a-4f5b-8c6d-7e8f9a0b1c2d', description: 'The job_id returned by the upload' });
const send = sendReportFile;
let ExportController = class ExportController {
    constructor(exports) {
        this.exports = exports;
    }
    fields(user, id, query) {
        return this.exports.fields(user, id, query.export_type);
    }
    async exportFile(user, id, query, res) {
        return send(await this.exports.generate(user, id, { exportType: query.export_type, format: query.format, fields: query.fields, clientId: query.client_id }), res);
    }
    async report(user, id, res) {
        return send(await this.exports.fetch(user, id), res);
    }
};
__decorate([
    Get('export/:job_id/fields'),
    Roles('viewer'),
    JobIdParam,
    ApiOperation({
        summary: 'The fields an export of this type can have: {key, label, type, description}',
        description: 'The same list for every statement family; fields a statement does not print export as empty cells.',
    }),
    ApiEnvelope(ExportFieldDto, { isArray: true }),
    ApiBadRequestResponse({ description: 'VALIDATION_ERROR: unknown export_type' }),
    ApiNotFoundResponse({ description: 'No such job, or not visible to the caller' }),
    __param(0, CurrentUser()),
    __param(1, Param('job_id', jobId)),
    __param(2, Query()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, String, ExportFieldsQueryDto]),
    __metadata("design:returntype", void 0)
], ExportController.prototype, "fields", null);
__decorate([
    Get('export/:job_id'),
    Roles('analyst'),
    RawResponse(),
    JobIdParam,
    ApiOperation({
        summary: "Export a completed document's holdings (or their transactions) as CSV, XLSX or JSON",
        description: 'Answers the file itself (not the envelope) with Content-Disposition and `X-Report-Id`. The file is stored as a report ' +
            '(fetch it again at /api/v1/nexus/reports/{report_id}) and `report.generated` is emitted. See docs/exports.md.',
    }),
    ApiProduces(...MEDIA_TYPES),
    ApiOkResponse({ description: 'The export file', content: FILE_CONTENT }),
    ApiBadRequestResponse({ description: 'VALIDATION_ERROR: unknown or repeated field, bad export_type or format, unknown parameter' }),
    ApiNotFoundResponse({ description: 'No such job, or not visible to the caller; CLIENT_NOT_FOUND: `client_id` names no investor of the statement' }),
    ApiConflictResponse({ description: 'CONFLICT: the document has not completed processing' }),
    ApiTooManyRequestsResponse({ description: 'QUOTA_EXCEEDED: the file does not fit in the stored-bytes quota; TENANT_BUSY: the firm has as many exports being made as it may, retry after `Retry-After` seconds. Nothing was stored' }),
    __param(0, CurrentUser()),
    __param(1, Param('job_id', jobId)),
    __param(2, Query()),
    __param(3, Res({ passthrough: true })),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, String, ExportQueryDto, Object]),
    __metadata("design:returntype", Promise)
], ExportController.prototype, "exportFile", null);
__decorate([
    Get('reports/:report_id'),
    Roles('analyst'),
    RawResponse(),
    ApiParam({ name: 'report_id', format: 'uuid', example: '5f0c7a1e-8b2d-4c3e-9f4a-6b7c8d9e0f1a', description: 'X-Report-Id of the export, or report_id of report.generated' }),
    ApiOperation({ summary: 'A report produced by an export, byte for byte (the url of report.generated)' }),
    ApiProduces(...MEDIA_TYPES),
    ApiOkResponse({ description: 'The stored file', content: FILE_CONTENT }),
    ApiNotFoundResponse({ description: 'No such report, or its document is not visible to the caller' }),
    ApiGoneResponse({ description: 'FILE_NOT_STORED: the report exists but its file is no longer in the document store (removed outside Foliodesk)' }),
    __param(0, CurrentUser()),
    __param(1, Param('report_id', reportId)),
    __param(2, Res({ passthrough: true })),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, String, Object]),
    __metadata("design:returntype", Promise)
], ExportController.prototype, "report", null);
ExportController = __decorate([
    ApiTags('Nexus exports'),
    ApiExtraModels(ExportJsonDocumentDto),
    Controller('api/v1/nexus'),
    __metadata("design:paramtypes", [ExportService])
], ExportController);
export { ExportController };
//# sourceMappingURL=export.controller.js.map