import { describe, expect, it } from '@jest/globals';
import { familyLabel, runLogLine, type RunEnd } from '../../../src/modules/nexus/pipeline/run-log.js';

const RUN: RunEnd = {
  tenantId: 'c0a8012e-0000-4000-8000-000000000001',
  documentId: 'c0a8012e-0000-4000-8000-000000000002',
  processId: 'c0a8012e-0000-4000-8000-000000000003',
  family: 'NSDL_CAS',
  outcome: 'completed',
  stage: 'completion',
  durationMs: 1234.6,
  code: null,
};

describe('the run log line', () => {
  it('names a completed run by ids, family, stage and duration', () => {
    expect(runLogLine(RUN)).toEqual([
      { tenantId: RUN.tenantId, documentId: RUN.documentId, processId: RUN.processId, family: 'NSDL_CAS', outcome: 'completed', stage: 'completion', durationMs: 1235, code: null },
      'pipeline run completed',
    ]);
  });

  it('names a failed run with its stage and code', () => {
    const [fields, message] = runLogLine({ ...RUN, outcome: 'failed', stage: 'parsing', code: 'PDF_UNREADABLE', family: 'UNKNOWN' });
    expect(message).toBe('pipeline run failed');
    expect(fields).toMatchObject({ outcome: 'failed', stage: 'parsing', code: 'PDF_UNREADABLE', family: 'UNKNOWN' });
  });

  it('carries only ids and codes: exactly these fields, whatever the run holds', () => {
    const [fields] = runLogLine({ ...RUN, ...({ fileName: 'CAS_ABCDE1234F.pdf', investor: 'A Kumar' } as object) });
    expect(Object.keys(fields).sort()).toEqual(['code', 'documentId', 'durationMs', 'family', 'outcome', 'processId', 'stage', 'tenantId']);
  });

  it("bounds the family to the classifier's codes", () => {
    expect(familyLabel('CDSL_CAS')).toBe('CDSL_CAS');
    expect(familyLabel('SOMETHING_ELSE')).toBe('UNKNOWN');
    expect(familyLabel(null)).toBe('UNKNOWN');
  });
});
