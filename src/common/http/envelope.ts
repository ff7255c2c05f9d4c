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
