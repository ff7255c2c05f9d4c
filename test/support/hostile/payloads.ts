/**
 * Hostile values for the API fuzz test, as fast-check arbitraries. JSON bodies are built as trees and
 * serialised here (not with JSON.stringify on plain objects), so keys such as `__proto__` reach the
 * wire as keys instead of being swallowed by the test's own object literals.
 */
import fc from 'fast-check';

export const SQL_INJECTION = [
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  "1; SELECT pg_sleep(5)--",
  "' UNION SELECT email, password_hash FROM users--",
  '" OR ""="',
  "admin'--",
  "%' AND 1=1 --",
  "1' AND (SELECT 1 FROM pg_sleep(5))::text='1",
  "$1; DELETE FROM tenants",
];

export const SCRIPT_INJECTION = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(document.cookie)',
  '<svg/onload=alert(1)>',
  '{{constructor.constructor("return process")()}}',
  '${process.exit(1)}',
  '</textarea><script>fetch("//evil.example")</script>',
  '\r\nSet-Cookie: pwned=1',
];

export const UNICODE = [
  '\u202Efdp.exe\u202C', // right-to-left override
  'مرحبا بالعالم',
  'שלום עולם',
  '😀👨‍👩‍👧‍👦🏳️‍🌈',
  'e\u0301\u0301\u0301\u0301\u0301', // stacked combining marks
  'Z̴̡̛̙͓a̷̢̛l̶̨g̸o̵',
  '\uFEFFbom',
  '\uD800', // lone surrogates
  '\uDFFF\uD800',
  '\u0000',
  'a\u0000b',
  '\u0085\u2028\u2029',
  '𝕿𝖊𝖘𝖙',
  'İıſK',
  '\u200B\u200C\u200D',
];

export const PROTO_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', '__defineGetter__'];

/** A JSON object whose keys are kept verbatim (including `__proto__`). */
export class JsonObject {
  constructor(readonly entries: Array<[string, JsonTree]>) {}
}
export type JsonTree = null | boolean | number | string | JsonTree[] | JsonObject;

export function toJson(value: JsonTree): string {
  if (value instanceof JsonObject) return `{${value.entries.map(([k, v]) => `${JSON.stringify(k)}:${toJson(v)}`).join(',')}}`;
  if (Array.isArray(value)) return `[${value.map(toJson).join(',')}]`;
  if (typeof value === 'number' && !Number.isFinite(value)) return 'null';
  return JSON.stringify(value);
}

/** A plain value (no functions) as a tree, keys kept. */
export function fromPlain(value: unknown): JsonTree {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return value.map(fromPlain);
  if (typeof value === 'object') return new JsonObject(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, fromPlain(v)]));
  return value as JsonTree;
}

const HUGE_STRING = 'A'.repeat(100_000);
const HUGE_ARRAY = Array.from({ length: 50_000 }, (_, i) => i % 7);

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...SQL_INJECTION, ...SCRIPT_INJECTION, ...UNICODE, ...PROTO_KEYS, '', ' ', HUGE_STRING),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }), // any code unit, lone surrogates and NUL included
  fc.constantFrom('00000000-0000-0000-0000-000000000000', 'usr_', 'whk_zzzz', 'true', 'false', 'null', '-1', '1e309', 'NaN'),
);

export const hostileKey: fc.Arbitrary<string> = fc.oneof(fc.constantFrom(...PROTO_KEYS), hostileString.filter((s) => s.length < 200));

const prototypeProbe = new JsonObject([['polluted', 'yes']]);

/** Any JSON value, biased towards what breaks servers. */
export const hostileValue: fc.Arbitrary<JsonTree> = fc.letrec<{ value: JsonTree }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', maxDepth: 4 },
    hostileString,
    fc.constantFrom<JsonTree>(0, -1, 1.5, -0, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 2 ** 31, true, false, null),
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.constant<JsonTree>(HUGE_ARRAY),
    fc.constant<JsonTree>(prototypeProbe),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.array(fc.tuple(hostileKey, tie('value')), { maxLength: 4 }).map((entries) => new JsonObject(entries)),
  ),
})).value;

/** Objects `depth` deep, built directly as text (a tree this deep would overflow the serialiser). */
export const deepArrayText = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
export const deepObjectText = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

/** Raw bodies sent with a JSON content type that are not what the endpoint expects (or not JSON at all). */
export function rawJsonBodies(valid: string): Array<{ name: string; body: string | Buffer }> {
  const deep = (depth: number, field: string) => {
    // the deep value in place of the first field of a valid body, so it reaches validation
    const m = /^\{("(?:[^"\\]|\\.)*"):/.exec(valid);
    return m ? `{${m[1]}:${deepObjectText(depth)}}` : deepObjectText(depth);
  };
  return [
    { name: 'deep arrays (10k)', body: deepArrayText(10_000) },
    { name: 'deep objects (10k)', body: deepObjectText(10_000) },
    { name: 'deep objects (100k)', body: deepObjectText(100_000) },
    { name: 'deep value in a field (10k)', body: deep(10_000, 'a') },
    { name: 'deep value in a field (1k)', body: deep(1_000, 'a') },
    { name: 'huge array', body: `[${'1,'.repeat(300_000)}1]` },
    { name: 'huge array in a field', body: valid.replace(/^\{/, `{"extra":[${'1,'.repeat(300_000)}1],`) },
    { name: '80,000 keys', body: `{${Array.from({ length: 80_000 }, (_, i) => `"k${i}":1`).join(',')}}` },
    { name: 'over 1 MiB', body: `{"a":"${'x'.repeat(1_100_000)}"}` },
    { name: 'truncated', body: valid.slice(0, Math.max(1, valid.length - 2)) },
    { name: 'single quotes', body: "{'a': 1}" },
    { name: 'trailing garbage', body: `${valid}garbage` },
    { name: 'NaN', body: 'NaN' },
    { name: 'empty', body: '' },
    { name: 'null', body: 'null' },
    { name: 'a string', body: '"just a string"' },
    { name: 'a number', body: '12345' },
    { name: 'an array of the valid body', body: `[${valid}]` },
    { name: 'NUL bytes', body: Buffer.from(`{"a":"\u0000"}\u0000\u0000`) },
    { name: 'BOM', body: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(valid)]) },
    // Valid JSON whose strings are not valid Unicode: every string value starts with a lone surrogate escape.
    { name: 'lone surrogate escapes in every string', body: valid.replace(/":"/g, '":"\\udc00') },
    { name: 'a lone high surrogate escape at the end of every string', body: valid.replace(/([^\\])"(,|\})/g, '$1\\ud800"$2') },
    { name: 'invalid UTF-8', body: Buffer.concat([Buffer.from('{"a":"'), Buffer.from([0xc3, 0x28, 0xff, 0xfe]), Buffer.from('"}')]) },
    { name: '__proto__ pollution', body: valid.replace(/^\{/, '{"__proto__":{"polluted":"yes"},') },
    { name: 'constructor.prototype pollution', body: valid.replace(/^\{/, '{"constructor":{"prototype":{"polluted":"yes"}},') },
    { name: 'duplicate keys', body: valid.replace(/^\{/, '{"__proto__":1,"__proto__":{"polluted":"yes"},') },
  ];
}

/** Content types that are wrong for a JSON endpoint, with the valid body. */
export const WRONG_CONTENT_TYPES = [
  'text/plain',
  'application/xml',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=----nothing',
  'application/json; charset=utf-16',
  'application/json; charset=koi8-r',
  'application/octet-stream',
  'image/png',
  'application/vnd.api+json',
  '',
];
