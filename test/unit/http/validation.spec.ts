import { describe, expect, it } from '@jest/globals';
import type { ArgumentMetadata } from '@nestjs/common';
import { IsString } from 'class-validator';
import { createValidationPipe } from '../../../src/common/http/validation.js';
import { DocumentListQueryDto } from '../../../src/modules/nexus/dto/document.dto.js';

class NameBodyDto {
  @IsString()
  name: string;
}

const query = (metatype: ArgumentMetadata['metatype']): ArgumentMetadata => ({ type: 'query', metatype });
const body = (metatype: ArgumentMetadata['metatype']): ArgumentMetadata => ({ type: 'body', metatype });
/** A query as Express hands it over (no prototype). */
const parsed = (fields: Record<string, string | string[]>) => Object.assign(Object.create(null) as object, fields);

const refusal = async (run: Promise<unknown>): Promise<string> =>
  run.then(
    () => 'accepted',
    (error: { code?: string; details?: string }) => `${error.code ?? 'threw'}: ${error.details}`,
  );

describe('validation pipe', () => {
  it('converts a valid query into its DTO, defaults filled in', async () => {
    const pipe = createValidationPipe();
    const dto = await pipe.transform(parsed({ limit: '20', skip: '40' }), query(DocumentListQueryDto));
    expect(dto).toEqual({ limit: 20, skip: 40 });
    expect(dto).toBeInstanceOf(DocumentListQueryDto);
    expect(await pipe.transform(parsed({ limit: '5' }), query(DocumentListQueryDto))).toEqual({ limit: 5, skip: 0 });
  });

  it('refuses an invalid query every time it comes (400 VALIDATION_ERROR naming the field)', async () => {
    const pipe = createValidationPipe();
    const invalid: Array<[Record<string, string | string[]>, RegExp]> = [
      [{ limit: '0' }, /limit/],
      [{ limit: 'abc' }, /limit/],
      [{ skip: '-1' }, /skip/],
      [{ limit: '1', unknown: 'x' }, /unknown/],
      [{ limit: ['1', '2'] }, /limit/],
    ];
    for (const [fields, names] of invalid) {
      for (let i = 0; i < 2; i++) {
        const answer = await refusal(pipe.transform(parsed(fields), query(DocumentListQueryDto)));
        expect({ fields, answer }).toEqual({ fields, answer: expect.stringMatching(/^VALIDATION_ERROR: /) });
        expect(answer).toMatch(names);
      }
    }
  });

  it('refuses a body that is not a JSON object before converting it', async () => {
    const pipe = createValidationPipe();
    for (const value of [[{ name: 'a' }, { name: 'b' }], 'text', 42, true]) {
      expect(await refusal(pipe.transform(value, body(NameBodyDto)))).toBe('VALIDATION_ERROR: The request body must be a JSON object');
    }
    expect(await pipe.transform({ name: 'a' }, body(NameBodyDto))).toEqual({ name: 'a' });
  });
});
