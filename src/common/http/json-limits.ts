import type { IncomingMessage, ServerResponse } from 'node:http';
import { AppException } from '../errors/app.exception.js';

/** No request body of the API nests anywhere near this deep... */
export const MAX_JSON_DEPTH = 64;
/** ...or holds anywhere near this many values (array elements and object members). */
export const MAX_JSON_VALUES = 10_000;

/**
 * body-parser's `verify` hook: refuses, before it is parsed, a JSON body nested deeper than
 * MAX_JSON_DEPTH or holding more than MAX_JSON_VALUES values. Validation and class-transformer walk a
 * body recursively and copy every element, so a body 10,000 levels deep (a few kilobytes) would
 * overflow the stack and answer 500, and an array of 300,000 numbers (600 KB) would hold the event
 * loop for seconds.
 */
export function rejectAbusiveJson(_req: IncomingMessage, _res: ServerResponse, body: Buffer): void {
  let depth = 0;
  let values = 0;
  let inString = false;
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > MAX_JSON_DEPTH) throw new AppException('VALIDATION_ERROR', `The JSON body is nested deeper than ${MAX_JSON_DEPTH} levels`);
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
    } else if (c === 0x2c && ++values > MAX_JSON_VALUES) {
      throw new AppException('VALIDATION_ERROR', `The JSON body holds more than ${MAX_JSON_VALUES} values`);
    }
  }
}
