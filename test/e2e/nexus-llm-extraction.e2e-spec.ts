/**
 * A statement in a layout no parser knows, read through LLM_PROVIDER=openai against a local mock of
 * the paid OpenAI-compatible chat-completions API. The mock reads the holdings out of the prompt it
 * receives (as a model would), so what comes back depends on what the service sent.
 *
 * The e2e global setup drops its database: give this file its own when others run the suite:
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/foliodesk_fix_llmx TEST_REDIS_URL=redis://127.0.0.1:6379/10 \
 *     node --experimental-vm-modules node_modules/jest/bin/jest.js --runInBand test/e2e/nexus-llm-extraction.e2e-spec.ts
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { generateStatement } from '../fixtures/generator/index.js';
import { isinCheckDigit } from '../../src/modules/extraction/identifiers.js';
import { bearer, createTenant, startTestApp, type Tenant, type TestApp } from '../support/app.js';
import { MOCK_API_KEY, openAiEnv, startMockOpenAi, type MockCall, type MockOpenAi, type MockReplyFn, type MockUsage } from '../support/mock-openai-api.js';
import { uploadPdf, waitForProcess } from '../support/pipeline.js';
import { unknownLayoutStatement, type UnknownLayoutStatement } from '../support/unknown-layout-statement.js';

const SUMMARY = 'A small diversified portfolio.';
const PRICES = { input: 25, output: 100 }; // INR per million tokens, as LLM_PRICE_TABLE below
const MONTHS: Record<string, string> = { Jan: '01', Feb: '02', Mar: '03', Apr: '04', May: '05', Jun: '06', Jul: '07', Aug: '08', Sep: '09', Oct: '10', Nov: '11', Dec: '12' };

interface ModelRow {
  scheme_name: string;
  isin: string;
  folio: string | null;
  account_id: string | null;
  units: unknown;
  nav: number;
  market_value: number;
  asset_class: string | null;
}

const isExtractionPrompt = (messages: Array<{ role: string; content: string }>) => messages[0]?.content.includes('"investors"') ?? false;
const printed = (s: string) => Number(s.replace(/INR|,/g, '').trim());

/**
 * What a diligent model makes of the statement text it was sent: every line with an ISIN is a
 * holding (name first, the last three numbers units, price and value), with the investor, period and
 * printed total from their labels. Masked identifiers are copied as the placeholders they are.
 */
function readLikeAModel(text: string) {
  const rows: ModelRow[] = [];
  for (const line of text.split('\n')) {
    const cells = line.split(' | ').map((c) => c.trim());
    const at = cells.findIndex((c) => /^IN[A-Z0-9]{9}\d$/.test(c));
    if (at < 0) continue;
    const numbers = cells.slice(at + 1).filter((c) => /^[\d,]+(?:\.\d+)?$/.test(c)).map(printed);
    const folio = cells[at + 1] && !/^[\d,.]+$/.test(cells[at + 1]) && cells[at + 1] !== '-' ? cells[at + 1] : null;
    const [units, nav, value] = numbers.slice(-3);
    rows.push({ scheme_name: cells[0], isin: cells[at], folio, account_id: null, units, nav, market_value: value, asset_class: null });
  }
  const period = /(\d{2})-(\w{3})-(\d{4}) to (\d{2})-(\w{3})-(\d{4})/.exec(text);
  const total = /Total portfolio value \| (INR [\d,.]+)/.exec(text);
  return {
    period: period ? { from: `${period[3]}-${MONTHS[period[2]]}-${period[1]}`, to: `${period[6]}-${MONTHS[period[5]]}-${period[4]}` } : { from: null, to: null },
    stated_total: total ? printed(total[1]) : null,
    investors: [{ name: /Investor: ([^|\n]+)/.exec(text)?.[1].trim() ?? null, pan: /PAN: (\S+)/.exec(text)?.[1] ?? null, holdings: rows }],
  };
}

/** The model's reading, changed by `tamper`, as a fenced JSON answer; the summary prompt gets SUMMARY. */
const modelThatReads =
  (tamper: (answer: ReturnType<typeof readLikeAModel>) => void = () => {}): MockReplyFn =>
  (messages) => {
    if (!isExtractionPrompt(messages)) return { kind: 'completion', text: SUMMARY };
    const answer = readLikeAModel(messages[1].content);
    tamper(answer);
    return { kind: 'completion', text: '```json\n' + JSON.stringify(answer, null, 2) + '\n```' };
  };

/** The usage the mock reported for a call it answered. */
const usageOf = (call: MockCall) => call.answer!.usage!;
const costOf = (usage: MockUsage) =>
  Math.round(((usage.prompt_tokens * PRICES.input + usage.completion_tokens * PRICES.output) / 1e6) * 1e4) / 1e4;
const truthKeys = (holdings: Array<{ isin: string; folio: string | null; units: number; nav: number; market_value: number; scheme_name: string }>) =>
  holdings.map((h) => ({ isin: h.isin, scheme_name: h.scheme_name, folio: h.folio, units: h.units, nav: h.nav, market_value: h.market_value })).sort((a, b) => a.isin.localeCompare(b.isin));

describe('an unrecognised layout read by the LLM provider (mocking the external OpenAI-compatible LLM API)', () => {
  let mock: MockOpenAi;
  let t: TestApp;
  let acme: Tenant;
  let statement: UnknownLayoutStatement;
  beforeAll(async () => {
    statement = await unknownLayoutStatement();
    mock = await startMockOpenAi(modelThatReads());
    t = await startTestApp(openAiEnv(mock, { LLM_MAX_RETRIES: '1', LLM_PRICE_TABLE: JSON.stringify({ 'gpt-4o-mini': PRICES }) }));
    acme = await createTenant(t.http);
  });
  afterAll(async () => {
    await t?.close();
    await mock?.close();
  });

  /** Uploads and processes a PDF; answers the final progress, the result and the model calls it made. */
  async function process(pdf: Buffer) {
    const before = mock.calls.length;
    const upload = await uploadPdf(t, acme.analyst, pdf);
    const start = await t.http.post('/api/v2/nexus/pipeline/process').set(bearer(acme.analyst)).send({ job_id: upload.job_id });
    expect(start.status).toBe(200);
    const { final } = await waitForProcess(t, acme.analyst, start.body.process_id);
    const calls = mock.calls.slice(before);
    const extraction = await t.http.get(`/api/v1/nexus/documents/${upload.doc_id}/extraction`).set(bearer(acme.analyst));
    const usage = await t.http.get(`/api/v1/nexus/token-usage/${upload.doc_id}`).set(bearer(acme.analyst));
    return {
      final,
      extraction,
      usage: usage.body.result as { stages: Array<Record<string, unknown>>; total_tokens: number },
      extractionCalls: calls.filter((c) => isExtractionPrompt(c.body.messages ?? [])),
      calls,
    };
  }
  const holdingsOf = (result: { entities: Array<{ holdings: Array<Record<string, any>> }> }) => result.entities.flatMap((e) => e.holdings);

  it('reads the holdings through the model: masked prompt, validated rows, LLM flag, lower confidence, usage on the extraction stage', async () => {
    mock.reply = modelThatReads();
    const { final, extraction, usage, extractionCalls } = await process(statement.pdf);
    expect(final.status).toBe('completed');

    // one extraction call, carrying the figures but none of the investor's identifiers
    expect(extractionCalls).toHaveLength(1);
    const [call] = extractionCalls;
    expect(call.headers.authorization).toBe(`Bearer ${MOCK_API_KEY}`);
    const sent = JSON.stringify(call.body.messages);
    for (const h of statement.holdings) expect(sent).toContain(h.isin);
    expect(sent).toContain('4,85,019.94');
    const { pan, email, mobile, client_code } = statement.investor;
    const folios = statement.holdings.flatMap((h) => (h.folio ? [h.folio, h.folio.split('/')[0]] : []));
    for (const secret of [pan, email, mobile.replace(/\D/g, '').slice(-10), client_code, ...folios]) {
      expect({ secret, found: sent.replace(/\s/g, '').includes(secret.replace(/\s/g, '')) }).toEqual({ secret, found: false });
    }

    expect(extraction.status).toBe(200);
    const result = extraction.body.result;
    expect(result.document_type).toBe('UNKNOWN');
    // Read by the model, it is a statement of holdings after all, and the summary rests on them.
    expect(result.holdings_statement).toBe(true);
    expect(result.period).toEqual(statement.period);
    expect(result.entities).toHaveLength(1);
    // the provider put the masked PAN and folios back into the model's answer
    expect(result.entities[0]).toMatchObject({ entity_name: statement.investor.name, pan: statement.investor.pan });
    const holdings = holdingsOf(result);
    expect(truthKeys(holdings as never)).toEqual(truthKeys(statement.holdings));
    const assetClass = Object.fromEntries(holdings.map((h) => [h.scheme_name, h.asset_class]));
    expect(assetClass).toEqual({
      'Axis Bluechip Fund - Direct Growth': 'Equity',
      'HDFC Corporate Bond Fund - Direct Growth': 'Debt',
      'ICICI Pru Balanced Advantage Fund - Direct Growth': 'Hybrid',
      'Parag Parikh Flexi Cap Fund - Direct Growth': 'Equity',
      'SBI Gold Fund - Direct Growth': 'Other',
      'Reliance Industries Ltd': 'Equity',
    });
    expect(result.totals.total_market_value).toBe(statement.total);

    const notes: Array<{ code: string; isin: string | null }> = result.validation;
    expect(notes.filter((f) => f.code !== 'ASSET_CLASS_INFERRED')).toEqual([
      { code: 'LLM_EXTRACTED', message: expect.stringMatching(/6 holding\(s\) were read by the language model gpt-4o-mini-2024-07-18 from 2 of 2 page/), isin: null, entity: null, page: null },
    ]);
    // The funds' classes come from their names (no NAV source): each is noted; the listed share's from its ISIN is not.
    const inferred = notes.filter((f) => f.code === 'ASSET_CLASS_INFERRED').map((f) => f.isin);
    expect(inferred.sort()).toEqual(holdings.filter((h) => h.isin.startsWith('INF')).map((h) => h.isin).sort());
    // every check passed, scaled by the classifier's certainty, then halved for a model's reading, less
    // the small cost of inferred classes (2 points when all are inferred, in proportion)
    const classConfidence: number = result.classification_confidence;
    expect(classConfidence).toBeLessThanOrEqual(30);
    const parsedScore = Math.round(100 * (0.5 + (0.5 * classConfidence) / 100) * 0.5 * 10) / 10;
    expect(result.confidence_score).toBe(Math.round((parsedScore - (2 * inferred.length) / holdings.length) * 10) / 10);

    // the provider's own token counts, costed with the price table, recorded under the extraction stage
    const row = usage.stages.find((s) => s.stage_name === 'extraction');
    expect(row).toEqual({
      stage_name: 'extraction',
      model: 'gpt-4o-mini-2024-07-18',
      input_tokens: usageOf(call).prompt_tokens,
      output_tokens: usageOf(call).completion_tokens,
      cost_inr: expect.any(Number),
    });
    expect(usageOf(call).prompt_tokens).toBeGreaterThan(100);
    // the report gives money to 2 decimals
    expect(row!.cost_inr).toBeCloseTo(costOf(usageOf(call)), 2);
    expect(usage.stages.map((s) => s.stage_name).sort()).toEqual(['extraction', 'summary']);
  });

  it('drops rows the model misread or invented, each with a flag, and keeps the rest', async () => {
    const invented = `INF090I0100${isinCheckDigit('INF090I0100')}`;
    mock.reply = modelThatReads((answer) => {
      const rows = answer.investors[0].holdings;
      rows.push({ ...rows[1], scheme_name: 'Franklin India Prima Fund - Direct Growth', isin: invented }); // not in the statement
      const gold = rows.find((r) => r.scheme_name.startsWith('SBI Gold'))!;
      gold.market_value = Math.round(gold.market_value * 110) / 100; // misread: not what is printed
      const axis = rows.find((r) => r.scheme_name.startsWith('Axis'))!;
      axis.units = '1,523.417'; // a string, not a number
    });
    const { final, extraction } = await process(statement.pdf);
    expect(final.status).toBe('completed');
    const result = extraction.body.result;
    const kept = statement.holdings.filter((h) => !h.scheme_name.startsWith('SBI Gold') && !h.scheme_name.startsWith('Axis'));
    expect(truthKeys(holdingsOf(result) as never)).toEqual(truthKeys(kept));

    const flags: Array<{ code: string; isin: string | null; message: string }> = result.validation;
    // (and an ASSET_CLASS_INFERRED note for each kept fund, whose class comes from its name)
    expect(flags.map((f) => f.code).filter((c) => c !== 'ASSET_CLASS_INFERRED').sort()).toEqual(['LLM_EXTRACTED', 'LLM_ROW_REJECTED', 'LLM_ROW_REJECTED', 'LLM_ROW_REJECTED', 'TOTAL_MISMATCH']);
    const rejected = Object.fromEntries(flags.filter((f) => f.code === 'LLM_ROW_REJECTED').map((f) => [f.isin, f.message]));
    const isinOf = (prefix: string) => statement.holdings.find((h) => h.scheme_name.startsWith(prefix))!.isin;
    expect(rejected).toEqual({
      [isinOf('SBI Gold')]: expect.stringMatching(/market value .* is not printed in the statement/),
      [isinOf('Axis')]: expect.stringMatching(/units must be a number/),
      [invented]: expect.stringMatching(/ISIN .* is not printed in the statement/),
    });
    // the statement's printed total no longer matches what was kept: flagged, not hidden
    expect(flags.find((f) => f.code === 'TOTAL_MISMATCH')!.message).toMatch(/4,85,019\.94|485019\.94/);
    expect(result.confidence_score).toBeLessThan(30);
  });

  it('a garbage answer completes the document with no holdings, LLM_EXTRACTION_FAILED, score 0, and its tokens recorded', async () => {
    mock.reply = (messages) =>
      isExtractionPrompt(messages)
        ? { kind: 'completion', text: 'Sure! This statement lists several mutual funds and one share, worth about 4.85 lakh in all.' }
        : { kind: 'completion', text: SUMMARY };
    const { final, extraction, usage, extractionCalls } = await process(statement.pdf);
    expect(final.status).toBe('completed');
    expect(final.stages.every((s: { status: string }) => s.status === 'completed')).toBe(true);
    const result = extraction.body.result;
    expect(holdingsOf(result)).toEqual([]);
    expect(result.holdings_statement).toBe(false);
    expect(result.validation).toEqual([
      { code: 'LLM_EXTRACTION_FAILED', message: expect.stringMatching(/could not be used \(the answer is not a JSON object/), isin: null, entity: null, page: null },
    ]);
    expect(result.confidence_score).toBe(0);
    expect(extractionCalls).toHaveLength(1);
    const row = usage.stages.find((s) => s.stage_name === 'extraction');
    expect(row).toMatchObject({ input_tokens: usageOf(extractionCalls[0]).prompt_tokens, output_tokens: usageOf(extractionCalls[0]).completion_tokens });
  });

  it('a model that cannot be reached (HTTP 500) fails the process at the extraction stage with LLM_UNAVAILABLE, nothing half-written', async () => {
    mock.reply = (messages) => (isExtractionPrompt(messages) ? { kind: 'error', status: 500 } : { kind: 'completion', text: SUMMARY });
    const { final, extraction, usage, extractionCalls } = await process(statement.pdf);
    expect(final.status).toBe('failed');
    expect(final.error).toEqual({ code: 'LLM_UNAVAILABLE', message: expect.stringMatching(/HTTP 500/), stage: 'extraction', retryable: true });
    const status = Object.fromEntries(final.stages.map((s: { name: string; status: string }) => [s.name, s.status]));
    expect(status).toMatchObject({ structuring: 'completed', extraction: 'failed', validation: 'pending', summary: 'pending', completion: 'pending' });
    expect(extractionCalls).toHaveLength(2); // the first attempt and LLM_MAX_RETRIES=1 retry
    expect(extraction.status).not.toBe(200);
    expect(usage.stages).toEqual([]);
  });

  it('a layout a parser knows is never sent to the model for extraction', async () => {
    mock.reply = modelThatReads();
    const cams = await generateStatement('cams_detailed', { seed: 7 });
    const { final, usage, extractionCalls, calls } = await process(cams.pdf);
    expect(final.status).toBe('completed');
    expect(extractionCalls).toHaveLength(0);
    expect(calls).toHaveLength(1); // the summary
    expect(usage.stages.map((s) => s.stage_name)).toEqual(['summary']);
  });
});
