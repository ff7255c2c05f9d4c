import type { OpenAPIObject, OperationObject, PathItemObject, ResponseObject } from '@nestjs/swagger';
import { ERROR_CATALOGUE, type ErrorCode } from '../errors/error-codes.js';

/** The name of the error envelope's schema in `components.schemas` (the ErrorEnvelopeDto). */
export const ERROR_ENVELOPE_SCHEMA = 'ErrorEnvelopeDto';

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head'] as const;

/** The answers every operation of a kind can give, whatever its own decorators say. */
const COMMON: Array<{ status: string; applies: (path: string, op: OperationObject) => boolean; description: string }> = [
  {
    status: '400',
    applies: (_path, op) => Boolean(op.requestBody) || (op.parameters ?? []).length > 0,
    description: 'VALIDATION_ERROR or BAD_REQUEST: a parameter or field is missing, malformed or not allowed (`error.details` names it)',
  },
  {
    status: '404',
    applies: (path) => path.includes('{'),
    description: "NOT_FOUND: no such resource visible to the caller (another tenant's resources answer 404 too)",
  },
  {
    status: '500',
    applies: () => true,
    description: 'INTERNAL_ERROR: an unexpected error; `error.details` carries the request id to quote to support',
  },
  {
    status: '503',
    applies: () => true,
    description: 'SERVICE_UNAVAILABLE: PostgreSQL or Redis is not answering; retry after `Retry-After` seconds',
  },
];

/**
 * Completes the generated document with the error answers (docs/errors.md): every operation lists the
 * errors any operation of its kind can give (400 when it takes input, 404 when its path names a
 * resource, 500 and 503 always), and every error answer, declared by a decorator or added here, is
 * described by the error envelope `{success:false, message, error:{code, details}, result:null}`
 * unless its decorator gave a schema of its own, with an example of that answer's own status.
 */
export function describeErrorAnswers(document: OpenAPIObject): OpenAPIObject {
  const ref = { $ref: `#/components/schemas/${ERROR_ENVELOPE_SCHEMA}` };
  if (!document.components?.schemas?.[ERROR_ENVELOPE_SCHEMA]) throw new Error(`${ERROR_ENVELOPE_SCHEMA} is not in the document's schemas`);
  for (const [path, item] of Object.entries(document.paths) as Array<[string, PathItemObject]>) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const responses = op.responses as Record<string, ResponseObject>;
      for (const common of COMMON) {
        if (!responses[common.status] && common.applies(path, op)) responses[common.status] = { description: common.description };
      }
      for (const [status, response] of Object.entries(responses)) {
        if (Number(status) < 400 || response.content) continue;
        response.content = { 'application/json': { schema: ref, example: errorExample(document, path, op, Number(status), response.description) } };
      }
    }
  }
  return document;
}

/** The code an answer of a status shows when its description names none of that status. */
const DEFAULT_CODES: Partial<Record<number, ErrorCode>> = {
  400: 'VALIDATION_ERROR',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  410: 'FILE_NOT_STORED',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'UNPROCESSABLE',
  429: 'RATE_LIMITED',
  500: 'INTERNAL_ERROR',
  502: 'LLM_REQUEST_REJECTED',
  503: 'SERVICE_UNAVAILABLE',
  504: 'EXTRACTION_TIMEOUT',
  507: 'INSUFFICIENT_STORAGE',
};

/** A path parameter's own not-found code, where the catalogue has one. */
const NOT_FOUND_CODES: Record<string, ErrorCode> = {
  client_id: 'CLIENT_NOT_FOUND',
  household_id: 'HOUSEHOLD_NOT_FOUND',
  batch_id: 'BATCH_NOT_FOUND',
  report_id: 'REPORT_NOT_FOUND',
};

/** What a path parameter names, for a plain NOT_FOUND's details. */
const RESOURCE_NAMES: Record<string, string> = { doc_id: 'Document', process_id: 'Process', job_id: 'Job', session_id: 'Chat session', webhook_id: 'Webhook', delivery_id: 'Delivery', user_id: 'User', invitation_id: 'Invitation' };

const isCode = (word: string): word is ErrorCode => Object.hasOwn(ERROR_CATALOGUE, word);

/** The first catalogue code of this status the description names, else the status's own. */
export function exampleCode(status: number, description: string, path: string): ErrorCode | null {
  const words: string[] = description.match(/\b[A-Z][A-Z0-9_]+\b/g) ?? [];
  const named = words.filter(isCode).filter((code) => ERROR_CATALOGUE[code].status === status);
  // A 400 that can be a VALIDATION_ERROR shows one, naming a field.
  if (status === 400 && named.includes('VALIDATION_ERROR')) return 'VALIDATION_ERROR';
  if (named.length > 0) return named[0];
  if (status === 404) {
    const last = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).reverse();
    const own = last.map((param) => NOT_FOUND_CODES[param]).find(Boolean);
    if (own) return own;
  }
  return DEFAULT_CODES[status] ?? null;
}

/** The field a VALIDATION_ERROR example names: the body's first required field, else a query parameter, else a path one. */
function firstField(document: OpenAPIObject, op: OperationObject): string {
  const body = op.requestBody as { content?: Record<string, { schema?: { $ref?: string; required?: string[]; properties?: Record<string, unknown> } }> } | undefined;
  let schema = Object.values(body?.content ?? {})[0]?.schema;
  if (schema?.$ref) schema = document.components?.schemas?.[schema.$ref.split('/').pop()!] as typeof schema;
  const field = schema?.required?.[0] ?? Object.keys(schema?.properties ?? {})[0];
  if (field) return field;
  // A query parameter before a path one: a malformed id in the path is usually a 404.
  const params = (op.parameters ?? []).filter((p) => 'name' in p) as Array<{ name: string; in: string }>;
  return (params.find((p) => p.in === 'query') ?? params.find((p) => p.in === 'path'))?.name ?? 'body';
}

function details(document: OpenAPIObject, path: string, op: OperationObject, code: ErrorCode): string {
  if (code === 'VALIDATION_ERROR') return `${firstField(document, op)} is missing or malformed`;
  if (code === 'NOT_FOUND') {
    const param = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).pop();
    return `${(param && RESOURCE_NAMES[param]) ?? 'Resource'} not found`;
  }
  if (code === 'INTERNAL_ERROR') return 'Reference: 3f2b9c1e-5d4a-4e8f-9a7b-1c2d3e4f5a6b';
  return ERROR_CATALOGUE[code].message;
}

/** The envelope an error answer of this operation and status carries, as an example. */
export function errorExample(document: OpenAPIObject, path: string, op: OperationObject, status: number, description = '') {
  const code = exampleCode(status, description, path);
  if (!code) return undefined;
  return { success: false, message: ERROR_CATALOGUE[code].message, error: { code, details: details(document, path, op, code) }, result: null };
}
