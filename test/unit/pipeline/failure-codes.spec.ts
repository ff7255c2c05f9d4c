import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { ERROR_CATALOGUE } from '../../../src/common/errors/error-codes.js';
import { PIPELINE_FAILURE_CODES } from '../../../src/modules/nexus/pipeline/pipeline-stage.js';

describe('pipeline failure codes', () => {
  const errorsDoc = readFileSync(new URL('../../../docs/errors.md', import.meta.url), 'utf8');
  const pipelineDoc = readFileSync(new URL('../../../docs/pipeline.md', import.meta.url), 'utf8');

  it.each(PIPELINE_FAILURE_CODES.map((code) => ({ code })))('$code is in the error catalogue, docs/errors.md and docs/pipeline.md', ({ code }) => {
    expect(ERROR_CATALOGUE).toHaveProperty(code);
    expect(errorsDoc).toMatch(new RegExp(`^\\| ${code} \\|`, 'm'));
    expect(pipelineDoc).toMatch(new RegExp(`^\\|[^\\n]*\\b${code}\\b[^\\n]*\\|`, 'm'));
  });
});
