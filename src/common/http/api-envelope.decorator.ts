import { applyDecorators, type Type } from '@nestjs/common';
import { ApiExtraModels, ApiProperty, ApiResponse, getSchemaPath } from '@nestjs/swagger';
import { ERROR_CATALOGUE } from '../errors/error-codes.js';

export class ApiErrorDto {
  @ApiProperty({ example: 'NOT_FOUND', enum: Object.keys(ERROR_CATALOGUE), description: 'The error code (docs/errors.md)' }) code: string;
  @ApiProperty({ example: 'Document not found' }) details: string;
}

export class ErrorEnvelopeDto {
  @ApiProperty({ example: false }) success: boolean;
  @ApiProperty({ example: 'Resource not found' }) message: string;
  @ApiProperty({ type: ApiErrorDto }) error: ApiErrorDto;
  @ApiProperty({ type: 'object', additionalProperties: false, nullable: true, example: null, description: 'Always null in an error' }) result: null;
}

interface EnvelopeOptions {
  status?: number;
  isArray?: boolean;
  description?: string;
  /** An example `result`, where the model's own property examples would show another state (a 202's `queued`). */
  resultExample?: object;
}

/** Documents a V1 answer: the envelope with `result` of the given DTO (or array of it). */
export function ApiEnvelope(model: Type<unknown> | null, options: EnvelopeOptions = {}) {
  const result = model
    ? options.isArray
      ? { type: 'array', items: { $ref: getSchemaPath(model) } }
      : { $ref: getSchemaPath(model) }
    : { nullable: true, example: null };
  return applyDecorators(
    ...(model ? [ApiExtraModels(model)] : []),
    ApiResponse({
      status: options.status ?? 200,
      description: options.description ?? 'Success, in the envelope',
      schema: {
        type: 'object',
        ...(options.resultExample ? { example: { success: true, message: 'OK', error: null, result: options.resultExample } } : {}),
        required: ['success', 'message', 'error', 'result'],
        properties: {
          success: { type: 'boolean', example: true },
          message: { type: 'string', example: 'OK' },
          error: { nullable: true, example: null },
          result,
        },
      },
    }),
  );
}
