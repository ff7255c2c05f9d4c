import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { generateStatement } from '../fixtures/generator/index.js';
import { bearer, createTenant, startTestApp, type Tenant, type TestApp } from '../support/app.js';
import { uploadPdf, waitForProcess } from '../support/pipeline.js';
import { MOCK_API_KEY, openAiEnv, startMockOpenAi, type MockOpenAi } from '../support/mock-openai-api.js';

const SUMMARY = 'A diversified mutual-fund portfolio, mostly equity, with a healthy gain over cost.';
const inr = (n: number) => `INR ${n.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

describe('LLM_PROVIDER=openai against a local mock of the paid OpenAI chat-completions API', () => {
  let mock: MockOpenAi;
  let t: TestApp;
  let acme: Tenant;
  beforeAll(async () => {
    mock = await startMockOpenAi({ kind: 'completion', text: SUMMARY, usage: { prompt_tokens: 1200, completion_tokens: 300 } });
    t = await startTestApp(openAiEnv(mock, { LLM_MAX_RETRIES: '1', LLM_PRICE_TABLE: '{"gpt-4o-mini":{"input":25,"output":100}}' }));
    acme = await createTenant(t.http);
  });
  afterAll(async () => {
    await t.close();
    await mock.close();
  });

  async function processStatement(seed: number) {
    const statement = await generateStatement('cams_detailed', { seed });
    const upload = await uploadPdf(t, acme.analyst, statement.pdf);
    const start = await t.http.post('/api/v2/nexus/pipeline/process').set(bearer(acme.analyst)).send({ job_id: upload.job_id });
    expect(start.status).toBe(200);
    const { final } = await waitForProcess(t, acme.analyst, start.body.process_id);
    return { statement, upload, final };
  }

  /**
   * The calls made for this statement (its total is in the prompt): the test database and Redis are
   * shared by the suites, so this app's reconciler may finish another suite's stranded document too.
   */
  const callsFor = (since: number, statement: { model: { totals: { market_value: number } } }) =>
    mock.calls.slice(since).filter((c) => JSON.stringify(c.body.messages ?? []).includes(inr(statement.model.totals.market_value)));

  it('sends the figures but no PAN, e-mail, phone or folio; stores the mock’s summary; costs the mock’s usage', async () => {
    const before = mock.calls.length;
    const { statement, upload, final } = await processStatement(41);
    expect(final.status).toBe('completed');

    const calls = callsFor(before, statement);
    expect(calls).toHaveLength(1);
    const [call] = calls;
    expect(call.path).toBe('/v1/chat/completions');
    expect(call.headers.authorization).toBe(`Bearer ${MOCK_API_KEY}`);
    expect(call.body.model).toBe('gpt-4o-mini');
    const sent = JSON.stringify(call.body.messages);
    // the figures
    expect(sent).toContain(inr(statement.model.totals.market_value));
    const largest = [...statement.model.holdings].sort((a, b) => b.market_value - a.market_value)[0];
    expect(sent).toContain(inr(largest.market_value));
    expect(sent).toMatch(/Allocation: equity \d+\.\d{2}%/);
    // and none of the investor's identifiers
    const investor = statement.model.investors[0];
    const folioDigits = new Set(statement.model.holdings.flatMap((h) => (h.folio ? [h.folio.replace(/\s/g, ''), h.folio.split('/')[0].trim()] : [])));
    for (const secret of [investor.pan, investor.email, investor.mobile.replace(/\D/g, '').slice(-10), ...folioDigits]) {
      expect({ secret, found: sent.replace(/\s/g, '').includes(secret.replace(/\s/g, '')) }).toEqual({ secret, found: false });
    }

    const extraction = await t.http.get(`/api/v1/nexus/documents/${upload.doc_id}/extraction`).set(bearer(acme.analyst));
    expect(extraction.body.result.summary).toBe(SUMMARY);

    const usage = await t.http.get(`/api/v1/nexus/token-usage/${upload.doc_id}`).set(bearer(acme.analyst));
    expect(usage.status).toBe(200);
    const summaryRow = usage.body.result.stages.find((s: { stage_name: string }) => s.stage_name === 'summary');
    // the provider's own counts; 1200 × 25 + 300 × 100 INR per million tokens = INR 0.06
    expect(summaryRow).toEqual({ stage_name: 'summary', model: 'gpt-4o-mini-2024-07-18', input_tokens: 1200, output_tokens: 300, cost_inr: 0.06 });
    expect(usage.body.result.total_cost_inr).toBe(0.06);
  });

  it('fails the process at the summary stage with LLM_UNAVAILABLE (retryable) when the API answers 500', async () => {
    mock.reply = { kind: 'error', status: 500 };
    try {
      const before = mock.calls.length;
      const { final, statement } = await processStatement(42);
      expect(final.status).toBe('failed');
      expect(final.error).toEqual({ code: 'LLM_UNAVAILABLE', message: expect.stringMatching(/HTTP 500/), stage: 'summary', retryable: true });
      expect(final.stages.find((s: { name: string }) => s.name === 'summary').status).toBe('failed');
      expect(final.stages.find((s: { name: string }) => s.name === 'calculation').status).toBe('completed');
      expect(callsFor(before, statement)).toHaveLength(2); // the first attempt and LLM_MAX_RETRIES=1 retry
    } finally {
      mock.reply = { kind: 'completion', text: SUMMARY };
    }
  });
});
