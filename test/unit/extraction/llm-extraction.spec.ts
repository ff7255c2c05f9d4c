import { describe, expect, it } from '@jest/globals';
import { LlmError, LlmProvider, type LlmCompletion, type LlmFacts, type LlmMessage } from '../../../src/modules/llm/llm-provider.js';
import { LocalLlmProvider } from '../../../src/modules/llm/local-llm.provider.js';
import { PiiMasker } from '../../../src/modules/llm/pii-masker.js';
import { buildLines, classifyStatement } from '../../../src/modules/extraction/index.js';
import { extractPdfText } from '../../../src/modules/pdf/reader/pdfium.js';
import {
  extractionRequest,
  extractStatementWithModel,
  labelledAccountNumbers,
  LLM_EXTRACTION_MAX_CHARS,
  LLM_EXTRACTION_MAX_PAGES,
  readsWithLanguageModel,
} from '../../../src/modules/extraction/llm-extraction.js';
import type { Classification, ExtractionDraft, LlmExtractionReport, TextLine } from '../../../src/modules/extraction/types.js';
import { LLM_CONFIDENCE_FACTOR, validateExtraction } from '../../../src/modules/extraction/validator.js';
import { unknownLayoutStatement } from '../../support/unknown-layout-statement.js';
import { makeHolding } from '../../support/holding.js';

const line = (page: number, text: string): TextLine => ({ page, y: 0, text, cells: [{ x: 0, text }] });
const UNKNOWN: Classification = { code: 'UNKNOWN', confidence: 20, holdings_statement: false };

/** A provider that answers what `answer` makes of the prompt, and records what it was asked. */
class ScriptedProvider extends LlmProvider {
  readonly calls: Array<{ messages: LlmMessage[]; facts: LlmFacts }> = [];
  constructor(
    readonly name: string,
    private readonly answer: (messages: LlmMessage[]) => string | LlmError,
  ) {
    super();
  }
  async complete(messages: LlmMessage[], facts: LlmFacts): Promise<LlmCompletion> {
    this.calls.push({ messages, facts });
    const text = this.answer(messages);
    if (text instanceof LlmError) throw text;
    return { text, model: 'test-model', inputTokens: 1000, outputTokens: 200 };
  }
}

describe('readsWithLanguageModel', () => {
  it.each([
    { code: 'UNKNOWN', provider: 'openai', expected: true },
    { code: 'UNKNOWN', provider: 'local', expected: false },
    { code: 'CAMS_DETAILED_CAS', provider: 'openai', expected: false },
    { code: 'BANK_STATEMENT', provider: 'openai', expected: false },
    { code: 'DEPOSIT_CERTIFICATE', provider: 'openai', expected: false },
    { code: 'TAX_CERTIFICATE', provider: 'openai', expected: false },
  ] as const)('$code with the $provider provider: $expected', ({ code, provider, expected }) => {
    expect(readsWithLanguageModel({ code, confidence: 50, holdings_statement: false }, { name: provider })).toBe(expected);
  });
});

describe('extractionRequest', () => {
  it('asks for JSON only and sends every page with markers', () => {
    const request = extractionRequest([line(1, 'Fund A | INF846K01DP8'), line(2, 'Fund B')]);
    expect(request.messages[0]).toMatchObject({ role: 'system', content: expect.stringMatching(/exactly one JSON object and nothing else/) });
    expect(request.messages[1].content).toMatch(/=== page 1 ===\nFund A \| INF846K01DP8\n=== page 2 ===\nFund B$/);
    expect(request).toMatchObject({ pagesSent: 2, pagesTotal: 2, truncated: false });
  });

  it(`sends at most ${LLM_EXTRACTION_MAX_PAGES} pages`, () => {
    const lines = Array.from({ length: 14 }, (_, i) => line(i + 1, `page ${i + 1} text`));
    const request = extractionRequest(lines);
    expect(request).toMatchObject({ pagesSent: LLM_EXTRACTION_MAX_PAGES, pagesTotal: 14, truncated: true });
    expect(request.messages[1].content).not.toContain('page 11 text');
    expect(request.sentLines).toHaveLength(LLM_EXTRACTION_MAX_PAGES);
  });

  it(`sends at most ${LLM_EXTRACTION_MAX_CHARS} characters of statement text`, () => {
    const lines = Array.from({ length: 400 }, (_, i) => line(1 + Math.floor(i / 100), `${String(i).padStart(3, '0')} ${'x'.repeat(196)}`));
    const request = extractionRequest(lines);
    const body = request.messages[1].content.split('\n').slice(1).join('\n');
    expect(body.length).toBeLessThanOrEqual(LLM_EXTRACTION_MAX_CHARS);
    expect(request.truncated).toBe(true);
    expect(request.sentLines.length).toBeLessThan(lines.length);
    expect(request.messages[1].content).toMatch(/\(the rest was cut\)/);
  });

  it('finds labelled account numbers for the provider to mask', () => {
    const ids = labelledAccountNumbers([line(1, 'Client Code: MWP00123456'), line(1, 'Account No. 004512345678 | A/c No: N/A'), line(1, 'Member ID 77-1234')]);
    expect(ids).toEqual([
      { kind: 'FOLIO', value: 'MWP00123456' },
      { kind: 'FOLIO', value: '004512345678' },
      { kind: 'FOLIO', value: '77-1234' },
    ]);
  });

  it('leaves none of the investor’s identifiers in clear once the provider’s masker has run, and keeps the figures', async () => {
    const statement = await unknownLayoutStatement();
    const lines = buildLines(await extractPdfText(new Uint8Array(statement.pdf)));
    const request = extractionRequest(lines);
    const masked = new PiiMasker().session(request.identifiers).mask(request.messages[1].content).replace(/\s/g, '');
    const { pan, email, mobile, client_code } = statement.investor;
    for (const secret of [pan, email, mobile.replace(/\D/g, '').slice(-10), client_code, ...statement.holdings.flatMap((h) => (h.folio ? [h.folio] : []))]) {
      expect({ secret, found: masked.includes(secret.replace(/\s/g, '')) }).toEqual({ secret, found: false });
    }
    for (const h of statement.holdings) expect(masked).toContain(h.isin);
    expect(masked).toContain('1,91,270.68');
  });
});

describe('extractStatementWithModel', () => {
  const lines = [
    line(1, 'Reporting period: 01-Apr-2025 to 30-Sep-2025'),
    line(1, 'Reliance Industries Ltd | INE002A01018 | 25 | 1,234.50 | 30,862.50'),
  ];
  const goodAnswer = JSON.stringify({
    investors: [{ name: 'Priya Sharma', pan: null, holdings: [{ scheme_name: 'Reliance Industries Ltd', isin: 'INE002A01018', units: 25, nav: 1234.5, market_value: 30862.5 }] }],
  });

  it('leaves an unknown layout empty, as before, with the local provider (it cannot read)', async () => {
    const local = new LocalLlmProvider();
    const { draft, completion } = await extractStatementWithModel(lines, UNKNOWN, local);
    expect(completion).toBeNull();
    expect(draft).toEqual({ classification: 'UNKNOWN', period: { from: '2025-04-01', to: '2025-09-30' }, entities: [], stated_total: null, currency: 'INR', classification_confidence: 20 });
  });

  it('never asks the model about a layout a parser knows', async () => {
    const statementPdf = await unknownLayoutStatement();
    const pages = await extractPdfText(new Uint8Array(statementPdf.pdf));
    expect(classifyStatement(pages).code).toBe('UNKNOWN'); // the generator's layout is not recognised…
    const provider = new ScriptedProvider('openai', () => goodAnswer);
    await extractStatementWithModel(lines, { code: 'NSDL_CAS', confidence: 90, holdings_statement: true }, provider);
    expect(provider.calls).toHaveLength(0); // …and a recognised one is never sent
  });

  it('reads an unknown layout through a model that can read, reporting what it did', async () => {
    const provider = new ScriptedProvider('openai', () => goodAnswer);
    const { draft, completion } = await extractStatementWithModel(lines, UNKNOWN, provider);
    expect(provider.calls).toHaveLength(1);
    expect(provider.calls[0].facts.kind).toBe('statement_extraction');
    expect(completion).toMatchObject({ model: 'test-model', inputTokens: 1000, outputTokens: 200 });
    expect(draft.classification).toBe('UNKNOWN');
    expect(draft.period).toEqual({ from: '2025-04-01', to: '2025-09-30' });
    expect(draft.entities[0].holdings[0]).toMatchObject({ isin: 'INE002A01018', units: 25, nav: 1234.5, market_value: 30862.5, page: 1 });
    expect(draft.llm_extraction).toEqual({
      model: 'test-model',
      outcome: 'extracted',
      pages_sent: 1,
      pages_total: 1,
      truncated: false,
      rows_returned: 1,
      rows_accepted: 1,
      rejected: [],
      error: null,
    });
  });

  it('passes the provider’s LlmError on, for the stage to fail with its code', async () => {
    const provider = new ScriptedProvider('openai', () => new LlmError('LLM_UNAVAILABLE', 'down', true));
    await expect(extractStatementWithModel(lines, UNKNOWN, provider)).rejects.toMatchObject({ code: 'LLM_UNAVAILABLE', retryable: true });
  });
});

describe('validateExtraction of a draft the model read', () => {
  const holding = makeHolding({ scheme_name: 'Reliance Industries Ltd', isin: 'INE002A01018', units: 25, nav: 1234.5, market_value: 30862.5 });
  const report = (over: Partial<LlmExtractionReport>): LlmExtractionReport => ({
    model: 'gpt-4o-mini',
    outcome: 'extracted',
    pages_sent: 2,
    pages_total: 2,
    truncated: false,
    rows_returned: 1,
    rows_accepted: 1,
    rejected: [],
    error: null,
    ...over,
  });
  const draft = (llm: LlmExtractionReport, holdings = [holding]): ExtractionDraft => ({
    classification: 'UNKNOWN',
    period: { from: null, to: null },
    entities: holdings.length ? [{ entity_name: 'Priya Sharma', pan: null, holdings, stated_total: null }] : [],
    stated_total: null,
    currency: 'INR',
    classification_confidence: 20,
    llm_extraction: llm,
  });

  it(`notes where the holdings came from, outside the checks, and multiplies the score by ${LLM_CONFIDENCE_FACTOR}`, () => {
    const v = validateExtraction(draft(report({})));
    expect(v.flags).toEqual([{ code: 'LLM_EXTRACTED', message: expect.stringMatching(/1 holding\(s\) were read by the language model gpt-4o-mini from 2 of 2 page/), isin: null, entity: null, page: null }]);
    expect(v.checks_run).toBe(6); // investor named, ISIN, figures read, figures not refuted, market value printed, units × NAV
    const parsed = validateExtraction({ ...draft(report({})), llm_extraction: undefined });
    expect(v.confidence_score).toBe(Math.round(parsed.confidence_score * LLM_CONFIDENCE_FACTOR * 10) / 10);
  });

  it('flags every dropped row, with its ISIN, and the ones past the listed limit', () => {
    const v = validateExtraction(
      draft(report({ rows_returned: 4, truncated: true, rejected: [{ scheme_name: 'SBI Gold Fund', isin: 'INF200K01RJ1', reason: 'market value 1 is not printed in the statement' }] })),
    );
    expect(v.flags.map((f) => [f.code, f.isin])).toEqual([
      ['LLM_EXTRACTED', null],
      ['LLM_ROW_REJECTED', 'INF200K01RJ1'],
      ['LLM_ROW_REJECTED', null],
    ]);
    expect(v.flags[0].message).toMatch(/the text cut to the limit/);
    expect(v.flags[1].message).toBe("SBI Gold Fund (INF200K01RJ1): the language model's row was dropped: market value 1 is not printed in the statement");
    expect(v.flags[2].message).toMatch(/^2 more row\(s\)/);
  });

  it('scores an unusable answer 0, with LLM_EXTRACTION_FAILED', () => {
    const v = validateExtraction(draft(report({ outcome: 'failed', rows_returned: 0, rows_accepted: 0, error: 'the answer is not a JSON object' }), []));
    expect(v.flags).toEqual([expect.objectContaining({ code: 'LLM_EXTRACTION_FAILED', message: expect.stringMatching(/could not be used \(the answer is not a JSON object\)/) })]);
    expect(v.confidence_score).toBe(0);
  });

  it('says so when the model found no holdings', () => {
    const v = validateExtraction(draft(report({ outcome: 'none_found', rows_returned: 0, rows_accepted: 0 }), []));
    expect(v.flags.map((f) => f.code)).toEqual(['LLM_EXTRACTED']);
    expect(v.flags[0].message).toMatch(/found no holdings/);
    expect(v.confidence_score).toBe(10); // the classification confidence (20), halved
  });
});
