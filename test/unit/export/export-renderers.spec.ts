import { describe, expect, it } from '@jest/globals';
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import type { FieldDefinition, FieldType } from '../../../src/modules/nexus/export/export-fields.js';
import { neutraliseFormulas, renderCsv, renderJson, renderXlsx, type ExportMeta } from '../../../src/modules/nexus/export/export-renderers.js';
import type { ExportTable } from '../../../src/modules/nexus/export/export-table.js';

const def = (key: string, type: FieldType): FieldDefinition => ({ key, label: key.toUpperCase(), type, description: key });
const meta: ExportMeta = {
  reportId: '5f0c7a1e-8b2d-4c3e-9f4a-6b7c8d9e0f1a',
  documentId: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  jobId: '9b2f6c1e-3d4a-4f5b-8c6d-7e8f9a0b1c2d',
  subject: 'document 1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  generatedAt: new Date('2026-01-02T03:04:05.000Z'),
};

describe('renderCsv', () => {
  const cell = (value: string | number | null, type: FieldType = 'string') =>
    renderCsv({ type: 'holdings', sheet: 'Holdings', fields: [def('v', type)], rows: [[value]] })
      .toString('utf8')
      .split('\r\n')[1];
  const cases: Array<{ name: string; value: string | number | null; type: FieldType; expected: string }> = [
    { name: 'plain text', value: 'Axis Bluechip Fund', type: 'string', expected: 'Axis Bluechip Fund' },
    { name: 'a comma is quoted', value: 'Nair, Meera', type: 'string', expected: '"Nair, Meera"' },
    { name: 'quotes are doubled', value: 'The "Growth" Plan', type: 'string', expected: '"The ""Growth"" Plan"' },
    { name: 'a line break is quoted', value: 'line one\nline two', type: 'string', expected: '"line one\nline two"' },
    { name: 'leading space is kept by quoting', value: ' padded', type: 'string', expected: '" padded"' },
    { name: 'a formula is neutralised', value: '=HYPERLINK("http://x")', type: 'string', expected: `"'=HYPERLINK(""http://x"")"` },
    { name: 'a leading plus is neutralised', value: '+91 98', type: 'string', expected: "'+91 98" },
    { name: 'a leading at-sign is neutralised', value: '@SUM(A1)', type: 'string', expected: "'@SUM(A1)" },
    { name: 'a leading minus in text is neutralised', value: '-Redemption', type: 'string', expected: "'-Redemption" },
    { name: 'a semicolon is quoted', value: 'Purchase;SIP', type: 'string', expected: '"Purchase;SIP"' },
    { name: 'a formula after a semicolon is neutralised', value: "Purchase;=cmd|'/C calc'!A0", type: 'string', expected: `"Purchase;'=cmd|'/C calc'!A0"` },
    { name: 'a formula after a comma and a space is neutralised', value: 'Nair, =1+1', type: 'string', expected: `"Nair, '=1+1"` },
    { name: 'a formula after a tab is neutralised', value: 'a\t@SUM(A1)', type: 'string', expected: `"a\t'@SUM(A1)"` },
    { name: 'a minus inside a word is text', value: 'Axis-Bluechip', type: 'string', expected: 'Axis-Bluechip' },
    { name: 'stars are text', value: '*** Stamp Duty ***', type: 'string', expected: '*** Stamp Duty ***' },
    { name: 'null is an empty cell', value: null, type: 'money', expected: '' },
    { name: 'money has 2 decimals', value: 1886845.7, type: 'money', expected: '1886845.70' },
    { name: 'a negative amount is a plain number', value: -500.25, type: 'money', expected: '-500.25' },
    { name: 'units have 3 decimals', value: 12, type: 'units', expected: '12.000' },
    { name: 'NAV has 4 decimals', value: 52.12, type: 'nav', expected: '52.1200' },
    { name: 'percent has 2 decimals', value: -4.5, type: 'percent', expected: '-4.50' },
    { name: 'a date is text', value: '2025-09-30', type: 'date', expected: '2025-09-30' },
    { name: 'UTF-8 text', value: 'Rupee ₹ fund', type: 'string', expected: 'Rupee ₹ fund' },
  ];
  it.each(cases)('$name', ({ value, type, expected }) => {
    expect(cell(value, type)).toBe(expected);
  });

  /** Cells of a CSV line as a spreadsheet reads it: split on `separator` outside quotes, quotes undone (or, `ignoreQuotes`, split anywhere). */
  function cellsOf(line: string, separator: string, ignoreQuotes = false): string[] {
    if (ignoreQuotes) return line.split(separator).map((c) => c.replace(/"/g, '').trim());
    const out: string[] = [];
    let cell = '';
    let quoted = false;
    for (let i = 0; i < line.length; i++) {
      const ch = line[i];
      if (quoted && ch === '"' && line[i + 1] === '"') (cell += '"'), i++;
      else if (ch === '"') quoted = !quoted;
      else if (ch === separator && !quoted) out.push(cell), (cell = '');
      else cell += ch;
    }
    return [...out, cell];
  }
  const formulaStart = /^[=+\-@]/;
  const hostileText = fc.stringMatching(/^[a-z0-9 ,;|\t"'=+@-]{0,24}$/);

  it('any text: a comma reader gets every cell back whole, a semicolon reader no extra cell, and no reader a formula', () => {
    fc.assert(
      fc.property(fc.array(hostileText, { minLength: 1, maxLength: 4 }), (texts) => {
        const table: ExportTable = { type: 'holdings', sheet: 'Holdings', fields: texts.map((_, i) => def(`f${i}`, 'string')), rows: [texts] };
        const line = renderCsv(table).toString('utf8').split('\r\n')[1];
        const comma = cellsOf(line, ',');
        expect(comma).toEqual(texts.map(neutraliseFormulas));
        for (const other of [';', '\t', '|']) expect(cellsOf(line, other)).toHaveLength(1);
        for (const separator of [',', ';', '\t', '|']) {
          for (const cell of [...cellsOf(line, separator), ...cellsOf(line, separator, true)]) expect(cell.trim()).not.toMatch(formulaStart);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('writes a header of keys and CRLF after every row, the last included', () => {
    const table: ExportTable = { type: 'holdings', sheet: 'Holdings', fields: [def('isin', 'string'), def('units', 'units')], rows: [['INF846K01DP8', 1.5], ['INF109K01Z48', null]] };
    expect(renderCsv(table).toString('utf8')).toBe('isin,units\r\nINF846K01DP8,1.500\r\nINF109K01Z48,\r\n');
  });
});

describe('renderJson', () => {
  it('carries the metadata, the columns and one object per row in column order', () => {
    const table: ExportTable = { type: 'underlying', sheet: 'Transactions', fields: [def('date', 'date'), def('amount', 'money')], rows: [['2025-04-10', -500.25]] };
    expect(JSON.parse(renderJson(table, meta).toString('utf8'))).toEqual({
      report_id: meta.reportId,
      export_type: 'underlying',
      document_id: meta.documentId,
      job_id: meta.jobId,
      generated_at: '2026-01-02T03:04:05.000Z',
      fields: [
        { key: 'date', label: 'DATE', type: 'date' },
        { key: 'amount', label: 'AMOUNT', type: 'money' },
      ],
      rows: [{ date: '2025-04-10', amount: -500.25 }],
    });
  });
});

describe('renderXlsx', () => {
  it('writes a labelled header, real dates, numbers with formats, and text formulas stay text', async () => {
    const table: ExportTable = {
      type: 'holdings',
      sheet: 'Holdings',
      fields: [def('scheme_name', 'string'), def('nav_date', 'date'), def('units', 'units'), def('nav', 'nav'), def('market_value', 'money')],
      rows: [
        ['=1+1', '2025-09-30', 100.5, 52.1234, 5238.4],
        [null, null, null, null, null],
      ],
    };
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await renderXlsx(table, meta)) as never);
    const sheet = workbook.worksheets[0];
    expect(sheet.name).toBe('Holdings');
    expect(sheet.getRow(1).values).toEqual([undefined, 'SCHEME_NAME', 'NAV_DATE', 'UNITS', 'NAV', 'MARKET_VALUE']);
    const row = sheet.getRow(2);
    expect(row.getCell(1).value).toBe('=1+1');
    expect(row.getCell(1).formula).toBeUndefined();
    expect(row.getCell(2).value).toEqual(new Date('2025-09-30T00:00:00.000Z'));
    expect([2, 3, 4, 5].map((i) => row.getCell(i).numFmt)).toEqual(['yyyy-mm-dd', '#,##0.000', '#,##0.0000', '#,##0.00']);
    expect([3, 4, 5].map((i) => row.getCell(i).value)).toEqual([100.5, 52.1234, 5238.4]);
    expect([1, 2, 3, 4, 5].map((i) => sheet.getRow(3).getCell(i).value)).toEqual([null, null, null, null, null]);
    expect(sheet.rowCount).toBe(3);
  });

  it('names the sheet of an underlying export "Transactions"', async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await renderXlsx({ type: 'underlying', sheet: 'Transactions', fields: [def('date', 'date')], rows: [] }, meta)) as never);
    expect(workbook.worksheets[0].name).toBe('Transactions');
  });
});
