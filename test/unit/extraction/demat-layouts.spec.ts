/**
 * Depository statements in prints the random sweeps draw rarely or not at all: the folios held with
 * the registrars beside the demat accounts, and exchange-traded funds, sovereign gold bonds and fund
 * units in demat in sections of their own, under random layouts (every field exact); and hand-set
 * tables where only the labels can tell a quantity from a price (figures in an order that looks
 * rotated, both printed to 4 decimals), or nothing can (both null, flagged). `FOLIODESK_VARIANT_SEED`
 * replays one random statement.
 */
import { describe, expect, it } from '@jest/globals';
import { buildLines } from '../../../src/modules/pdf/text-lines.js';
import { classifyStatement } from '../../../src/modules/extraction/classifier.js';
import { enrichExtraction } from '../../../src/modules/extraction/enricher.js';
import { extractStatement } from '../../../src/modules/extraction/extractor.js';
import { validateExtraction } from '../../../src/modules/extraction/validator.js';
import { buildModel, modelText, remodel, type StatementFamily } from '../../fixtures/generator/index.js';
import { classifiedAs, page, type CellSpec } from '../../support/text-lines.js';
import { compareWithModel } from './harness.js';
import { randomOptions, runText } from './variation-harness.js';
import { runSeed } from '../../support/run-seed.js';

const COUNT = 25;
const BASE = runSeed('demat-layouts', process.env.FOLIODESK_VARIANT_BASE);
const seeds = process.env.FOLIODESK_VARIANT_SEED ? [Number(process.env.FOLIODESK_VARIANT_SEED)] : Array.from({ length: COUNT }, (_, i) => BASE + i);

describe.each(['nsdl_cas', 'cdsl_cas'] as StatementFamily[])('%s with the folios held with the registrars, random layouts', (family) => {
  it(`${seeds.length} statements from seed ${seeds[0]} read exactly`, () => {
    const failures: string[] = [];
    for (const seed of seeds) {
      const options = randomOptions(seed);
      const demat = buildModel(family, options);
      // Folios of a registrar's statement, listed after the accounts and so owned by the last account's
      // investor; depositories print a folio without the spaces round its slash, and without its joint
      // holders and nominees.
      const owner = demat.accounts[demat.accounts.length - 1].investor_pan;
      const folios = buildModel('cams_summary', { ...options, folios: 3 })
        .holdings.slice(0, 4)
        .map((h) => ({ ...h, investor_pan: owner, folio: h.folio!.replace(/\s+/g, ''), joint_holders: undefined, nominees: undefined }));
      const model = remodel(demat, { holdings: [...demat.holdings, ...folios] });
      const pages = modelText(model);
      const draft = extractStatement(buildLines(pages), classifyStatement(pages.slice(0, 3)));
      const problems = [...compareWithModel(model, enrichExtraction(draft)), ...validateExtraction(draft).flags.map((f) => `flag ${f.code}: ${f.message}`)];
      if (problems.length) failures.push(`seed ${seed} (FOLIODESK_VARIANT_SEED=${seed}): ${problems.slice(0, 5).join(' | ')}`);
      if (failures.length >= 3) break;
    }
    expect(failures).toEqual([]);
  });
});

describe.each(['nsdl_cas', 'cdsl_cas'] as StatementFamily[])('%s with exchange-traded funds, gold bonds and fund units in demat, random layouts', (family) => {
  it(`${seeds.length} statements from seed ${seeds[0]} read exactly, each holding of a section of its kind`, () => {
    const failures: string[] = [];
    for (const seed of seeds) {
      const options = randomOptions(seed);
      const run = runText(family, { ...options, quirks: { ...options.quirks, dematEtfs: true, mfUnitsInDemat: true } });
      const kinds = new Set(run.model.holdings.map((h) => h.instrument));
      expect({ seed, etf: kinds.has('etf'), gold: kinds.has('gold_bond'), funds: kinds.has('mutual_fund') }).toEqual({ seed, etf: true, gold: true, funds: true });
      const problems = [...compareWithModel(run.model, run.enriched), ...validateExtraction(run.draft).flags.map((f) => `flag ${f.code}: ${f.message}`)];
      if (problems.length) failures.push(`seed ${seed} (FOLIODESK_VARIANT_SEED=${seed}): ${problems.slice(0, 5).join(' | ')}`);
      if (failures.length >= 3) break;
    }
    expect(failures).toEqual([]);
  });
});

const opening: CellSpec[][] = [
  [[30, 'NSDL Consolidated Account Statement']],
  [[30, 'Statement for the period from 01-Mar-2025 to 31-Mar-2025']],
  [[30, 'DP ID : IN300126'], [200, 'Client ID : 12345678']],
  [[30, 'Account Holder : Meera Nair'], [300, 'PAN : ABCPN1234E']],
  [[30, 'Mutual Fund Units held with NSDL']],
];

const read = (rows: CellSpec[][]) => {
  const draft = extractStatement(page(1, [...opening, ...rows]), classifiedAs('NSDL_CAS'));
  return { holdings: draft.entities.flatMap((e) => e.holdings).map((h) => [h.isin, h.scheme_name, h.units, h.nav, h.market_value]), flags: validateExtraction(draft).flags.map((f) => f.code) };
};

describe('NSDL tables told apart by their labels', () => {
  it('reads value, NAV and units printed right to left (a print that looks rotated)', () => {
    const { holdings, flags } = read([
      [[30, 'ISIN'], [95, 'Scheme Name'], [330, 'Market Value', 'r'], [420, 'NAV', 'r'], [500, 'Units', 'r']],
      [[30, 'INF179K01BE2'], [95, 'HDFC FLEXI CAP FUND - DIRECT'], [330, '1,81,123.10', 'r'], [420, '1,700.0000', 'r'], [500, '106.543', 'r']],
      [[95, 'PLAN - GROWTH']],
      [[95, 'Sub Total'], [330, '1,81,123.10', 'r']],
    ]);
    expect(holdings).toEqual([['INF179K01BE2', 'HDFC FLEXI CAP FUND - DIRECT PLAN - GROWTH', 106.543, 1700, 181123.1]]);
    expect(flags).toEqual([]);
  });

  it('reads units and NAV both printed to 4 decimals by their labels, in either order', () => {
    for (const [first, second] of [
      ['Units', 'NAV'],
      ['NAV', 'Units'],
    ]) {
      const figures: Record<string, string> = { Units: '12.5000', NAV: '80.0000' };
      const { holdings } = read([
        [[30, 'ISIN'], [95, 'Scheme Name'], [330, first, 'r'], [420, second, 'r'], [500, 'Value', 'r']],
        [[30, 'INF179K01BE2'], [95, 'HDFC GOLD ETF'], [330, figures[first], 'r'], [420, figures[second], 'r'], [500, '1,000.00', 'r']],
      ]);
      expect(holdings).toEqual([['INF179K01BE2', 'HDFC GOLD ETF', 12.5, 80, 1000]]);
    }
  });

  it('leaves units and NAV null (flagged) when no label names them and both print 4 decimals', () => {
    const { holdings, flags } = read([
      [[30, 'ISIN'], [95, 'Scheme Name'], [330, 'Figure A', 'r'], [420, 'Figure B', 'r'], [500, 'Value', 'r']],
      [[30, 'INF179K01BE2'], [95, 'HDFC GOLD ETF'], [330, '12.5000', 'r'], [420, '80.0000', 'r'], [500, '1,000.00', 'r']],
    ]);
    expect(holdings).toEqual([['INF179K01BE2', 'HDFC GOLD ETF', null, null, 1000]]);
    expect(flags).toContain('FIGURE_MISSING');
  });

  it('takes unlabelled units and NAV by the print’s conventions (units to 3 decimals, NAV to 4) when the arithmetic allows both readings', () => {
    const { holdings } = read([
      [[30, 'ISIN'], [95, 'Scheme Name'], [330, 'Figure A', 'r'], [420, 'Figure B', 'r'], [500, 'Value', 'r']],
      [[30, 'INF179K01BE2'], [95, 'HDFC GOLD ETF'], [330, '80.0000', 'r'], [420, '12.500', 'r'], [500, '1,000.00', 'r']],
    ]);
    expect(holdings).toEqual([['INF179K01BE2', 'HDFC GOLD ETF', 12.5, 80, 1000]]);
  });

  it('keeps a folio number in its own column, out of a wrapped name', () => {
    const { holdings } = read([
      [[30, 'Mutual Fund Folios (F)']],
      [[30, 'ISIN'], [95, 'ISIN Description'], [250, 'Folio No.'], [380, 'No. of Units', 'r'], [450, 'NAV', 'r'], [530, 'Value', 'r']],
      [[30, 'INF740K01NY4'], [95, 'DSP GILT FUND - DIRECT PLAN -'], [250, '75608786/94'], [380, '1,000.000', 'r'], [450, '95.1234', 'r'], [530, '95,123.40', 'r']],
      [[95, 'GROWTH']],
      [[95, 'Sub Total'], [530, '95,123.40', 'r']],
    ]);
    expect(holdings).toEqual([['INF740K01NY4', 'DSP GILT FUND - DIRECT PLAN - GROWTH', 1000, 95.1234, 95123.4]]);
  });

  it('reads a government security: coupon and maturity run into the name stay out of it and out of the figures; Debt by its section', () => {
    const draft = extractStatement(
      page(1, [
        ...opening.slice(0, 4),
        [[30, 'Government Securities']],
        [[30, 'ISIN'], [95, 'Security'], [300, 'Coupon', 'r'], [312, 'Maturity'], [420, 'Face Value', 'r'], [470, 'Quantity', 'r'], [520, 'Market Price', 'r'], [570, 'Value', 'r']],
        [[30, 'IN0020200112'], [95, '6.11% GOVERNMENT OF INDIA 6.11 09-Aug-2050'], [420, '100.00', 'r'], [470, '500', 'r'], [520, '98.45', 'r'], [570, '49,225.00', 'r']],
        [[95, '2050']],
        [[95, 'Sub Total'], [570, '49,225.00', 'r']],
      ]),
      classifiedAs('NSDL_CAS'),
    );
    const [h] = draft.entities[0].holdings;
    expect([h.scheme_name, h.units, h.nav, h.market_value, h.face_value, h.instrument, h.asset_class]).toEqual(['6.11% GOVERNMENT OF INDIA 2050', 500, 98.45, 49225, 100, 'government_security', 'Debt']);
    expect(validateExtraction(draft).flags).toEqual([]);
  });

  it('reads a section heading that opens every page at one height as a heading, not as page furniture', () => {
    const header: CellSpec[] = [[30, 'ISIN'], [95, 'Security'], [420, 'Face Value', 'r'], [470, 'Quantity', 'r'], [520, 'Market Price', 'r'], [570, 'Value', 'r']];
    const bond = (isin: string, name: string, value: string): CellSpec[] => [[30, isin], [95, name], [420, '1,000.00', 'r'], [470, '10', 'r'], [520, '1,020.00', 'r'], [570, value, 'r']];
    const gsec = (isin: string, name: string): CellSpec[] => [[30, isin], [95, name], [420, '100.00', 'r'], [470, '500', 'r'], [520, '98.00', 'r'], [570, '49,000.00', 'r']];
    const lines = [
      ...page(1, [...opening.slice(0, 4), [[30, 'Corporate Bonds']], header, bond('INE906B07CB9', '8.50% NHAI NCD 2029', '10,200.00'), [[95, 'Sub Total'], [570, '10,200.00', 'r']]]),
      ...page(2, [[[30, 'Government Securities']], header, gsec('IN0020220151', '7.26% GOVERNMENT OF INDIA 2033'), [[95, 'Sub Total'], [570, '49,000.00', 'r']]]),
      ...page(3, [[[30, 'Government Securities']], header, gsec('IN0020230077', '7.18% GOVERNMENT OF INDIA 2037'), [[95, 'Sub Total'], [570, '49,000.00', 'r']]]),
      ...page(4, [[[30, 'Government Securities']], header, gsec('IN0020210244', '6.54% GOVERNMENT OF INDIA 2032'), [[95, 'Sub Total'], [570, '49,000.00', 'r']]]),
    ];
    const draft = extractStatement(lines, classifiedAs('NSDL_CAS'));
    expect(draft.entities.flatMap((e) => e.holdings).map((h) => [h.isin, h.instrument, h.units, h.nav, h.face_value])).toEqual([
      ['INE906B07CB9', 'corporate_bond', 10, 1020, 1000],
      ['IN0020220151', 'government_security', 500, 98, 100],
      ['IN0020230077', 'government_security', 500, 98, 100],
      ['IN0020210244', 'government_security', 500, 98, 100],
    ]);
  });

  it('takes none of a row’s figures when its value prints decimals the statement’s values never do (a truncated "87" among "1,234.50")', () => {
    const { holdings, flags } = read([
      [[30, 'ISIN'], [95, 'Scheme Name'], [330, 'Units', 'r'], [420, 'NAV', 'r'], [500, 'Value', 'r']],
      [[30, 'INF179K01BE2'], [95, 'HDFC GOLD ETF'], [330, '12.500', 'r'], [420, '80.0000', 'r'], [500, '1,000.00', 'r']],
      [[30, 'INF247L01445'], [95, 'MOTILAL OSWAL NASDAQ 100 ETF'], [330, '0.427', 'r'], [420, '203.7636', 'r'], [500, '87', 'r']],
      [[95, 'Sub Total'], [500, '1,087.01', 'r']],
    ]);
    expect(holdings).toEqual([
      ['INF179K01BE2', 'HDFC GOLD ETF', 12.5, 80, 1000],
      ['INF247L01445', 'MOTILAL OSWAL NASDAQ 100 ETF', null, null, null],
    ]);
    expect(flags).toContain('FIGURE_MISSING');
  });
});

describe('a government security printed as its face value held, priced per ₹100 of face value', () => {
  const gsec = (header: CellSpec[][], row: CellSpec[], total: string) => {
    const draft = extractStatement(page(1, [...opening.slice(0, 4), [[30, 'Government Securities']], ...header, row, [[95, 'Sub Total'], [570, total, 'r']]]), classifiedAs('NSDL_CAS'));
    const [h] = draft.entities.flatMap((e) => e.holdings);
    return { h, flags: validateExtraction(draft).flags.map((f) => f.code) };
  };
  const row = (face: string, price: string, value: string): CellSpec[] => [[30, 'IN0020200112'], [95, '6.11% GOVERNMENT OF INDIA 2050'], [420, face, 'r'], [500, price, 'r'], [570, value, 'r']];

  it('reads the face value held, the price per ₹100 and the value exactly: face × price ÷ 100 = value', () => {
    const { h, flags } = gsec([[[30, 'ISIN'], [95, 'Security'], [420, 'Face Value (₹)', 'r'], [500, 'Market Price (per ₹100)', 'r'], [570, 'Value', 'r']]], row('5,00,000', '98.45', '4,92,250.00'), '4,92,250.00');
    expect([h.units, h.nav, h.nav_basis, h.market_value, h.face_value, h.instrument, h.asset_class]).toEqual([500000, 98.45, 100, 492250, undefined, 'government_security', 'Debt']);
    expect(h.refused_figures).toBeUndefined();
    expect(flags).toEqual([]);
  });

  it('reads the price label wrapped over two lines, and a quantity column printed beside it as the face value held', () => {
    const header: CellSpec[][] = [
      [[30, 'ISIN'], [95, 'Security'], [420, 'Quantity', 'r'], [500, 'Market Price', 'r'], [570, 'Value', 'r']],
      [[500, '(per Rs.100)', 'r']],
    ];
    const { h, flags } = gsec(header, row('2,50,000', '101.20', '2,53,000.00'), '2,53,000.00');
    expect([h.units, h.nav, h.nav_basis, h.market_value]).toEqual([250000, 101.2, 100, 253000]);
    expect(flags).toEqual([]);
  });

  it('refuses figures the relation does not hold for, never rescaling them', () => {
    const { h, flags } = gsec([[[30, 'ISIN'], [95, 'Security'], [420, 'Face Value', 'r'], [500, 'Price per ₹100', 'r'], [570, 'Value', 'r']]], row('5,00,000', '98.54', '4,92,250.00'), '4,92,250.00');
    // Nothing else confirms any of the three: all are refused, each recorded as printed.
    expect([h.units, h.nav, h.market_value]).toEqual([null, null, null]);
    expect(h.refused_figures?.map((r) => [r.field, r.printed])).toEqual([
      ['units', 500000],
      ['nav', 98.54],
      ['market_value', 492250],
    ]);
    expect(h.refused_figures?.[0].reason).toContain('÷ 100');
    expect(flags).toContain('FIGURE_REFUTED');
  });

  it('never reads a price per unit as one per ₹100: the same figures under "Market Price" do not reconcile and are refused', () => {
    const { h, flags } = gsec([[[30, 'ISIN'], [95, 'Security'], [420, 'Quantity', 'r'], [500, 'Market Price', 'r'], [570, 'Value', 'r']]], row('5,00,000', '98.45', '4,92,250.00'), '4,92,250.00');
    expect([h.units, h.nav, h.nav_basis, h.market_value]).toEqual([null, null, undefined, null]);
    expect(h.refused_figures?.map((r) => r.printed)).toEqual([500000, 98.45, 492250]);
    expect(flags).toContain('FIGURE_REFUTED');
  });
});
