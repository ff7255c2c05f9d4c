var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var __metadata = (this && this.__metadata) || function (k, v) {
    if (typeof Reflect === "object" && typeof Reflect.metadata === "function") return Reflect.metadata(k, v);
};
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsUUID } from 'class-validator';
import { PdfPasswordField } from '../../../pdf/index.js';
import { ProgressExtractionsDto } from '../../dto/holding.dto.js';
import { STAGES } from '../pipeline.constants.js';
export class StartProcessDto {
}
__decorate([
    ApiProperty({ format: 'uuid', example: '9b2f6c1e-3d4a-4f5b-8c6d-7e8f9a0b1c2d', description: 'The job_id returned by the upload' }),
    IsUUID(),
    __metadata("design:type", String)
], StartProcessDto.prototype, "job_id", void 0);
__decorate([
    PdfPasswordField(),
    __metadata("design:type", String)
], StartProcessDto.prototype, "password", void 0);
export class ProcessStartedDto {
}
__decorate([
    ApiProperty({ format: 'uuid', example: '3c9d2e1f-0a4b-4c5d-9e6f-7a8b9c0d1e2f' }),
    __metadata("design:type", String)
], ProcessStartedDto.prototype, "process_id", void 0);
__decorate([
    ApiProperty({ format: 'uuid', example: '9b2f6c1e-3d4a-4f5b-8c6d-7e8f9a0b1c2d' }),
    __metadata("design:type", String)
], ProcessStartedDto.prototype, "job_id", void 0);
__decorate([
    ApiProperty({ example: 'processing', enum: ['processing', 'completed', 'failed'] }),
    __metadata("design:type", String)
], ProcessStartedDto.prototype, "status", void 0);
export class StageProgressDto {
}
__decorate([
    ApiProperty({ enum: STAGES, example: 'classification' }),
    __metadata("design:type", String)
], StageProgressDto.prototype, "name", void 0);
__decorate([
    ApiProperty({ enum: ['pending', 'in_progress', 'completed', 'failed'], example: 'completed' }),
    __metadata("design:type", String)
], StageProgressDto.prototype, "status", void 0);
__decorate([
    ApiProperty({ nullable: true, type: Number, example: 412 }),
    __metadata("design:type", Object)
], StageProgressDto.prototype, "duration_ms", void 0);
export class PipelineErrorDto {
}
__decorate([
    ApiProperty({ example: 'EXTRACTION_TIMEOUT' }),
    __metadata("design:type", String)
], PipelineErrorDto.prototype, "code", void 0);
__decorate([
    ApiProperty({ example: 'The maximum processing time was exceeded during the parsing stage' }),
    __metadata("design:type", String)
], PipelineErrorDto.prototype, "message", void 0);
__decorate([
    ApiProperty({ example: 'parsing' }),
    __metadata("design:type", String)
], PipelineErrorDto.prototype, "stage", void 0);
__decorate([
    ApiProperty({ example: true }),
    __metadata("design:type", Boolean)
], PipelineErrorDto.prototype, "retryable", void 0);
export class ProgressDto {
}
__decorate([
    ApiProperty({ format: 'uuid', example: '3c9d2e1f-0a4b-4c5d-9e6f-7a8b9c0d1e2f' }),
    __metadata("design:type", String)
], ProgressDto.prototype, "process_id", void 0);
__decorate([
    ApiProperty({ enum: ['processing', 'completed', 'failed'], example: 'processing' }),
    __metadata("design:type", String)
], ProgressDto.prototype, "status", void 0);
__decorate([
    ApiProperty({ minimum: 0, maximum: 100, example: 40 }),
    __metadata("design:type", Number)
], ProgressDto.prototype, "progress_pct", void 0);
__decorate([
    ApiProperty({ example: 'extraction' }),
    __metadata("design:type", String)
], ProgressDto.prototype, "current_stage", void 0);
__decorate([
    ApiProperty({ example: 4 }),
    __metadata("design:type", Number)
], ProgressDto.prototype, "stages_completed", void 0);
__decorate([
    ApiProperty({ example: 10 }),
    __metadata("design:type", Number)
], ProgressDto.prototype, "total_stages", void 0);
__decorate([
    ApiProperty({ type: [StageProgressDto] }),
    __metadata("design:type", Array)
], ProgressDto.prototype, "stages", void 0);
__decorate([
    ApiPropertyOptional({ format: 'uuid', description: 'Completed only' }),
    __metadata("design:type", String)
], ProgressDto.prototype, "document_id", void 0);
__decorate([
    ApiPropertyOptional({ type: ProgressExtractionsDto, description: "Completed only: the holdings and their transactions; a holding's unknown units, NAV or market value is null, never 0" }),
    __metadata("design:type", Object)
], ProgressDto.prototype, "extractions", void 0);
__decorate([
    ApiPropertyOptional({ type: PipelineErrorDto, description: 'Failed only' }),
    __metadata("design:type", PipelineErrorDto)
], ProgressDto.prototype, "error", void 0);
//# sourceMappingURL=pipeline.dto.js.map