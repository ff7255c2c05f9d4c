import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { ERROR_CATALOGUE } from '../../../src/common/errors/error-codes.js';

// Reads the committed document (the e2e suite checks that it matches the code).
const spec = JSON.parse(readFileSync(new URL('../../../openapi/openapi.json', import.meta.url), 'utf8')) as {
  paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { example?: any; schema?: { example?: any } }> }> }>>;
};

interface Answer {
  route: string;
  status: number;
  example: any;
}

const answers: Answer[] = Object.entries(spec.paths).flatMap(([path, item]) =>
  Object.entries(item).flatMap(([method, op]) =>
    Object.entries(op.responses)
      .filter(([status]) => Number(status) >= 400)
      .flatMap(([status, response]) =>
        Object.values(response.content ?? {}).map((media) => ({ route: `${method.toUpperCase()} ${path}`, status: Number(status), example: media.example ?? media.schema?.example })),
      ),
  ),
);

describe('openapi/openapi.json: error examples', () => {
  it('gives every error answer an example', () => {
    expect(answers.length).toBeGreaterThan(500);
    expect(answers.filter((a) => !a.example).map((a) => `${a.route} ${a.status}`)).toEqual([]);
  });

  it('shows in each example a code of the catalogue that the catalogue gives that status', () => {
    const wrong = answers
      .filter((a) => a.example)
      .filter((a) => {
        const entry = (ERROR_CATALOGUE as Record<string, { status: number }>)[a.example.error?.code];
        return a.example.success !== false || a.example.result !== null || !entry || entry.status !== a.status;
      })
      .map((a) => `${a.route} ${a.status}: ${a.example.error?.code}`);
    expect(wrong).toEqual([]);
  });

  it('shows a 400 as VALIDATION_ERROR naming a field, and a resource its own not-found code', () => {
    const at = (route: string, status: number) => answers.find((a) => a.route === route && a.status === status)!.example.error;
    expect(at('POST /api/v1/clients', 400)).toEqual({ code: 'VALIDATION_ERROR', details: expect.stringMatching(/^\w+ is missing or malformed$/) });
    expect(at('GET /api/v1/clients/{client_id}', 404).code).toBe('CLIENT_NOT_FOUND');
    expect(at('GET /api/v1/households/{household_id}', 404).code).toBe('HOUSEHOLD_NOT_FOUND');
    expect(at('GET /api/v1/reports/{report_id}', 404).code).toBe('REPORT_NOT_FOUND');
    expect(at('GET /api/v1/webhooks/{webhook_id}', 404)).toEqual({ code: 'NOT_FOUND', details: 'Webhook not found' });
  });

  it('shows each status its own code, never one example for all', () => {
    const codes = new Map<number, Set<string>>();
    for (const a of answers) codes.set(a.status, (codes.get(a.status) ?? new Set()).add(a.example.error.code));
    for (const [status, expected] of [
      [401, 'UNAUTHORIZED'],
      [403, 'FORBIDDEN'],
      [409, 'PAN_TAKEN'],
      [413, 'PAYLOAD_TOO_LARGE'],
      [415, 'UNSUPPORTED_MEDIA_TYPE'],
      [422, 'PDF_PASSWORD_REQUIRED'],
      [429, 'RATE_LIMITED'],
      [503, 'SERVICE_UNAVAILABLE'],
    ] as const) {
      expect(codes.get(status)).toContain(expected);
    }
  });

  it("shows a report request's 202 as queued", () => {
    for (const path of ['/api/v1/clients/{client_id}/reports', '/api/v1/households/{household_id}/reports']) {
      const answer = spec.paths[path].post.responses['202'].content!['application/json'];
      expect(answer.schema!.example.result).toMatchObject({ status: 'queued', url: null, completed_at: null });
    }
  });
});
