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
import { Body, Controller, Get, HttpCode, Param, ParseUUIDPipe, Post } from '@nestjs/common';
import { ApiGoneResponse, ApiOkResponse, ApiOperation, ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import { CurrentUser, Roles } from '../../../common/auth/decorators.js';
import { AppException } from '../../../common/errors/app.exception.js';
import { ProcessStartedDto, ProgressDto, StartProcessDto } from './dto/pipeline.dto.js';
import { PipelineService } from './pipeline.service.js';
const processId = new ParseUUIDPipe({ exceptionFactory: () => new AppException('NOT_FOUND', 'Process not found') });
/** V2: raw JSON bodies (no envelope); errors still use the envelope. */
let PipelineController = class PipelineController {
    constructor(pipeline) {
        this.pipeline = pipeline;
    }
    start(user, dto) {
        return this.pipeline.start(user, dto.job_id, dto.password);
    }
    progress(user, id) {
        return this.pipeline.progress(user, id);
    }
};
__decorate([
    Post('nexus/pipeline/process'),
    HttpCode(200),
    Roles('analyst'),
    ApiOperation({ summary: 'Start the ten-stage pipeline for an uploaded job (idempotent while it runs)' }),
    ApiOkResponse({ type: ProcessStartedDto }),
    ApiUnprocessableEntityResponse({ description: 'PDF_PASSWORD_REQUIRED or PDF_PASSWORD_INVALID' }),
    ApiGoneResponse({ description: "ORIGINAL_PURGED: the document's original was removed under the tenant's retention_days; nothing is left to run on" }),
    __param(0, CurrentUser()),
    __param(1, Body()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, StartProcessDto]),
    __metadata("design:returntype", void 0)
], PipelineController.prototype, "start", null);
__decorate([
    Get(['nexus/status/process/:process_id/progress', 'status/process/:process_id/progress']),
    Roles('viewer'),
    ApiOperation({ summary: 'Progress of a process: all ten stages; poll every 2 seconds until progress_pct is 100' }),
    ApiOkResponse({ type: ProgressDto }),
    __param(0, CurrentUser()),
    __param(1, Param('process_id', processId)),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, String]),
    __metadata("design:returntype", void 0)
], PipelineController.prototype, "progress", null);
PipelineController = __decorate([
    ApiTags('Nexus pipeline (V2)'),
    Controller('api/v2'),
    __metadata("design:paramtypes", [PipelineService])
], PipelineController);
export { PipelineController };
//# sourceMappingURL=pipeline.controller.js.map