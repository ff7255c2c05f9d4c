import type { IncomingMessage, ServerResponse } from 'node:http';
import { AppException } from '../errors/app.exception.js';

/** No request body of the API nests anywhere near this deep... */
export const MAX_JSON_DEPTH = 64;
/** ...or holds anywhere near this many values (array elements and object members). */
export const MAX_JSON_VALUES = 10_000;

const unpaired = () => new AppException('VALIDATION_ERROR', 'The JSON body holds a string that is not valid Unicode (an unpaired surrogate escape)');

/** The UTF-16 code unit of the four hex digits at `at`, or -1 (JSON.parse refuses such a body anyway). */
function hexUnit(body: Buffer, at: number): number {
  const digits = body.toString('latin1', at, at + 4);
  return /^[0-9a-fA-F]{4}$/.test(digits) ? parseInt(digits, 16) : -1;
}

/**
 * The length of the escape starting with the backslash at `at`: 2 (`\n`), 6 (`\u00e9`), or 12 for a
 * surrogate pair (`\ud83d\ude00`). A lone surrogate escape is refused: JSON.parse would make it a
 * string that is not well-formed UTF-16, which libraries downstream are not ready for (validator's
 * isEmail throws on one, answering 500).
 */
function escapeLength(body: Buffer, at: number): number {
  if (body[at + 1] !== 0x75) return 2;
  const unit = hexUnit(body, at + 2);
  if (unit < 0) return 2;
  if (unit >= 0xdc00 && unit <= 0xdfff) throw unpaired();
  if (unit < 0xd800 || unit > 0xdbff) return 6;
  const low = body[at + 6] === 0x5c && body[at + 7] === 0x75 ? hexUnit(body, at + 8) : -1;
  if (low < 0xdc00 || low > 0xdfff) throw unpaired();
  return 12;
}

/**
 * body-parser's `verify` hook: refuses, before it is parsed, a JSON body nested deeper than
 * MAX_JSON_DEPTH or holding more than MAX_JSON_VALUES values, or holding a lone surrogate escape.
 * Validation and class-transformer walk a body recursively and copy every element, so a body 10,000
 * levels deep (a few kilobytes) would overflow the stack and answer 500, and an array of 300,000
 * numbers (600 KB) would hold the event loop for seconds.
 */
export function rejectAbusiveJson(_req: IncomingMessage, _res: ServerResponse, body: Buffer): void {
  let depth = 0;
  let values = 0;
  let inString = false;
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (inString) {
      if (c === 0x5c) i += escapeLength(body, i) - 1; // a backslash: skip the escape
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
