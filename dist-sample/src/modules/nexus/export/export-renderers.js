/**
 * Writes an export table as a file: CSV (RFC 4180), XLSX (exceljs) or JSON. Pure functions of the
 * table and its metadata; nothing here touches storage or the database.
 */
import ExcelJS from 'exceljs';
import { DECIMALS } from './export-fields.js';
export const EXPORT_FORMATS = ['csv', 'xlsx', 'json'];
export const CONTENT_TYPES = {
    csv: 'text/csv; charset=utf-8',
    xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    json: 'application/json; charset=utf-8',
};
const decimalsOf = (type) => (type === 'string' || type === 'date' ? null : DECIMALS[type]);
// ---- CSV ---------------------------------------------------------------------------------------
/**
 * CSV injection. A spreadsheet runs as a formula text that starts with one of these — at the start of
 * a cell, and after any character a spreadsheet may split cells on (`,` and `;` list separators, tab,
 * `|`, a line break — and any spaces or quotes after it), because a tool that splits on another separator
 * than ours, or ignores quotes, starts a new cell there.
 */
const FORMULA = /(^[\s"]*|[,;\t|\r\n][\s"]*)([=+\-@])/g;
/** Any character that can end a cell or a row for some spreadsheet, or would be lost unquoted. */
const NEEDS_QUOTES = /[",;\t|\r\n]|^\s|\s$/;
/** A text cell a spreadsheet shows as text: each formula start gets a leading apostrophe. */
export function neutraliseFormulas(text) {
    return text.replace(FORMULA, (_, before, start) => `${before}'${start}`);
}
function csvCell(value, type) {
    if (value === null)
        return '';
    const decimals = decimalsOf(type);
    let s = typeof value === 'number' ? (decimals === null ? String(value) : value.toFixed(decimals)) : value;
    if (typeof value === 'string' && type === 'string')
        s = neutraliseFormulas(s);
    return NEEDS_QUOTES.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}
/** RFC 4180: CRLF line ends, a header row of field keys, quotes doubled inside quoted cells. */
export function renderCsv(table) {
    const lines = [table.fields.map((f) => csvCell(f.key, 'string')), ...table.rows.map((row) => row.map((v, i) => csvCell(v, table.fields[i].type)))];
    return Buffer.from(lines.map((cells) => cells.join(',') + '\r\n').join(''), 'utf8');
}
// ---- XLSX --------------------------------------------------------------------------------------
const NUMBER_FORMATS = {
    string: undefined,
    date: 'yyyy-mm-dd',
    money: '#,##0.00',
    units: '#,##0.000',
    nav: '#,##0.0000',
    percent: '0.00',
};
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
function xlsxCell(value, type) {
    if (value === null)
        return null;
    // A real date cell (UTC midnight), so spreadsheets sort and filter it as a date.
    if (type === 'date' && typeof value === 'string' && ISO_DATE.test(value))
        return new Date(`${value}T00:00:00.000Z`);
    return value;
}
/** One worksheet: a bold, frozen, filterable header row of labels, then the rows with number formats. */
export async function renderXlsx(table, meta) {
    const workbook = new ExcelJS.Workbook();
    workbook.creator = 'Foliodesk';
    workbook.created = meta.generatedAt;
    workbook.modified = meta.generatedAt;
    workbook.title = `${table.sheet} of ${meta.subject}`;
    workbook.subject = `Foliodesk report ${meta.reportId}`;
    const sheet = workbook.addWorksheet(table.sheet, { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = table.fields.map((f) => ({
        header: f.label,
        key: f.key,
        width: Math.max(f.label.length + 2, f.type === 'string' ? 24 : 14),
        style: NUMBER_FORMATS[f.type] ? { numFmt: NUMBER_FORMATS[f.type] } : {},
    }));
    const header = sheet.getRow(1);
    header.font = { bold: true };
    header.eachCell((cell) => (cell.numFmt = '@'));
    for (const row of table.rows)
        sheet.addRow(row.map((v, i) => xlsxCell(v, table.fields[i].type)));
    if (table.fields.length)
        sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: table.fields.length } };
    return Buffer.from(await workbook.xlsx.writeBuffer());
}
/** `{report_id, export_type, document_id, job_id, generated_at, fields, rows}`; each row an object by field key. */
export function renderJson(table, meta) {
    const body = {
        report_id: meta.reportId,
        export_type: table.type,
        document_id: meta.documentId,
        job_id: meta.jobId,
        generated_at: meta.generatedAt.toISOString(),
        fields: table.fields.map(({ key, label, type }) => ({ key, label, type })),
        rows: table.rows.map((row) => Object.fromEntries(table.fields.map((f, i) => [f.key, row[i]]))),
    };
    return Buffer.from(JSON.stringify(body), 'utf8');
}
export async function renderExport(format, table, meta) {
    switch (format) {
        case 'csv':
            return renderCsv(table);
        case 'xlsx':
            return renderXlsx(table, meta);
        case 'json':
            return renderJson(table, meta);
    }
}
//# sourceMappingURL=export-renderers.js.map