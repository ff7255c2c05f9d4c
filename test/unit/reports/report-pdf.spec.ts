import { beforeAll, describe, expect, it } from '@jest/globals';
import { buildReportModel, type ClientReportModel } from '../../../src/modules/reports/document/report-model.js';
import { renderClientReport } from '../../../src/modules/reports/document/report-pdf.js';
import { colourVariety, figure, holdingsRows, linesStartingWith, readReport, valueOf, type ReadReport } from '../../support/report-pdf.js';
import { sampleReportInput, samplePortfolio } from './portfolio-sample.js';

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
