import { HttpException } from '@nestjs/common';
import { ERROR_CATALOGUE, type ErrorCode } from './error-codes.js';

export interface AppExceptionOptions {
  /** Overrides the catalogue's default message. */
  message?: string;
  /** Extra response headers (e.g. Retry-After). */
  headers?: Record<string, string>;
  status?: number;
}

/** A typed error from the catalogue; the global filter turns it into the envelope. */
export class AppException extends HttpException {
  readonly code: ErrorCode;
  readonly details: string;
  readonly headers: Record<string, string>;

  constructor(code: ErrorCode, details?: string, options: AppExceptionOptions = {}) {
    const entry = ERROR_CATALOGUE[code];
    const message = options.message ?? entry.message;
    super(message, options.status ?? entry.status);
    this.code = code;
    this.details = details ?? message;
    this.headers = options.headers ?? {};
  }
}

export const notFound = (what = 'Resource') => new AppException('NOT_FOUND', `${what} not found`, { message: `${what} not found` });
