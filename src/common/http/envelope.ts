import type { ErrorCode } from '../errors/error-codes.js';

export interface Envelope<T> {
  success: boolean;
  message: string;
  error: { code: ErrorCode | string; details: string } | null;
  result: T | null;
}

export const ok = <T>(result: T, message = 'OK'): Envelope<T> => ({ success: true, message, error: null, result });

export const failure = (code: string, message: string, details: string): Envelope<null> => ({
  success: false,
  message,
  error: { code, details },
  result: null,
});

/** Lets a handler choose the envelope's message while still returning its payload. */
export class WithMessage<T> {
  constructor(
    readonly result: T,
    readonly message: string,
  ) {}
}

/**
 * A result already serialized as JSON (by PostgreSQL: row_to_json), put into the envelope as it is
 * rather than parsed only to be serialized again. Only for text PostgreSQL built with json functions.
 */
export class JsonText {
  constructor(readonly json: string) {}
}

/** `JSON.stringify(ok(JSON.parse(json)))`, without the round trip. */
const OK_PREFIX = JSON.stringify(ok(null)).slice(0, -'null}'.length);
export const okJsonText = (result: JsonText): string => `${OK_PREFIX}${result.json}}`;
