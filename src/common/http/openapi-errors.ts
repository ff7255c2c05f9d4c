import type { OpenAPIObject, OperationObject, PathItemObject, ResponseObject } from '@nestjs/swagger';

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
 * Completes the generated document with the error answers (DESIGN.md §2): every operation lists the
 * errors any operation of its kind can give (400 when it takes input, 404 when its path names a
 * resource, 500 and 503 always), and every error answer, declared by a decorator or added here, is
 * described by the error envelope `{success:false, message, error:{code, details}, result:null}`
 * unless its decorator gave a schema of its own.
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
        if (Number(status) >= 400 && !response.content) response.content = { 'application/json': { schema: ref } };
      }
    }
  }
  return document;
}
