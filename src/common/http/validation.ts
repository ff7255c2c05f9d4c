import { ValidationPipe, type ArgumentMetadata, type ValidationError } from '@nestjs/common';
import { AppException } from '../errors/app.exception.js';

function flatten(errors: ValidationError[], parent = ''): string[] {
  return errors.flatMap((e) => {
    const path = parent ? `${parent}.${e.property}` : e.property;
    const own = Object.values(e.constraints ?? {}).map((m) => (m.startsWith(e.property) ? m.replace(e.property, path) : `${path}: ${m}`));
    return [...own, ...flatten(e.children ?? [], path)];
  });
}

const REPEATED_QUERIES = new WeakSet<object>();

/**
 * Marks a query DTO whose valid queries the validation pipe may remember: its fields are flat
 * (numbers, strings, booleans, arrays of them) and its rules depend on nothing but the query.
 */
export const RepeatedQuery = (): ClassDecorator => (target) => {
  REPEATED_QUERIES.add(target);
};

/** Query strings remembered per DTO class once they validated, and the longest one remembered. */
const VALID_QUERIES_MAX = 256;
const VALID_QUERY_KEY_MAX = 512;

/**
 * The validation pipe of every route, with two additions:
 * - It refuses, before class-transformer and class-validator see it, a body that cannot be the DTO's
 *   object (a top-level array or scalar): it would otherwise become one instance, and one "should
 *   not exist" error, per element.
 * - For a query DTO marked `@RepeatedQuery()`, it remembers the queries that validated. Turning a
 *   query into its DTO and validating it is a pure function of the parsed query (those DTOs' rules
 *   read nothing else), and clients repeat the same few queries (a page size, a filter) on every
 *   poll: converting and validating them each time was several percent of a hot read's CPU
 *   (docs/benchmarks.md, "Load"). A query seen valid is answered with a copy of its DTO; one that
 *   failed is validated again each time, so it gets the same 400. At most VALID_QUERIES_MAX queries
 *   per DTO, dropped oldest first. Queries that carry one-time values (an SSO code) are not marked.
 */
class ApiValidationPipe extends ValidationPipe {
  private readonly validQueries = new Map<object, Map<string, object>>();

  override async transform(value: unknown, metadata: ArgumentMetadata) {
    if (metadata.type === 'body' && this.toValidate(metadata) && value !== undefined && value !== null && (typeof value !== 'object' || Array.isArray(value))) {
      throw new AppException('VALIDATION_ERROR', 'The request body must be a JSON object');
    }
    const { metatype } = metadata;
    if (metadata.type === 'query' && metatype && REPEATED_QUERIES.has(metatype) && typeof value === 'object' && value !== null) return this.transformQuery(value, metadata, metatype);
    return super.transform(value, metadata);
  }

  private async transformQuery(value: object, metadata: ArgumentMetadata, metatype: object): Promise<unknown> {
    const key = `${metadata.data ?? ''}?${JSON.stringify(value)}`;
    if (key.length > VALID_QUERY_KEY_MAX) return super.transform(value, metadata);
    let known = this.validQueries.get(metatype);
    const seen = known?.get(key);
    if (seen) return copyOf(seen);
    const dto: unknown = await super.transform(value, metadata);
    if (typeof dto !== 'object' || dto === null) return dto;
    if (!known) this.validQueries.set(metatype, (known = new Map()));
    if (known.size >= VALID_QUERIES_MAX) known.delete(known.keys().next().value!);
    known.set(key, copyOf(dto));
    return dto;
  }
}

/** A copy of a query DTO (flat: its fields are numbers, strings, booleans and arrays of them), of its class. */
function copyOf<T extends object>(dto: T): T {
  const copy = Object.assign(Object.create(Object.getPrototypeOf(dto) as object) as T, dto);
  for (const [field, v] of Object.entries(copy)) if (Array.isArray(v)) (copy as Record<string, unknown>)[field] = [...v];
  return copy;
}

/** Whitelisting validation for every DTO; failures answer 400 VALIDATION_ERROR naming each field. */
export const createValidationPipe = () =>
  new ApiValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    forbidUnknownValues: true,
    validationError: { target: false, value: false },
    exceptionFactory: (errors) => new AppException('VALIDATION_ERROR', flatten(errors).join('; ') || 'The request body is invalid'),
  });
