/**
 * The stored extraction result and its one reader, `readExtractionResult`: it reads what the
 * pipeline's stages write (built here by the stages themselves, on random generated statements and
 * on a statement the language model read), reads results stored by the first version of the
 * pipeline, and refuses anything else, naming the field that differs.
 */
import { beforeAll, describe, expect, it } from '@jest/globals';
import { LlmProvider, type LlmCompletion } from '../../../src/modules/llm/llm-provider.js';
import { classifyStatement } from '../../../src/modules/extraction/classifier.js';
import { extractStatement } from '../../../src/modules/extraction/extractor.js';
import { extractStatementWithModel } from '../../../src/modules/extraction/llm-extraction.js';
import { ExtractionResultError, readExtractionResult, type ExtractionResult } from '../../../src/modules/extraction/result.js';
import type { Classification, ExtractionDraft, TextLine } from '../../../src/modules/extraction/types.js';
import type { MarketDataService } from '../../../src/modules/nexus/market-data/market-data.service.js';
import type { StageContext } from '../../../src/modules/nexus/pipeline/pipeline-stage.js';
import type { StageName, StageOutputs } from '../../../src/modules/nexus/pipeline/stage-registry.js';
import { CalculationStage } from '../../../src/modules/nexus/pipeline/stages/calculation.stage.js';
import { CompletionStage } from '../../../src/modules/nexus/pipeline/stages/completion.stage.js';
import { EnrichmentStage } from '../../../src/modules/nexus/pipeline/stages/enrichment.stage.js';
import { portfolioFacts } from '../../../src/modules/nexus/pipeline/stages/summary.stage.js';
import { ValidationStage } from '../../../src/modules/nexus/pipeline/stages/validation.stage.js';
import { buildLines } from '../../../src/modules/pdf/text-lines.js';
import { generateText, STATEMENT_FAMILIES, type StatementFamily } from '../../fixtures/generator/index.js';
import { randomOptions } from './variation-harness.js';

/** Market data that knows every fund ISIN: the enrichment then adds AMFI classes and latest NAVs. */
const MARKET_DATA = {
  enabled: true,
  lookup: async () => (isin: string) =>
    isin.startsWith('INF') ? { scheme_code: '100001', scheme_name: 'Fund', isin_growth: isin, isin_reinvestment: null, nav: 123.4567, nav_date: '2025-10-03', category: 'Open Ended Schemes(Equity Scheme - Flexi Cap Fund)' } : undefined,
} as unknown as MarketDataService;
const NO_MARKET_DATA = { enabled: false, lookup: async () => null } as unknown as MarketDataService;

/**
 * The result the pipeline stores for a draft the extraction stage produced: validation, enrichment,
 * calculation and completion run as the stage runner runs them (the summary is its facts, without a
 * language model), then the JSON round trip of the `extractions.result` column.
 */
async function storedByPipeline(classification: Classification, draft: ExtractionDraft, marketData: MarketDataService): Promise<unknown> {
  const outputs: Partial<StageOutputs> = { classification, parsing: { pages: [], page_count: 3 }, extraction: draft };
  const ctx = {
    document: { id: '5f0c7a1e-8b2d-4c3e-9f4a-6b7c8d9e0f1a' },
    output: async (stage: StageName) => outputs[stage],
    outputKey: async (stage: StageName, key: string) => (outputs[stage] as Record<string, unknown> | undefined)?.[key],
  } as unknown as StageContext<StageName>;
  outputs.validation = (await new ValidationStage().run(ctx)).output;
  outputs.enrichment = (await new EnrichmentStage(marketData).run(ctx)).output;
  outputs.calculation = (await new CalculationStage().run(ctx)).output;
  outputs.summary = { text: portfolioFacts(classification, outputs.enrichment, outputs.calculation), model: 'local' };
  const { result } = (await new CompletionStage().run(ctx)).output;
  const stored: unknown = JSON.parse(JSON.stringify(result));
  // The column keeps every figure: nothing written is lost or changed by the JSON round trip (no NaN,
  // no undefined element; a -0 is stored as 0, the same figure).
  expect(stored).toEqual(withoutNegativeZero(result));
  return stored;
}

function withoutNegativeZero(value: unknown): unknown {
  if (Object.is(value, -0)) return 0;
  if (Array.isArray(value)) return value.map(withoutNegativeZero);
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withoutNegativeZero(v)]));
  return value;
}

async function storedStatement(family: StatementFamily, seed: number, marketData = seed % 2 ? MARKET_DATA : NO_MARKET_DATA): Promise<unknown> {
  const { pages } = generateText(family, randomOptions(seed));
  const classification = classifyStatement(pages.slice(0, 3));
  return storedByPipeline(classification, extractStatement(buildLines(pages), classification), marketData);
}

const SEEDS = [1, 2, 3, 4];

describe('readExtractionResult reads what the pipeline writes', () => {
  describe.each(STATEMENT_FAMILIES)('%s', (family) => {
    it.each(SEEDS)('random statement, seed %i', async (seed) => {
      const stored = await storedStatement(family, seed);
      let read: ExtractionResult | undefined;
      expect(() => (read = readExtractionResult(stored))).not.toThrow();
      // A current result is read as it is: the same object, nothing filled in.
      expect(read).toBe(stored);
    });
  });

  it('a statement the language model read (an unknown layout)', async () => {
    const line = (text: string): TextLine => ({ page: 1, y: 0, text, cells: [{ x: 0, text }] });
    const answer = JSON.stringify({
      investors: [
        {
          name: 'Priya Sharma',
          pan: null,
          holdings: [
            { scheme_name: 'Reliance Industries Ltd', isin: 'INE002A01018', units: 25, nav: 1234.5, market_value: 30862.5 },
            { scheme_name: 'Parag Parikh Flexi Cap Fund - Direct Plan - Growth', isin: 'INF879O01027', units: 10, nav: null, market_value: null },
          ],
        },
      ],
    });
    class Answering extends LlmProvider {
      readonly name = 'openai';
      async complete(): Promise<LlmCompletion> {
        return { text: answer, model: 'test-model', inputTokens: 1000, outputTokens: 200 };
      }
    }
    const lines = [
      line('Reporting period: 01-Apr-2025 to 30-Sep-2025'),
      line('Reliance Industries Ltd | INE002A01018 | 25 | 1,234.50 | 30,862.50'),
      line('Parag Parikh Flexi Cap Fund - Direct Plan - Growth | INF879O01027 | 10'),
    ];
    const unknown: Classification = { code: 'UNKNOWN', confidence: 20, holdings_statement: false };
    const { draft } = await extractStatementWithModel(lines, unknown, new Answering());
    expect(draft.entities.flatMap((e) => e.holdings).length).toBeGreaterThan(0);
    const stored = await storedByPipeline(unknown, draft, NO_MARKET_DATA);
    expect(readExtractionResult(stored)).toMatchObject({ document_type: 'UNKNOWN', holdings_statement: true, validation: expect.arrayContaining([expect.objectContaining({ code: 'LLM_EXTRACTED' })]) });
  });
});

type Json = Record<string, unknown>;
const entitiesOf = (r: Json) => r.entities as Json[];
const holdingsOf = (r: Json) => entitiesOf(r).flatMap((e) => e.holdings as Json[]);
const transactionsOf = (r: Json) => holdingsOf(r).flatMap((h) => h.transactions as Json[]);

/** Fields the first stored results (November 2026) did not have, removed from a current one. */
function asFirstVersion(stored: unknown): Json {
  const old = structuredClone(stored) as Json;
  const figures = [old.totals as Json, ...entitiesOf(old).map((e) => e.totals as Json | null)];
  for (const f of figures) if (f) for (const key of ['holdings_valued', 'holdings_without_value', 'xirr_reason']) delete f[key];
  for (const h of holdingsOf(old)) {
    for (const key of ['xirr', 'xirr_reason', 'asset_class_source', 'opening_value', 'market_value_source', 'nav_date', 'account_id', 'latest_nav', 'latest_nav_date', 'latest_market_value']) delete h[key];
  }
  for (const t of transactionsOf(old)) delete t.type;
  return old;
}

describe('readExtractionResult reads results stored by earlier versions', () => {
  it.each(
    (['cams_detailed', 'kfintech_detailed', 'cams_summary', 'nsdl_cas'] as const).flatMap((family) => SEEDS.map((seed) => ({ family, seed }))),
  )('$family, seed $seed, without the fields added since', async ({ family, seed }) => {
    const current = (await storedStatement(family, seed)) as Json;
    const old = asFirstVersion(current);
    const read = readExtractionResult(old) as unknown as Json;
    // Each transaction stored without a type gets the one the parsers give it today.
    expect(transactionsOf(read).map((t) => t.type)).toEqual(transactionsOf(current).map((t) => t.type));
    // Nothing else is filled in or changed.
    for (const t of transactionsOf(old)) t.type = expect.anything();
    expect(read).toEqual(old);
  });

  it('a detailed statement has transactions to type (the test above is not empty)', async () => {
    expect(transactionsOf((await storedStatement('cams_detailed', 1)) as Json).length).toBeGreaterThan(0);
  });
});

describe('readExtractionResult refuses what is not an extraction result', () => {
  let valid: Json;
  beforeAll(async () => {
    valid = (await storedStatement('cams_detailed', 5, MARKET_DATA)) as Json;
  });

  const malformed: Array<{ name: string; change: (r: Json) => unknown; path: string; message: RegExp }> = [
    { name: 'nothing stored', change: () => null, path: '', message: /the document: expected an object, found null/ },
    { name: 'a list', change: (r) => [r], path: '', message: /the document: expected an object, found an array/ },
    { name: 'the JSON as a string', change: (r) => JSON.stringify(r), path: '', message: /the document: expected an object, found the string "\{/ },
    {
      name: 'no entities',
      change: (r) => {
        delete r.entities;
        return r;
      },
      path: 'entities',
      message: /entities: expected an array, found nothing/,
    },
    {
      name: 'units as printed text',
      change: (r) => ((holdingsOf(r)[0].units = '1,234.567'), r),
      path: 'entities[0].holdings[0].units',
      message: /entities\[0\]\.holdings\[0\]\.units: expected a number or null, found the string "1,234\.567"/,
    },
    {
      name: 'a market value that is not a number',
      change: (r) => ((holdingsOf(r)[0].market_value = Number.NaN), r),
      path: 'entities[0].holdings[0].market_value',
      message: /expected a number or null, found the number NaN/,
    },
    {
      name: 'an asset class outside the vocabulary',
      change: (r) => ((holdingsOf(r)[0].asset_class = 'Gold'), r),
      path: 'entities[0].holdings[0].asset_class',
      message: /expected one of Equity, Debt, Hybrid, Other or null, found the string "Gold"/,
    },
    {
      name: 'a transaction type outside the vocabulary',
      change: (r) => ((transactionsOf(r)[0].type = 'buy'), r),
      path: 'entities[0].holdings[0].transactions[0].type',
      message: /transactions\[0\]\.type: expected one of purchase, .*, found the string "buy"/,
    },
    {
      name: 'transactions that are not a list',
      change: (r) => ((holdingsOf(r)[0].transactions = {}), r),
      path: 'entities[0].holdings[0].transactions',
      message: /expected an array, found an object/,
    },
    {
      name: 'an unknown flag code',
      change: (r) => ((r.validation = [{ code: 'LOOKS_ODD', message: 'x', isin: null, entity: null, page: null }]), r),
      path: 'validation[0].code',
      message: /validation\[0\]\.code: expected one of UNITS_NAV_MISMATCH, .*, found the string "LOOKS_ODD"/,
    },
    {
      name: 'a statement class outside the vocabulary',
      change: (r) => ((r.document_type = 'XYZ_CAS'), r),
      path: 'document_type',
      message: /document_type: expected one of CAMS_DETAILED_CAS, .*, found the string "XYZ_CAS"/,
    },
    {
      name: 'a period without its end',
      change: (r) => ((r.period = { from: '2025-04-01' }), r),
      path: 'period.to',
      message: /period\.to: expected a string or null, found nothing/,
    },
    {
      name: 'a flag that is not true or false',
      change: (r) => ((r.holdings_statement = 'true'), r),
      path: 'holdings_statement',
      message: /holdings_statement: expected true or false, found the string "true"/,
    },
    {
      name: 'totals missing',
      change: (r) => ((r.totals = null), r),
      path: 'totals',
      message: /totals: expected an object, found null/,
    },
  ];

  it.each(malformed)('$name', ({ change, path, message }) => {
    const row = change(structuredClone(valid));
    let error: unknown;
    try {
      readExtractionResult(row, 'document 5f0c7a1e');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ExtractionResultError);
    expect((error as ExtractionResultError).path).toBe(path);
    expect((error as Error).message).toMatch(/^The stored extraction result of document 5f0c7a1e is not one: /);
    expect((error as Error).message).toMatch(message);
  });

  it('keeps fields a newer version adds, as they are', () => {
    const newer = structuredClone(valid);
    holdingsOf(newer)[0].printed_cells = [{ field: 'nav', text: '1.00', page: 2 }];
    newer.schema_version = 2;
    expect(readExtractionResult(newer)).toEqual(newer);
  });
});
