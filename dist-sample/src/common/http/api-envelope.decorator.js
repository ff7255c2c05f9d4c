var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var __metadata = (this && this.__metadata) || function (k, v) {
    if (typeof Reflect === "object" && typeof Reflect.metadata === "function") return Reflect.metadata(k, v);
};
import { applyDecorators } from '@nestjs/common';
import { ApiExtraModels, ApiProperty, ApiResponse, getSchemaPath } from '@nestjs/swagger';
import { ERROR_CATALOGUE } from '../errors/error-codes.js';
export class ApiErrorDto {
}
__decorate([
    ApiProperty({ example: 'NOT_FOUND', enum: Object.keys(ERROR_CATALOGUE), description: 'The error code (docs/errors.md)' }),
    __metadata("design:type", String)
], ApiErrorDto.prototype, "code", void 0);
__decorate([
    ApiProperty({ example: 'Document not found' }),
    __metadata("design:type", String)
], ApiErrorDto.prototype, "details", void 0);
export class ErrorEnvelopeDto {
}
__decorate([
    ApiProperty({ example: false }),
    __metadata("design:type", Boolean)
], ErrorEnvelopeDto.prototype, "success", void 0);
__decorate([
    ApiProperty({ example: 'Resource not found' }),
    __metadata("design:type", String)
], ErrorEnvelopeDto.prototype, "message", void 0);
__decorate([
    ApiProperty({ type: ApiErrorDto }),
    __metadata("design:type", ApiErrorDto)
], ErrorEnvelopeDto.prototype, "error", void 0);
__decorate([
    ApiProperty({ type: 'object', additionalProperties: false, nullable: true, example: null, description: 'Always null in an error' }),
    __metadata("design:type", void 0)
], ErrorEnvelopeDto.prototype, "result", void 0);
/** Documents a V1 answer: the envelope with `result` of the given DTO (or array of it). */
export function ApiEnvelope(model, options = {}) {
    const result = model
        ? options.isArray
            ? { type: 'array', items: { $ref: getSchemaPath(model) } }
            : { $ref: getSchemaPath(model) }
        : { nullable: true, example: null };
    return applyDecorators(...(model ? [ApiExtraModels(model)] : []), ApiResponse({
        status: options.status ?? 200,
        description: options.description ?? 'Success, in the envelope',
        schema: {
            type: 'object',
            required: ['success', 'message', 'error', 'result'],
            properties: {
                success: { type: 'boolean', example: true },
                message: { type: 'string', example: 'OK' },
                error: { nullable: true, example: null },
                result,
            },
        },
    }));
}
//# sourceMappingURL=api-envelope.decorator.js.map