import { ValidationPipe, type ArgumentMetadata, type ValidationError } from '@nestjs/common';
import { AppException } from '../errors/app.exception.js';

function flatten(errors: ValidationError[], parent = ''): string[] {
  return errors.flatMap((e) => {
    const path = parent ? `${parent}.${e.property}` : e.property;
    const own = Object.values(e.constraints ?? {}).map((m) => (m.startsWith(e.property) ? m.replace(e.property, path) : `${path}: ${m}`));
    return [...own, ...flatten(e.children ?? [], path)];
  });
}

/**
 * The validation pipe of every route. It refuses, before class-transformer and class-validator see
 * it, a body that cannot be the DTO's object (a top-level array or scalar): it would otherwise become
 * one instance, and one "should not exist" error, per element.
 */
class ApiValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata) {
    if (metadata.type === 'body' && this.toValidate(metadata) && value !== undefined && value !== null && (typeof value !== 'object' || Array.isArray(value))) {
      throw new AppException('VALIDATION_ERROR', 'The request body must be a JSON object');
    }
    return super.transform(value, metadata);
  }
}

/** Whitelisting validation for every DTO; failures answer 400 VALIDATION_ERROR naming each field. */
export const createValidationPipe = () =>
  new ApiValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    forbidUnknownValues: true,
    validationError: { target: false, value: false },
    exceptionFactory: (errors) => new AppException('VALIDATION_ERROR', flatten(errors).join('; ') || 'The request body is invalid'),
  });
