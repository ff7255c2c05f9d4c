import { describe, expect, it } from '@jest/globals';
import { pageFaults, type LayoutPage, type LayoutRules, type TextItem } from '../../support/report-layout.js';

// The layout checker on hand-placed text: a clean table passes, and each fault is found.

const rules: LayoutRules = { margin: 36, footerBand: 14, headers: [['Scheme', 'Value (₹)', 'Notes']], headingMinSize: 8.5 };
const item = (text: string, x: number, baseline: number, width: number, over: Partial<TextItem> = {}): TextItem => ({ page: 1, text, x, baseline, width, size: 7.5, bold: false, ...over });

/** A heading, a table (Scheme left-aligned at 36; Value right-aligned ending at 300; Notes ending at 340), a total. */
function page(over: { rows?: TextItem[][]; after?: TextItem[][] } = {}): LayoutPage {
  const lines = [
    [item('Equity', 36, 100, 30, { size: 9, bold: true })],
    [item('Scheme', 36, 112, 28, { bold: true }), item('Value (₹)', 265, 112, 35, { bold: true }), item('Notes', 320, 112, 20, { bold: true })],
    ...(over.rows ?? [
      [item('HDFC Flexi Cap Fund', 36, 124, 80), item('1,000.00', 268, 124, 32), item('1, 2', 328, 124, 12)],
      [item('Axis Gilt Fund', 36, 136, 60), item('12.00', 280, 136, 20)],
    ]),
    [item('Equity total', 36, 148, 45, { bold: true }), item('1,012.00', 266, 148, 34, { bold: true })],
    ...(over.after ?? []),
    [item('Page 1 of 1', 380, 570, 40, { size: 7 })],
  ];
  return { number: 1, width: 841.89, height: 595.28, lines: lines.map((items) => ({ page: 1, baseline: items[0].baseline, size: items[0].size, items })) };
}

describe('layout checker', () => {
  it('finds nothing in a clean table', () => {
    expect(pageFaults(page(), rules)).toEqual([]);
  });

  it('finds overlapping text', () => {
    const rows = [[item('HDFC Flexi Cap Fund', 36, 124, 80), item('1,000.00', 268, 124, 32)], [item('Regular Plan', 36, 129, 50), item('12.00', 280, 136, 20)]];
    expect(pageFaults(page({ rows }), rules).map((f) => f.kind)).toContain('overlap');
  });

  it('finds text outside the margins', () => {
    expect(pageFaults(page({ after: [[item('Too far', 800, 160, 40, { size: 9 })]] }), rules).map((f) => f.kind)).toEqual(['outside']);
  });

  it('finds a heading left at the foot of its page, alone or over only a table header', () => {
    expect(pageFaults(page({ after: [[item('Debt', 36, 530, 20, { size: 9, bold: true })]] }), rules).map((f) => f.kind)).toEqual(['heading-last']);
    const header = [item('Scheme', 36, 542, 28, { bold: true }), item('Value (₹)', 265, 542, 35, { bold: true }), item('Notes', 320, 542, 20, { bold: true })];
    expect(pageFaults(page({ after: [[item('Debt', 36, 530, 20, { size: 9, bold: true })], header] }), rules).map((f) => f.kind)).toEqual(['heading-last']);
  });

  it('finds a bold data row (the total, the table’s last line, may be bold)', () => {
    const rows = [[item('HDFC Flexi Cap Fund', 36, 124, 80, { bold: true }), item('1,000.00', 268, 124, 32, { bold: true })], [item('Axis Gilt Fund', 36, 136, 60), item('12.00', 280, 136, 20)]];
    expect(pageFaults(page({ rows }), rules).map((f) => f.kind)).toEqual(['bold-row']);
  });

  it('finds a cell out of its column, or a column running into the next', () => {
    const astray = [[item('HDFC Flexi Cap Fund', 36, 124, 80), item('1,000.00', 250, 124, 32)]];
    expect(pageFaults(page({ rows: astray }), rules).map((f) => f.kind)).toEqual(['off-column']);
    // Notes right-aligned in their column but wide enough to reach the Value column.
    const wide = [[item('HDFC Flexi Cap Fund', 36, 124, 80), item('1,000.00', 268, 124, 32), item('1, 2, 3, 4, 5', 301, 124, 39)]];
    expect(pageFaults(page({ rows: wide }), rules).map((f) => f.kind)).toEqual(['off-column']);
  });
});
