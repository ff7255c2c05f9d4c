import { describe, expect, it } from '@jest/globals';
import { buildLines } from '../../../src/modules/pdf/text-lines.js';
import type { PdfPageText, PdfTextItem } from '../../../src/modules/extraction/types.js';

/** An item of Helvetica-like width (0.5 em per character). */
const item = (str: string, x: number, y: number, size = 8, width = str.length * size * 0.5): PdfTextItem => ({ str, x, y, width, height: size });
const page = (items: PdfTextItem[], n = 1): PdfPageText => ({ page: n, width: 595, height: 842, items });

describe('buildLines', () => {
  it('groups items by baseline within a tolerance and orders them by x', () => {
    const lines = buildLines([page([item('Units', 400, 100.8), item('Date', 30, 100), item('Amount', 300, 99.4), item('next', 30, 112)])]);
    expect(lines.map((l) => l.text)).toEqual(['Date Amount Units', 'next']);
    expect(lines[0].cells.map((c) => c.x)).toEqual([30, 300, 400]);
  });

  it('rejoins an ISIN drawn in two touching pieces without a space', () => {
    const a = item('ISIN: INF179K0', 30, 200);
    const b = item('1BE2(Advisor: ARN-0155)', 30 + a.width, 200);
    const [line] = buildLines([page([b, a])]);
    expect(line.text).toBe('ISIN: INF179K01BE2(Advisor: ARN-0155)');
    expect(line.cells).toHaveLength(1);
  });

  it('puts a space between words a word-gap apart and starts a cell at a column gap', () => {
    const w1 = item('Opening', 30, 50);
    const w2 = item('Balance', 30 + w1.width + 2.2, 50);
    const n = item('1,234.567', 300, 50);
    const [line] = buildLines([page([w1, w2, n])]);
    expect(line.text).toBe('Opening Balance 1,234.567');
    expect(line.cells.map((c) => c.text)).toEqual(['Opening Balance', '1,234.567']);
    expect(line.cells[1].x_end).toBeCloseTo(300 + n.width, 5);
  });

  it('keeps pages apart, skips blank items and trims spaces', () => {
    const lines = buildLines([page([item('  ', 10, 10), item(' Two ', 40, 10)], 2), page([item('One', 30, 10)], 1)]);
    expect(lines.map((l) => [l.page, l.text])).toEqual([[1, 'One'], [2, 'Two']]);
  });

  it('does not merge lines 10 points apart', () => {
    expect(buildLines([page([item('a', 30, 100), item('b', 30, 110)])])).toHaveLength(2);
  });

  it('returns nothing for pages without text', () => {
    expect(buildLines([page([])])).toEqual([]);
  });
});

describe('buildLines on real-PDF habits', () => {
  it('drops text overprinted for a bold effect', () => {
    const [line] = buildLines([page([item('HDFC Mutual Fund', 30, 50), item('HDFC Mutual Fund', 30.4, 50), item('Total', 300, 50)])]);
    expect(line.text).toBe('HDFC Mutual Fund Total');
  });

  it('splits one run spanning several columns at wide spacing', () => {
    const [line] = buildLines([page([item('Folio No: 1234567 / 89     PAN: ABCPD1234E     KYC: OK', 30, 50)])]);
    expect(line.cells.map((c) => c.text)).toEqual(['Folio No: 1234567 / 89', 'PAN: ABCPD1234E', 'KYC: OK']);
    expect(line.cells[1].x).toBeGreaterThan(line.cells[0].x_end ?? 0);
  });
});
