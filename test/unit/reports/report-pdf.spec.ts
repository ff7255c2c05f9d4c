import { beforeAll, describe, expect, it } from '@jest/globals';
import { buildReportModel, type ClientReportModel } from '../../../src/modules/reports/document/report-model.js';
import { renderClientReport } from '../../../src/modules/reports/document/report-pdf.js';
import { colourVariety, figure, holdingsRows, linesStartingWith, readReport, valueOf, type ReadReport } from '../../support/report-pdf.js';
import { maskPan } from '../../../src/modules/reports/document/format.js';
import { position, sampleHouseholdInput, sampleReportInput, samplePortfolio } from './portfolio-sample.js';

// The PDF rendered by pdf.js on @napi-rs/canvas and read back: what a person sees is what the model says.

const model = (over: Partial<Parameters<typeof buildReportModel>[0]> = {}) => buildReportModel(sampleReportInput(over));

/** The chart's area: under the "Asset allocation" label, as wide and high as the chart is drawn. */
const chartRegion = (r: ReadReport) => {
  const label = r.boxes.find((b) => b.text === 'Asset allocation')!;
  return { page: r.pages[label.page - 1], region: { x: label.x, y: label.y + label.height + 4, width: 150, height: 150 } };
};

describe('client report PDF', () => {
  let m: ClientReportModel;
  let read: ReadReport;
  beforeAll(async () => {
    m = model();
    read = await readReport(await renderClientReport(m));
  });

  it('heads with the firm, the client, the PAN masked (never in clear), the date and the period, with the rupee sign', () => {
    expect(read.text).toEqual(expect.arrayContaining(['Acme Wealth Advisors', 'Priya Sharma', 'XXXXXX234K', '31 Mar 2025', 'FY 2024-25 (01 Apr 2024 to 31 Mar 2025)']));
    expect(read.text.join('\n')).not.toContain('ABCPS1234K');
    expect(valueOf(read, 'Market value')).toBe('₹ 29,70,975.75');
  });

  it('prints every holding with the model’s figures, by column', () => {
    const rows = holdingsRows(read);
    const expected = m.groups.flatMap((g) => g.rows);
    expect(rows.map((r) => r.isin)).toEqual(expected.map((r) => r.isin));
    for (const [i, row] of rows.entries()) {
      const e = expected[i];
      expect({ isin: row.isin, units: figure(row.units), nav: figure(row.nav), value: figure(row.value), cost: figure(row.cost), gain: figure(row.gain), notes: row.notes }).toEqual({
        isin: e.isin,
        units: e.units,
        nav: e.nav,
        value: e.value,
        cost: e.cost,
        gain: e.gain,
        notes: e.notes.join(', '),
      });
    }
  });

  it('a scheme name as wide as its column is read back as its own cell, apart from the ISIN beside it', async () => {
    // Names of about this length end within pdf.js's column-break distance of the ISIN unless wrapped short of the edge.
    const names = ['Axis Large Cap Fund - Regular Plan - Growth', 'Axis Large Cap Fund - Regular Plan - Growthh', 'Axis Large Cap Fund - Regular Plan - Growth A', 'Mirae Asset Large & Midcap Fund - Regular Plan'];
    const p = samplePortfolio();
    p.positions = names.map((scheme_name, i) => position({ id: `W${i}`, isin: `INF846K01D${i}6`.slice(0, 12), scheme_name }));
    const rows = holdingsRows(await readReport(await renderClientReport(model({ portfolio: p }))));
    expect(rows.map((r) => r.isin)).toEqual(p.positions.map((x) => x.isin));
    // The cell holds the name's first line (a name that does not fit wraps below), and nothing of the ISIN.
    for (const [i, r] of rows.entries()) expect(names[i].startsWith(r.scheme.replace(/\s+/g, ' '))).toBe(true);
  });

  it('an unknown total is "not on statement", an unknown percentage a dash, never 0', () => {
    expect(valueOf(read, 'Cost')).toBe('not on statement');
    expect(valueOf(read, 'Unrealised gain')).toBe('not on statement');
    expect(valueOf(read, 'Unrealised gain %')).toBe('—');
    expect(linesStartingWith(read, 'Hybrid total')).toEqual([['6,150.00', '—', '—']]);
  });

  it('lists the notes on flagged data', () => {
    for (const n of m.notes) expect(read.text).toContain(`${n.number}. ${n.title}`);
    expect(read.text).toContain('• SBI Magnum Gilt Fund - Direct Growth (folio 55/12): NAV of 2024-12-31');
  });

  it('draws the allocation chart: its area holds the classes’ colours; without a valued holding it stays blank', async () => {
    const drawn = chartRegion(read);
    const withChart = await colourVariety(drawn.page, drawn.region);
    expect(withChart.colours).toBeGreaterThanOrEqual(4);
    expect(withChart.inked).toBeGreaterThan(0.2);

    const p = samplePortfolio();
    p.positions = [];
    p.totals = { ...p.totals, total_market_value: 0, asset_allocation: { equity: 0, debt: 0, hybrid: 0, other: 0 }, holdings_valued: 0 };
    const empty = await readReport(await renderClientReport(model({ portfolio: p })));
    expect(empty.text).toContain('No holding is valued: no allocation to show.');
    const blank = chartRegion(empty);
    const none = await colourVariety(blank.page, { ...blank.region, y: blank.region.y + 20 });
    expect(none.inked).toBeLessThan(0.01);
  });
});

describe('household report PDF', () => {
  let m: ClientReportModel;
  let read: ReadReport;
  beforeAll(async () => {
    const gains = (short_term: number | null, long_term: number | null) => ({
      fy: '2024-25',
      short_term,
      long_term,
      total: short_term === null || long_term === null ? null : short_term + long_term,
      lots: 2,
      unknown_lots: short_term === null ? 1 : 0,
      defaulted_tax_class: [],
    });
    const base = sampleHouseholdInput();
    if (base.subject.kind !== 'household') throw new Error('not a household');
    const realised = [gains(1200.5, 300), gains(null, 50), null];
    m = buildReportModel({ ...base, subject: { ...base.subject, members: base.subject.members.map((x, i) => ({ ...x, realised: realised[i] })) }, realised: gains(null, 350) });
    read = await readReport(await renderClientReport(m));
  });

  it('heads with the household and its member count; every PAN masked, none in clear', () => {
    expect(read.text).toEqual(expect.arrayContaining(['Household portfolio report', 'Sharma family', 'XXXXXX234K', 'XXXXXX678L', 'XXXXXX012M']));
    expect(valueOf(read, 'Household')).toBe('Sharma family');
    expect(valueOf(read, 'Members')).toBe('3');
    for (const pan of ['ABCPS1234K', 'ABCPR5678L', 'ABCPA9012M']) expect(read.text.join('\n')).not.toContain(pan);
  });

  it('prints each member’s figures in the members table, unknown ones as "not on statement" or a dash', () => {
    // Each name's first line is the members table (later ones: the gains table).
    const line = (name: string) => linesStartingWith(read, name)[0];
    expect(line('Priya Sharma')).toEqual(['self', 'XXXXXX234K', '2', '28,42,578.95', '23,50,000.00', '4,92,578.95', '14.10 %']);
    expect(line('Rahul Sharma')).toEqual(['spouse', 'XXXXXX678L', '2', '1,28,396.80', 'not on statement', 'not on statement', '—']);
    expect(line('Anika Sharma')).toEqual(['child', 'XXXXXX012M', '0', '0.00', '—', '—', '—']); // holds nothing: no cost to miss
  });

  it('prints each member’s holdings under the member’s heading, with the model’s figures', () => {
    if (m.subject.kind !== 'household') throw new Error('not a household');
    const headings = m.subject.members.map((x) => read.boxes.findIndex((b) => b.text === `${x.name} (${x.relationship}, PAN ${maskPan(x.pan)})`));
    expect(headings.every((i) => i >= 0)).toBe(true);
    expect([...headings].sort((a, b) => a - b)).toEqual(headings);
    const rows = holdingsRows(read);
    const expected = m.subject.members.flatMap((x) => x.groups.flatMap((g) => g.rows));
    expect(rows.map((r) => [r.isin, figure(r.value), figure(r.cost)])).toEqual(expected.map((r) => [r.isin, r.value, r.cost]));
    expect(read.text).toContain('No holdings on the statements counted.'); // Anika
  });

  it('prints each member’s realised gains and the household’s, an unknown one as a dash', () => {
    const gains = (name: string) => linesStartingWith(read, name).at(-1);
    expect(gains('Priya Sharma')).toEqual(['1,200.50', '300.00', '1,500.50']);
    expect(gains('Rahul Sharma')).toEqual(['—', '50.00', '—']);
    expect(gains('Anika Sharma')).toEqual(['—', '—', '—']);
    const note = m.notes.find((n) => n.code === 'REALISED_GAINS_UNAVAILABLE')!.number;
    expect(linesStartingWith(read, `Household (see note ${note})`)).toEqual([['—', '350.00', '—']]);
  });
});
