/** The operations of the OpenAPI document that take a body, with a valid-looking body built from their schemas. */
import type { OpenAPIObject } from '@nestjs/swagger';

export type BodyKind = 'json' | 'multipart' | 'form';

export interface BodyOperation {
  method: 'post' | 'put' | 'patch' | 'delete';
  /** The path template, e.g. /api/v1/users/{user_id}. */
  path: string;
  kind: BodyKind;
  /** Field name → schema (after $ref resolution). */
  fields: Record<string, Schema>;
  required: string[];
  /** Fields sent as files (multipart, format binary). */
  files: string[];
  pathParams: string[];
}

export interface Schema {
  $ref?: string;
  type?: string;
  format?: string;
  enum?: unknown[];
  example?: unknown;
  default?: unknown;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  allOf?: Schema[];
  minLength?: number;
}

const KINDS: Record<string, BodyKind> = {
  'application/json': 'json',
  'multipart/form-data': 'multipart',
  'application/x-www-form-urlencoded': 'form',
};

function resolve(doc: OpenAPIObject, schema: Schema | undefined): Schema {
  if (!schema) return {};
  if (schema.$ref) return resolve(doc, (doc.components?.schemas as Record<string, Schema>)[schema.$ref.split('/').pop()!]);
  if (schema.allOf) return schema.allOf.map((s) => resolve(doc, s)).reduce((a, b) => ({ ...a, ...b, properties: { ...a.properties, ...b.properties } }), {});
  return schema;
}

export function bodyOperations(doc: OpenAPIObject): BodyOperation[] {
  const out: BodyOperation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of ['post', 'put', 'patch', 'delete'] as const) {
      const op = (item as Record<string, any>)[method];
      const content = op?.requestBody?.content as Record<string, { schema?: Schema }> | undefined;
      if (!content) continue;
      for (const [type, media] of Object.entries(content)) {
        const kind = KINDS[type];
        if (!kind) continue;
        const schema = resolve(doc, media.schema);
        const fields = Object.fromEntries(Object.entries(schema.properties ?? {}).map(([name, s]) => [name, resolve(doc, s)]));
        out.push({
          method,
          path,
          kind,
          fields,
          required: schema.required ?? [],
          files: Object.entries(fields).filter(([, s]) => s.format === 'binary').map(([name]) => name),
          pathParams: ((op.parameters ?? []) as Array<{ in: string; name: string }>).filter((p) => p.in === 'path').map((p) => p.name),
        });
      }
    }
  }
  return out;
}

/** A value of the schema that passes validation as far as the schema tells (its example first). */
export function sampleOf(schema: Schema): unknown {
  if (schema.example !== undefined) return schema.example;
  if (schema.default !== undefined) return schema.default;
  if (schema.enum?.length) return schema.enum[0];
  switch (schema.type) {
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return true;
    case 'array':
      return [sampleOf(schema.items ?? { type: 'string' })];
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, s]) => [k, sampleOf(s)]));
    default:
      if (schema.format === 'uuid') return '9b2f6c1e-3d4a-4f5b-8c6d-7e8f9a0b1c2d';
      if (schema.format === 'email') return 'someone@example.in';
      return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
  }
}

/** The valid-looking body of an operation (non-file fields). */
export function sampleBody(op: BodyOperation): Record<string, unknown> {
  return Object.fromEntries(Object.entries(op.fields).filter(([name]) => !op.files.includes(name)).map(([name, s]) => [name, sampleOf(s)]));
}

/** An operation without a body that takes path or query parameters. */
export interface ParamOperation {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: string;
  pathParams: string[];
  /** Query parameter name → schema. */
  query: Record<string, Schema>;
}

/** The operations of the document that take no body but path or query parameters (the body operations have their own fuzzing). */
export function paramOperations(doc: OpenAPIObject): ParamOperation[] {
  const out: ParamOperation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of ['get', 'post', 'put', 'patch', 'delete'] as const) {
      const op = (item as Record<string, any>)[method];
      if (!op || op.requestBody) continue;
      const params = (op.parameters ?? []) as Array<{ in: string; name: string; schema?: Schema }>;
      const pathParams = params.filter((p) => p.in === 'path').map((p) => p.name);
      const query = Object.fromEntries(params.filter((p) => p.in === 'query').map((p) => [p.name, resolve(doc, p.schema)]));
      if (pathParams.length || Object.keys(query).length) out.push({ method, path, pathParams, query });
    }
  }
  return out;
}
