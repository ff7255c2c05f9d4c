import { describe, expect, it } from '@jest/globals';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { StartProcessDto } from '../../../src/modules/nexus/pipeline/dto/pipeline.dto.js';
import { ChatUploadDto } from '../../../src/modules/zen/documents/dto/chat-document.dto.js';

const ID = '5f0c2a7e-8d1b-4c3e-9a6f-1b2c3d4e5f60';

describe.each([
  { name: 'the pipeline start', dto: StartProcessDto, base: { job_id: ID } },
  { name: 'a chat upload', dto: ChatUploadDto, base: { session_id: ID } },
])('the PDF password field of $name', ({ dto, base }) => {
  const problems = async (fields: Record<string, unknown>) => (await validate(plainToInstance(dto as new () => object, { ...base, ...fields }))).map((e) => e.property);

  it.each([
    { name: 'absent', fields: {}, refused: false },
    { name: 'a password', fields: { password: 'ABCDE1234F' }, refused: false },
    { name: '128 characters', fields: { password: 'x'.repeat(128) }, refused: false },
    { name: 'empty', fields: { password: '' }, refused: true },
    { name: '129 characters', fields: { password: 'x'.repeat(129) }, refused: true },
    { name: 'a number', fields: { password: 1234 }, refused: true },
  ])('$name: refused = $refused', async ({ fields, refused }) => {
    expect(await problems(fields)).toEqual(refused ? ['password'] : []);
  });
});
