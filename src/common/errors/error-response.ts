import { HttpException, HttpStatus } from '@nestjs/common';
import { QueryFailedError } from 'typeorm';
import { AppException } from './app.exception.js';
import { isDependencyUnavailable } from './dependency-errors.js';
import { ERROR_CATALOGUE, RETRY_AFTER_SECONDS, type ErrorCode } from './error-codes.js';
import { failure, type Envelope } from '../http/envelope.js';

export interface ErrorResponse {
  status: number;
  body: Envelope<null>;
  headers: Record<string, string>;
  /** true when the error is ours (a bug or a dependency) and must be logged with its stack. */
  unexpected: boolean;
  /** A line for the server log at warn: not a bug, but something an operator must see. */
  warning?: string;
}

const STATUS_CODES: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'UNPROCESSABLE',
  429: 'RATE_LIMITED',
  503: 'SERVICE_UNAVAILABLE',
};

const WRONG_FORMAT = 'A value has the wrong format';
const COLLIDED = 'The request collided with a concurrent change to the same data and was not applied; retry it';

/**
 * PostgreSQL SQLSTATEs that mean "the client sent something the schema refuses", or that the request
 * lost a race with another (a deadlock or serialization failure rolls the whole transaction back, so
 * retrying is safe; a foreign-key violation usually means a related row was deleted meanwhile).
 */
const PG_CLIENT_ERRORS: Record<string, [ErrorCode, string]> = {
  '23505': ['CONFLICT', 'A resource with the same unique value already exists'],
  '23503': ['CONFLICT', 'The request conflicts with related data that was changed or deleted meanwhile; it was not applied'],
  '40P01': ['CONFLICT', COLLIDED],
  '40001': ['CONFLICT', COLLIDED],
  '22P02': ['VALIDATION_ERROR', WRONG_FORMAT],
  '22001': ['VALIDATION_ERROR', WRONG_FORMAT],
  '22003': ['VALIDATION_ERROR', WRONG_FORMAT],
  '22021': ['VALIDATION_ERROR', WRONG_FORMAT],
  '22007': ['VALIDATION_ERROR', WRONG_FORMAT],
  '22008': ['VALIDATION_ERROR', WRONG_FORMAT],
};

const fromCode = (code: ErrorCode, details?: string, message?: string): ErrorResponse => {
  const entry = ERROR_CATALOGUE[code];
  const msg = message ?? entry.message;
  return { status: entry.status, body: failure(code, msg, details ?? msg), headers: {}, unexpected: false };
};

/**
 * Maps any thrown value to the envelope. Clients never see a stack trace, SQL, or a library's
 * internal message for an unexpected error: only the code and the request id to quote to support.
 */
export function toErrorResponse(error: unknown, requestId: string): ErrorResponse {
  if (error instanceof AppException) {
    return {
      status: error.getStatus(),
      body: failure(error.code, error.message, error.details),
      headers: error.headers,
      unexpected: false,
    };
  }
  if (error instanceof HttpException) {
    const status = error.getStatus();
    const code = STATUS_CODES[status] ?? (status >= 500 ? 'INTERNAL_ERROR' : 'BAD_REQUEST');
    if (status >= 500) return internal(requestId);
    const response = error.getResponse();
    const text = typeof response === 'string' ? response : describe((response as { message?: unknown }).message) ?? error.message;
    if (status === 404 && /^Cannot [A-Z]+ /.test(text)) return fromCode('ROUTE_NOT_FOUND', text);
    // multer's file count limit: only the batch upload takes more than one file.
    if ((error.cause as { code?: string } | undefined)?.code === 'LIMIT_FILE_COUNT') return fromCode('BATCH_TOO_MANY_FILES', 'The request carries more files than BATCH_MAX_FILES; nothing was stored');
    if (status === 413) return fromCode('PAYLOAD_TOO_LARGE', text === 'File too large' ? 'The uploaded file exceeds the size limit' : text);
    return { ...fromCode(code, text), status };
  }
  // The document store (either driver's) cannot be reached: nothing was stored, retry later.
  if ((error as { name?: unknown } | null)?.name === 'StorageUnavailable') return storageUnavailable(requestId);
  // The store answers, but an object a row names is not in it (removed behind the service's back).
  if ((error as { name?: unknown } | null)?.name === 'StoredObjectMissing') return fileNotStored(requestId);
  // PostgreSQL or Redis down or restarting: the client should retry, not report a bug.
  if (isDependencyUnavailable(error)) return unavailable(requestId);
  if (error instanceof QueryFailedError) {
    const sqlState = (error.driverError as { code?: string } | undefined)?.code ?? '';
    // PostgreSQL's disk is full (disk_full, class 53 "insufficient resources"): nothing was written.
    if (sqlState === '53100') return { ...fromCode('INSUFFICIENT_STORAGE', 'The database has no space left; nothing was written. Try again later.'), unexpected: true };
    const known = PG_CLIENT_ERRORS[sqlState];
    // A deadlock or serialization failure is logged too: it points at a lock order to fix.
    if (known) return { ...fromCode(...known), unexpected: sqlState.startsWith('40') };
    return internal(requestId);
  }
  // body-parser and multer errors carry an HTTP status and a machine type of their own.
  const e = error as { type?: string; status?: number; statusCode?: number; code?: string } | null;
  if (e && typeof e === 'object') {
    // The document store is full (or over quota): nothing was stored, and an operator must know.
    if (e.code === 'ENOSPC' || e.code === 'EDQUOT') {
      return { ...fromCode('INSUFFICIENT_STORAGE', 'The document store has no space left; the upload was not stored. Try again later.'), unexpected: true };
    }
    if (e.type === 'entity.parse.failed') return fromCode('MALFORMED_JSON');
    if (e.type === 'entity.too.large' || e.code === 'LIMIT_FILE_SIZE') return fromCode('PAYLOAD_TOO_LARGE');
    if (e.type === 'encoding.unsupported' || e.type === 'charset.unsupported') return fromCode('UNSUPPORTED_MEDIA_TYPE');
    const status = e.status ?? e.statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) return { ...fromCode(STATUS_CODES[status] ?? 'BAD_REQUEST'), status };
  }
  return internal(requestId);
}

function unavailable(requestId: string): ErrorResponse {
  const entry = ERROR_CATALOGUE.SERVICE_UNAVAILABLE;
  return {
    status: HttpStatus.SERVICE_UNAVAILABLE,
    body: failure('SERVICE_UNAVAILABLE', entry.message, `A dependency is not answering; retry shortly. Reference: ${requestId}`),
    headers: { 'Retry-After': RETRY_AFTER_SECONDS },
    unexpected: true,
  };
}

function storageUnavailable(requestId: string): ErrorResponse {
  const entry = ERROR_CATALOGUE.STORAGE_UNAVAILABLE;
  return {
    status: HttpStatus.SERVICE_UNAVAILABLE,
    body: failure('STORAGE_UNAVAILABLE', entry.message, `The document store is not answering; nothing was stored. Retry shortly. Reference: ${requestId}`),
    headers: { 'Retry-After': RETRY_AFTER_SECONDS },
    unexpected: true,
  };
}

function internal(requestId: string): ErrorResponse {
  const entry = ERROR_CATALOGUE.INTERNAL_ERROR;
  return {
    status: HttpStatus.INTERNAL_SERVER_ERROR,
    body: failure('INTERNAL_ERROR', entry.message, `Reference: ${requestId}`),
    headers: {},
    unexpected: true,
  };
}

function describe(message: unknown): string | undefined {
  if (Array.isArray(message)) return message.join('; ');
  if (typeof message === 'string') return message;
  return undefined;
}

function fileNotStored(requestId: string): ErrorResponse {
  const entry = ERROR_CATALOGUE.FILE_NOT_STORED;
  return {
    status: entry.status,
    body: failure('FILE_NOT_STORED', entry.message, `The record remains but its file is missing from the document store, so it cannot be served; retrying will not help. Reference: ${requestId}`),
    headers: {},
    unexpected: false,
    warning: 'stored object missing: a row names a file the document store does not hold',
  };
}
