import { ValidationPipe, type ValidationError } from '@nestjs/common';
import { AppException } from '../errors/app.exception.js';

function flatten(errors: ValidationError[], parent = ''): string[] {
  return errors.flatMap((e) => {
    const path = parent ? `${parent}.${e.property}` : e.property;
    const own = Object.values(e.constraints ?? {}).map((m) => (m.startsWith(e.property) ? m.replace(e.property, path) : `${path}: ${m}`));
    return [...own, ...flatten(e.children ?? [], path)];
  });
}

/** Whitelisting validation for every DTO; failures answer 400 VALIDATION_ERROR naming each field. */
export const createValidationPipe = () =>
  new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    forbidUnknownValues: true,
    validationError: { target: false, value: false },
    exceptionFactory: (errors) => new AppException('VALIDATION_ERROR', flatten(errors).join('; ') || 'The request body is invalid'),
  });
