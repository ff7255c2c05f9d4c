/**
 * The guard's decisions, one scenario per case, on hand-built drafts: which printed figures the
 * statement's own evidence refutes, and that everything else leaves exactly as read.
 */
import { describe, expect, it } from '@jest/globals';
import { guardExtraction } from '../../../src/modules/extraction/guard.js';
import { extractStatementWithModel } from '../../../src/modules/extraction/llm-extraction.js';
import { calculatePortfolio, totalsIncompleteFlags } from '../../../src/modules/extraction/calculator.js';
import { validateExtraction } from '../../../src/modules/extraction/validator.js';
import type { ExtractionDraft, Holding, StatedGroupTotal, TextLine, Transaction } from '../../../src/modules/extraction/types.js';
import { LlmProvider, type LlmCompletion } from '../../../src/modules/llm/llm-provider.js';
import { makeHolding } from '../../support/holding.js';

const FUND = 'INF179K01XQ0';
const OTHER = 'INF846K01DP8';
const SHARE = 'INE002A01018';

const tx = (units: number, balance: number): Transaction => ({ date: '2025-06-10', type: 'purchase', description: 'Purchase', amount: null, units, nav: null, balance_units: balance });

/** A fund holding: 100.000 units at 25.5000 worth 2,550.00 unless told otherwise. */
const fund = (over: Partial<Holding> = {}): Holding => makeHolding({ isin: FUND, scheme_name: 'HDFC Flexi Cap Fund', units: 100, nav: 25.5, market_value: 2550, cost_value: 2000, nav_date: '2025-09-30', ...over });
/** Opening 60 units and a purchase of 40: the transactions give 100.000 closing units. */
const withHistory = { opening_units: 60, transactions: [tx(40, 100)] };
/** A second, clean holding of another scheme: 40.000 units at 12.5000 worth 500.00. */
const other = (over: Partial<Holding> = {}): Holding => makeHolding({ isin: OTHER, scheme_name: 'Axis Bluechip Fund', units: 40, nav: 12.5, market_value: 500, cost_value: 450, nav_date: '2025-09-30', ...over });

interface Totals {
  investor?: number;
  statement?: number;
  groups?: StatedGroupTotal[];
}

function draftOf(holdings: Holding[], totals: Totals = {}): ExtractionDraft {
  return {
    classification: 'CAMS_SUMMARY_CAS',
    period: { from: null, to: '2025-09-30' },
    entities: [{ entity_name: 'Priya Sharma', pan: 'ABCPS1234K', holdings, stated_total: totals.investor ?? null }],
    stated_total: totals.statement ?? null,
    stated_group_totals: totals.groups,
    currency: 'INR',
  };
}

/** Each holding's refused fields, in order, as `field=printed`. */
const refusals = (d: ExtractionDraft): string[][] => d.entities[0].holdings.map((h) => (h.refused_figures ?? []).map((r) => `${r.field}=${r.printed}`));

const scenarios: Array<{ name: string; draft: ExtractionDraft; refused: string[][] }> = [
  {
    name: 'figures that agree with each other and the total stay exactly as read',
    draft: draftOf([fund(withHistory), other()], { statement: 3050 }),
    refused: [[], []],
  },
  {
    name: 'units × NAV ≠ value, units confirmed by the transactions and value by the total ⇒ the NAV alone',
    draft: draftOf([fund({ ...withHistory, nav: 2.55 }), other()], { statement: 3050 }),
    refused: [['nav=2.55'], []],
  },
  {
    name: 'NAV and value both read as 1.00, the units the transactions give ⇒ NAV and value; the units stay',
    draft: draftOf([fund({ ...withHistory, nav: 1, market_value: 1 }), other()], { statement: 3050 }),
    refused: [['nav=1', 'market_value=1'], []],
  },
  {
    name: 'units × NAV ≠ value with nothing confirming any of the three ⇒ all three',
    draft: draftOf([fund({ nav: 2.55 })]),
    refused: [['units=100', 'nav=2.55', 'market_value=2550']],
  },
  {
    name: 'units × NAV ≠ value, the value confirmed by the total ⇒ units and NAV',
    draft: draftOf([fund({ nav: 2.55 }), other()], { statement: 3050 }),
    refused: [['units=100', 'nav=2.55'], []],
  },
  {
    name: 'the columns rotated on a holding with transactions ⇒ all three',
    draft: draftOf([fund({ ...withHistory, units: 2550, nav: 100, market_value: 25.5 })]),
    refused: [['units=2550', 'nav=100', 'market_value=25.5']],
  },
  {
    name: 'units and NAV exchanged, told by the transactions (the NAV read is their closing balance) ⇒ both, the value stays',
    draft: draftOf([fund({ ...withHistory, units: 25.5, nav: 100 })]),
    refused: [['units=25.5', 'nav=100']],
  },
  {
    name: 'units and NAV exchanged, told by the same ISIN elsewhere (the units read are its NAV) ⇒ both, the value and the other holding stay',
    draft: draftOf([fund(), fund({ folio: '2 / 1', units: 25.5, nav: 40, market_value: 1020 })]),
    refused: [[], ['units=25.5', 'nav=40']],
  },
  {
    name: 'units confirmed by the transactions, NAV by the same ISIN elsewhere, units × NAV ≠ value ⇒ the value alone',
    draft: draftOf([fund(), fund({ ...withHistory, folio: '2 / 1', market_value: 2600 })]),
    refused: [[], ['market_value=2600']],
  },
  {
    // An ETF's units in a folio are valued at its NAV, those in demat at the market price, on one date.
    name: 'the same ISIN valued at its NAV in a folio and at another price in a demat account on the same date, each product holding ⇒ nothing refused',
    draft: draftOf([fund(), fund({ folio: null, account_id: 'IN300126 / 12345678', units: 102, nav: 25, market_value: 2550 })]),
    refused: [[], []],
  },
  {
    name: 'two folios of one fund at two NAVs on the same date, each product holding ⇒ which is misread nothing says: both refused',
    draft: draftOf([fund(), fund({ folio: '2 / 1', units: 102, nav: 25, market_value: 2550 })]),
    refused: [['units=100', 'nav=25.5', 'market_value=2550'], ['units=102', 'nav=25', 'market_value=2550']],
  },
  {
    name: 'a figure printed negative is refuted by itself',
    draft: draftOf([fund({ units: -100, nav: 25.5, market_value: -2550 })]),
    // The product holds, so the NAV that agrees with the refuted figures goes too.
    refused: [['units=-100', 'nav=25.5', 'market_value=-2550']],
  },
  {
    name: 'a cost printed negative is refused',
    draft: draftOf([fund({ cost_value: -2000 })]),
    refused: [['cost_value=-2000']],
  },
  {
    name: 'a cost on a holding of zero units is refused',
    draft: draftOf([fund({ units: 0, market_value: 0, cost_value: 1800 })]),
    refused: [['cost_value=1800']],
  },
  {
    name: 'a row that holds together but breaks its demat account total ⇒ every figure of that account nothing confirms; the account that adds up stays',
    draft: draftOf(
      [
        makeHolding({ isin: SHARE, scheme_name: 'RELIANCE', units: 10, nav: 1234.5, market_value: 12345, account_id: 'A' }),
        makeHolding({ isin: 'INE040A01034', scheme_name: 'HDFC BANK', units: 1000, nav: 96.63, market_value: 96630, account_id: 'B' }),
        makeHolding({ isin: 'INE009A01021', scheme_name: 'INFOSYS', units: 5, nav: 1500, market_value: 7500, account_id: 'B' }),
      ],
      { groups: [{ kind: 'account', name: 'A', market_value: 12345 }, { kind: 'account', name: 'B', market_value: 17163 }], statement: 29508 },
    ),
    refused: [[], ['units=1000', 'nav=96.63', 'market_value=96630'], ['units=5', 'nav=1500', 'market_value=7500']],
  },
  {
    name: 'a value off by less than its product’s rounding but not by the total ⇒ that value alone',
    draft: draftOf([fund({ units: 10000, nav: 25.1234, market_value: 251233.8 }), other()], { statement: 251734 }),
    refused: [['market_value=251233.8'], []],
  },
  {
    name: 'a total the refused value accounts for (units × NAV still standing) refuses nothing more',
    draft: draftOf([fund(), fund({ ...withHistory, folio: '2 / 1', market_value: 2600 }), other()], { statement: 5600 }),
    refused: [[], ['market_value=2600'], []],
  },
  {
    name: 'holdings worth more than their printed total, no single value accounting for it ⇒ every figure nothing else confirms',
    draft: draftOf([fund(withHistory), other()], { statement: 1050 }),
    refused: [['nav=25.5', 'market_value=2550'], ['units=40', 'nav=12.5', 'market_value=500']],
  },
  {
    name: 'a total the holdings exceed while another total confirms every value ⇒ the total is the misprint: nothing refused',
    // The investor's total printed as one account's: the statement's total confirms both values.
    draft: draftOf([fund(), other()], { investor: 2550, statement: 3050 }),
    refused: [[], []],
  },
  {
    name: 'holdings worth less than their printed total, no single value accounting for it (a row read too small, or one lost) ⇒ every figure nothing else confirms',
    draft: draftOf([fund(withHistory), other()], { statement: 9050 }),
    refused: [['nav=25.5', 'market_value=2550'], ['units=40', 'nav=12.5', 'market_value=500']],
  },
  {
    name: 'holdings worth less than their printed total when a language model’s row was dropped ⇒ the dropped row accounts for it: nothing refused',
    draft: {
      ...draftOf([fund(withHistory), other()], { statement: 9050 }),
      llm_extraction: { model: 'm', outcome: 'extracted', pages_sent: 1, pages_total: 1, truncated: false, rows_returned: 3, rows_accepted: 2, rejected: [], error: null },
    },
    refused: [[], []],
  },
];

describe('guardExtraction', () => {
  it.each(scenarios)('$name', ({ draft, refused }) => {
    const before = JSON.stringify(draft);
    const guarded = guardExtraction(draft);
    expect(refusals(guarded)).toEqual(refused);
    expect(JSON.stringify(draft)).toBe(before); // the input is never changed
    // A refused figure is null; every other figure is exactly as read.
    guarded.entities[0].holdings.forEach((h, i) => {
      const read = draft.entities[0].holdings[i];
      for (const field of ['units', 'nav', 'market_value', 'cost_value'] as const) {
        expect(h[field]).toBe(h.refused_figures?.some((r) => r.field === field) ? null : read[field]);
      }
    });
    expect(guardExtraction(guarded)).toEqual(guarded); // nothing more the second time
  });

  it('returns a draft nothing refutes as it is', () => {
    const draft = draftOf([fund(withHistory), other()], { statement: 3050 });
    expect(guardExtraction(draft)).toBe(draft);
  });

  it('withdraws a value computed from a refused figure: it was never printed, so it is missing, not refused', () => {
    const guarded = guardExtraction(draftOf([fund({ ...withHistory, units: 1000, nav: 25.5, market_value: 25500, market_value_source: 'computed' })]));
    const h = guarded.entities[0].holdings[0];
    expect(h).toMatchObject({ units: null, nav: 25.5, market_value: null });
    expect(h.market_value_source).toBeUndefined();
    expect(h.refused_figures?.map((r) => r.field)).toEqual(['units']);
  });

  it('says in the refusal what was printed and why, in plain words', () => {
    const [nav] = guardExtraction(draftOf([fund({ ...withHistory, nav: 2.55 }), other()], { statement: 3050 })).entities[0].holdings[0].refused_figures!;
    expect(nav).toEqual({
      field: 'nav',
      printed: 2.55,
      reason: expect.stringMatching(/units 100\.000 × NAV 2\.5500 = 255\.00, but the market value is 2550\.00.*the units are confirmed: the opening balance and the transactions give 100\.000 units/),
    });
  });
});

describe('a refused figure downstream', () => {
  const guarded = guardExtraction(draftOf([fund({ nav: 2.55 }), other()], { statement: 3050 }));

  it('is flagged FIGURE_REFUTED once per holding, naming the figures as printed, and never also FIGURE_MISSING', () => {
    const flags = validateExtraction(guarded).flags;
    const refuted = flags.filter((f) => f.code === 'FIGURE_REFUTED');
    expect(refuted).toEqual([expect.objectContaining({ isin: FUND, entity: 'Priya Sharma', message: expect.stringMatching(/refute the units printed as 100 and the NAV printed as 2\.55 \(units 100\.000 × NAV 2\.5500 = 255\.00, but the market value is 2550\.00; the market value is confirmed/) })]);
    expect(flags.some((f) => f.code === 'FIGURE_MISSING')).toBe(false);
  });

  it('stays out of totals and allocation, which say the holding was left out', () => {
    const figures = calculatePortfolio(guarded.entities);
    expect(figures).toMatchObject({ total_market_value: 3050, holdings_valued: 2, holdings_without_value: 0 });
    const valueRefused = guardExtraction(draftOf([fund({ nav: 2.55 })]));
    expect(calculatePortfolio(valueRefused.entities)).toMatchObject({ total_market_value: 0, holdings_valued: 0, holdings_without_value: 1, total_cost_value: null });
    expect(totalsIncompleteFlags(valueRefused.entities)).toEqual([expect.objectContaining({ code: 'TOTALS_INCOMPLETE' })]);
  });
});

describe('the language model’s reading', () => {
  class Answering extends LlmProvider {
    readonly name = 'openai';
    constructor(private readonly text: string) {
      super();
    }
    async complete(): Promise<LlmCompletion> {
      return { text: this.text, model: 'test-model', inputTokens: 10, outputTokens: 10 };
    }
  }
  const line = (text: string): TextLine => ({ page: 1, y: 0, text, cells: [{ x: 0, text }] });

  it('passes the same guard: a row the printed total refutes is refused', async () => {
    // The row holds together (250 × 1,234.50 = 3,08,625.00), but the statement's total says 30,862.50.
    const lines = [line('Reliance Industries Ltd | INE002A01018 | 250 | 1,234.50 | 3,08,625.00'), line('Total value | 30,862.50')];
    const answer = { stated_total: 30862.5, investors: [{ name: 'Priya Sharma', pan: null, holdings: [{ scheme_name: 'Reliance Industries Ltd', isin: SHARE, units: 250, nav: 1234.5, market_value: 308625 }] }] };
    const { draft } = await extractStatementWithModel(lines, { code: 'UNKNOWN', confidence: 20, holdings_statement: false }, new Answering(JSON.stringify(answer)));
    expect(draft.stated_total).toBe(30862.5);
    expect(draft.entities[0].holdings[0]).toMatchObject({ units: null, nav: null, market_value: null });
    expect(draft.entities[0].holdings[0].refused_figures?.map((r) => r.field)).toEqual(['units', 'nav', 'market_value']);
  });
});
