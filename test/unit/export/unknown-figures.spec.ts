import { describe, expect, it } from '@jest/globals';
import ExcelJS from 'exceljs';
import { HOLDING_FIELDS } from '../../../src/modules/nexus/export/export-fields.js';
import { renderCsv, renderJson, renderXlsx, type ExportMeta } from '../../../src/modules/nexus/export/export-renderers.js';
import { buildExportTable } from '../../../src/modules/nexus/export/export-table.js';
import type { Holding } from '../../../src/modules/extraction/types.js';
import { storedResult } from '../../support/extraction-result.js';
import { makeHolding } from '../../support/holding.js';

const meta: ExportMeta = {
  reportId: '5f0c7a1e-8b2d-4c3e-9f4a-6b7c8d9e0f1a',
  documentId: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  jobId: '9b2f6c1e-3d4a-4f5b-8c6d-7e8f9a0b1c2d',
  subject: 'document 1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  generatedAt: new Date('2026-01-02T03:04:05.000Z'),
};

const FIGURES = 'isin,units,nav,market_value,cost_value,gain,gain_pct';

const stored = (holdings: Holding[]) => storedResult({ entities: [{ entity_name: 'Meera Nair', pan: 'ORYPN9071B', holdings, stated_total: null }] });

/** A holding whose three figures were not read, next to one whose figures were; both with a cost. */
const unread = makeHolding({ isin: 'INF846K01DP8', cost_value: 5000 });
const read = makeHolding({ isin: 'INF109K01Z48', units: 100.5, nav: 52.1234, market_value: 5238.4, cost_value: 5000 });
const table = () => buildExportTable('holdings', stored([unread, read]), FIGURES);

describe('exports of a holding whose units, NAV and market value are unknown', () => {
  it('the factory holding really has no figures (the parsers default them to null)', () => {
    expect([unread.units, unread.nav, unread.market_value]).toEqual([null, null, null]);
  });

  it('the table has null for each unknown figure and for the gain and gain % derived from them', () => {
    expect(table().rows).toEqual([
      ['INF846K01DP8', null, null, null, 5000, null, null],
      ['INF109K01Z48', 100.5, 52.1234, 5238.4, 5000, 238.4, 4.77],
    ]);
  });

  it.each([
    { name: 'units', figures: { units: null, nav: 10, market_value: 1000 }, expected: [null, 10, 1000, 1000, 0] },
    { name: 'NAV', figures: { units: 100, nav: null, market_value: 1000 }, expected: [100, null, 1000, 1000, 0] },
    { name: 'market value', figures: { units: 100, nav: 10, market_value: null }, expected: [100, 10, null, 1000, null] },
  ] as const)('only the unknown $name is empty; the gain needs the market value', ({ figures, expected }) => {
    const [row] = buildExportTable('holdings', stored([makeHolding({ ...figures, cost_value: 1000 })]), 'units,nav,market_value,cost_value,gain').rows;
    expect(row).toEqual(expected);
  });

  it('CSV: the cells are empty, never 0', () => {
    const lines = renderCsv(table()).toString('utf8').split('\r\n');
    expect(lines[0]).toBe(FIGURES);
    expect(lines[1]).toBe('INF846K01DP8,,,,5000.00,,');
    expect(lines[2]).toBe('INF109K01Z48,100.500,52.1234,5238.40,5000.00,238.40,4.77');
  });

  it('JSON: the properties are present and null', () => {
    const doc = JSON.parse(renderJson(table(), meta).toString('utf8'));
    expect(doc.rows[0]).toEqual({ isin: 'INF846K01DP8', units: null, nav: null, market_value: null, cost_value: 5000, gain: null, gain_pct: null });
    expect(Object.keys(doc.rows[0])).toEqual(FIGURES.split(','));
  });

  it('XLSX: the cells are empty (no value, not 0) and the known row keeps its numbers', async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await renderXlsx(table(), meta)) as never);
    const sheet = workbook.worksheets[0];
    const values = (row: number) => FIGURES.split(',').map((_, i) => sheet.getRow(row).getCell(i + 1).value);
    expect(values(2)).toEqual(['INF846K01DP8', null, null, null, 5000, null, null]);
    expect(values(3)).toEqual(['INF109K01Z48', 100.5, 52.1234, 5238.4, 5000, 238.4, 4.77]);
  });

  it('the field catalogue says the three figures are empty, never 0, when not read', () => {
    const described = (key: string) => HOLDING_FIELDS.find((f) => f.key === key)!.description;
    for (const key of ['units', 'nav', 'market_value']) expect(described(key)).toMatch(/empty \(never 0\) when the statement does not print it or it could not be read/);
    expect(described('gain')).toMatch(/empty when either is unknown/);
  });
});
