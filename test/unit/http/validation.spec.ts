import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { ValidationPipe, type ArgumentMetadata } from '@nestjs/common';
import { IsIn, IsOptional, IsString } from 'class-validator';
import { PageQueryDto } from '../../../src/common/http/pagination.js';
import { createValidationPipe, RepeatedQuery } from '../../../src/common/http/validation.js';
import { DocumentListQueryDto } from '../../../src/modules/nexus/dto/document.dto.js';

@RepeatedQuery()
class TaggedQueryDto {
  @IsOptional()
  @IsString({ each: true })
  tag: string[] = [];

  @IsOptional()
  @IsIn(['a', 'b'])
  kind: string = 'a';
}

/** Like the SSO callback's query: one-time values, not marked. */
class OneTimeQueryDto {
  @IsOptional()
  @IsString()
  code?: string;
}

const query = (metatype: ArgumentMetadata['metatype'], data?: string): ArgumentMetadata => ({ type: 'query', metatype, data });
/** A query as Express hands it over (no prototype). */
const parsed = (fields: Record<string, string | string[]>) => Object.assign(Object.create(null) as object, fields);

const codeOf = async (run: Promise<unknown>): Promise<string> =>
  run.then(
    () => 'accepted',
    (error: { code?: string }) => error.code ?? 'threw',
  );

describe('validation pipe: queries seen valid are remembered for @RepeatedQuery() DTOs', () => {
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('answers a repeated valid query with an equal DTO of its class without converting and validating it again', async () => {
    const pipe = createValidationPipe();
    const validated = jest.spyOn(ValidationPipe.prototype, 'transform');
    const first = await pipe.transform(parsed({ limit: '20', skip: '40' }), query(DocumentListQueryDto));
    const second = await pipe.transform(parsed({ limit: '20', skip: '40' }), query(DocumentListQueryDto));
    expect(first).toEqual({ limit: 20, skip: 40 });
    expect(second).toEqual(first);
    expect(second).toBeInstanceOf(DocumentListQueryDto);
    expect(validated).toHaveBeenCalledTimes(1);
    // Another query is converted and validated on its own.
    expect(await pipe.transform(parsed({ limit: '5' }), query(DocumentListQueryDto))).toEqual({ limit: 5, skip: 0 });
    expect(validated).toHaveBeenCalledTimes(2);
  });

  it('hands out copies: a route changing its DTO, or an array in it, changes nothing for the next request', async () => {
    const pipe = createValidationPipe();
    const first = (await pipe.transform(parsed({ tag: ['x', 'y'], kind: 'b' }), query(TaggedQueryDto))) as TaggedQueryDto;
    first.tag.push('z');
    first.kind = 'changed';
    const second = (await pipe.transform(parsed({ tag: ['x', 'y'], kind: 'b' }), query(TaggedQueryDto))) as TaggedQueryDto;
    expect(second).toEqual({ tag: ['x', 'y'], kind: 'b' });
    second.tag.pop();
    const third = (await pipe.transform(parsed({ tag: ['x', 'y'], kind: 'b' }), query(TaggedQueryDto))) as TaggedQueryDto;
    expect(third).toEqual({ tag: ['x', 'y'], kind: 'b' });
  });

  it('refuses an invalid query every time it comes, and remembers nothing of it', async () => {
    const pipe = createValidationPipe();
    const validated = jest.spyOn(ValidationPipe.prototype, 'transform');
    const invalid: Array<Record<string, string | string[]>> = [{ limit: '0' }, { limit: 'abc' }, { skip: '-1' }, { limit: '1', unknown: 'x' }, { limit: ['1', '2'] }];
    for (const fields of invalid) {
      for (let i = 0; i < 2; i++) expect({ fields, code: await codeOf(pipe.transform(parsed(fields), query(DocumentListQueryDto))) }).toEqual({ fields, code: 'VALIDATION_ERROR' });
    }
    expect(validated).toHaveBeenCalledTimes(10);
  });

  it('keys on the parameter and the DTO: the same text for another DTO or another @Query(name) is validated for it', async () => {
    const pipe = createValidationPipe();
    expect(await pipe.transform(parsed({ kind: 'b' }), query(TaggedQueryDto))).toEqual({ tag: [], kind: 'b' });
    expect(await codeOf(pipe.transform(parsed({ kind: 'b' }), query(PageQueryDto)))).toBe('VALIDATION_ERROR');
    const validated = jest.spyOn(ValidationPipe.prototype, 'transform');
    await pipe.transform(parsed({ kind: 'b' }), query(TaggedQueryDto, 'filter'));
    expect(validated).toHaveBeenCalledTimes(1);
  });

  it('never remembers an unmarked DTO (one-time values such as an SSO code), nor a query longer than its limit', async () => {
    const pipe = createValidationPipe();
    const validated = jest.spyOn(ValidationPipe.prototype, 'transform');
    for (let i = 0; i < 2; i++) await pipe.transform(parsed({ code: 'one-time-code' }), query(OneTimeQueryDto));
    expect(validated).toHaveBeenCalledTimes(2);
    const long = parsed({ tag: Array.from({ length: 100 }, (_, i) => `tag-${i}`) });
    for (let i = 0; i < 2; i++) await pipe.transform(long, query(TaggedQueryDto));
    expect(validated).toHaveBeenCalledTimes(4);
  });

  it('holds a bounded number of queries per DTO, dropping the oldest first', async () => {
    const pipe = createValidationPipe();
    for (let page = 1; page <= 257; page++) await pipe.transform(parsed({ page: String(page) }), query(PageQueryDto));
    const validated = jest.spyOn(ValidationPipe.prototype, 'transform');
    await pipe.transform(parsed({ page: '257' }), query(PageQueryDto));
    expect(validated).toHaveBeenCalledTimes(0);
    await pipe.transform(parsed({ page: '1' }), query(PageQueryDto));
    expect(validated).toHaveBeenCalledTimes(1);
  });
});
