/**
 * The client or household report as a PDF (pdfkit; A4 landscape): header, summary, allocation chart,
 * a household's members, holdings by asset class (a household's member by member), gains, notes. Text is real text (DejaVu Sans embedded), so it can be read back, and
 * each figure is printed as format.ts makes it from the model.
 */
import PDFDocument from 'pdfkit';
import { allocationChartPng, ASSET_CLASS_COLOURS, CHART_SIZE } from './allocation-chart.js';
import { REPORT_FONTS } from './fonts.js';
import { amount, date, maskPan, nav, NOT_ON_STATEMENT, percent, rupees, units, UNKNOWN } from './format.js';
import type { ClientReportModel, HoldingRow, HoldingsGroup, RealisedGains } from './report-model.js';

export const PAGE = { width: 841.89, height: 595.28, margin: 36 } as const;
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
const BOTTOM = PAGE.height - PAGE.margin - 18; // room for the footer

export interface Column {
  key: 'scheme' | 'isin' | 'folio' | 'units' | 'nav' | 'nav_date' | 'value' | 'cost' | 'gain' | 'notes';
  title: string;
  /** Left edge, from the page's left side, and width (PDF units). */
  x: number;
  width: number;
  align: 'left' | 'right';
}

const widths: Array<[Column['key'], string, number, Column['align']]> = [
  ['scheme', 'Scheme', 166, 'left'],
  ['isin', 'ISIN', 72, 'left'],
  ['folio', 'Folio / account', 84, 'left'],
  ['units', 'Units', 62, 'right'],
  ['nav', 'NAV (₹)', 58, 'right'],
  ['nav_date', 'NAV date', 56, 'right'],
  ['value', 'Value (₹)', 68, 'right'],
  ['cost', 'Cost (₹)', 68, 'right'],
  ['gain', 'Gain (₹)', 64, 'right'],
  ['notes', 'Notes', 34, 'right'],
];

/** Space between two columns: wide enough that a reader does not take two cells for one. */
const COLUMN_GAP = 4;
/**
 * A wrapped cell (scheme, folio) stops this far short of its column's edge: a line filling its column
 * would otherwise end closer to the next cell than text extractors (pdf.js: 0.6 em) take for a column
 * break, and be read as one cell with it.
 */
const WRAP_INSET = 4;

/** The holdings table's columns (tests read the table back by them). */
export const HOLDINGS_COLUMNS: readonly Column[] = widths.reduce<Column[]>((cols, [key, title, width, align]) => {
  const x = cols.length ? cols[cols.length - 1].x + cols[cols.length - 1].width + COLUMN_GAP : PAGE.margin;
  return [...cols, { key, title, x, width, align }];
}, []);

const FONT_SIZE = { title: 18, heading: 12, body: 9, table: 7.5, small: 7 } as const;
const GREY = '#555555';
const RULE = '#bbbbbb';

type Doc = InstanceType<typeof PDFDocument>;

/** Whom the report is about, as its title and footer name them. */
const subjectName = (m: ClientReportModel) => m.subject.name ?? (m.subject.kind === 'client' ? 'client' : 'household');

/** Renders the model; resolves with the PDF's bytes. */
export function renderClientReport(model: ClientReportModel): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: PAGE.margin,
    bufferPages: true,
    info: { Title: `${model.subject.kind === 'household' ? 'Household portfolio report' : 'Portfolio report'}: ${subjectName(model)}`, Author: model.firm, Subject: `As of ${model.as_of ?? 'the latest statement'}` },
  });
  doc.registerFont('regular', REPORT_FONTS.regular);
  doc.registerFont('bold', REPORT_FONTS.bold);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  header(doc, model);
  summary(doc, model);
  members(doc, model);
  holdings(doc, model);
  gains(doc, model);
  notes(doc, model);
  footer(doc, model);
  doc.end();
  return finished;
}

function ensureRoom(doc: Doc, height: number) {
  if (doc.y + height > BOTTOM) doc.addPage();
}

function heading(doc: Doc, text: string) {
  ensureRoom(doc, 40);
  doc.moveDown(0.6).font('bold').fontSize(FONT_SIZE.heading).fillColor('#000000').text(text, PAGE.margin, doc.y);
  doc.moveDown(0.3);
}

function header(doc: Doc, m: ClientReportModel) {
  doc.font('bold').fontSize(FONT_SIZE.title).fillColor('#1f4e79').text(m.firm, PAGE.margin, PAGE.margin);
  const s = m.subject;
  doc.font('regular').fontSize(FONT_SIZE.heading).fillColor('#000000').text(s.kind === 'household' ? 'Household portfolio report' : 'Portfolio report');
  doc.moveDown(0.4);
  const lines: Array<[string, string]> = [
    ...(s.kind === 'client'
      ? ([
          ['Client', s.name ?? UNKNOWN],
          ['PAN', maskPan(s.pan)],
        ] as Array<[string, string]>)
      : ([
          ['Household', s.name],
          ['Members', String(s.members.length)],
        ] as Array<[string, string]>)),
    ['As of', date(m.as_of)],
    ...(m.period ? ([['Period', `FY ${m.period.fy} (${date(m.period.from)} to ${date(m.period.to)})`]] as Array<[string, string]>) : []),
    ['Statements counted', String(m.documents)],
  ];
  keyValues(doc, lines, 110);
  doc
    .font('regular')
    .fontSize(FONT_SIZE.small)
    .fillColor(GREY)
    .text(`Generated ${m.generated_at.slice(0, 16).replace('T', ' ')} UTC`, PAGE.margin, PAGE.margin + 4, { width: CONTENT_WIDTH, align: 'right' });
  doc.fillColor('#000000');
  doc.y = Math.max(doc.y, PAGE.margin + 110);
}

/** Label / value lines; the values start at `valueX` past the margin. */
function keyValues(doc: Doc, lines: Array<[string, string]>, valueX: number, x = PAGE.margin) {
  for (const [label, value] of lines) {
    const y = doc.y;
    doc.font('regular').fontSize(FONT_SIZE.body).fillColor(GREY).text(label, x, y, { width: valueX - 6, lineBreak: false });
    doc.font('bold').fillColor('#000000').text(value, x + valueX, y, { width: 260, lineBreak: false });
    doc.y = y + FONT_SIZE.body * 1.5;
  }
}

function summary(doc: Doc, m: ClientReportModel) {
  heading(doc, 'Summary');
  const top = doc.y;
  const t = m.totals;
  const lines: Array<[string, string]> = [
    ['Market value', rupees(t.total_market_value)],
    ['Cost', t.total_cost_value === null ? NOT_ON_STATEMENT : rupees(t.total_cost_value)],
    ['Unrealised gain', t.gain === null ? NOT_ON_STATEMENT : rupees(t.gain)],
    ['Unrealised gain %', percent(t.gain_pct)],
    ['XIRR', percent(t.xirr)],
    ['Holdings valued', String(t.holdings_valued)],
    ['Holdings without value', String(t.holdings_without_value)],
  ];
  keyValues(doc, lines, 130);
  // The allocation chart beside the summary, with its figures as text under it.
  const chartWidth = 150;
  const chartHeight = (chartWidth * CHART_SIZE.height) / CHART_SIZE.width;
  const chartX = PAGE.margin + 400;
  doc.font('bold').fontSize(FONT_SIZE.body).text('Asset allocation', chartX, top - 14, { lineBreak: false });
  if (m.allocation.length) {
    doc.image(allocationChartPng(m.allocation), chartX, top, { width: chartWidth, height: chartHeight });
  } else {
    doc.font('regular').fillColor(GREY).text('No holding is valued: no allocation to show.', chartX, top, { lineBreak: false });
  }
  // The legend: each class's colour, name and share, as text.
  let y = top + 20;
  const legendX = chartX + chartWidth + 24;
  for (const s of m.allocation) {
    doc.rect(legendX, y + 1.5, 7, 7).fill(ASSET_CLASS_COLOURS[s.asset_class]);
    doc.fillColor('#000000').font('regular').fontSize(FONT_SIZE.body).text(s.asset_class, legendX + 12, y, { width: 80, lineBreak: false });
    doc.text(percent(s.percent), legendX + 92, y, { width: 60, align: 'right', lineBreak: false });
    y += FONT_SIZE.body * 1.5;
  }
  doc.y = Math.max(doc.y, y, top + chartHeight) + 6;
}

/** A household's members: each one's figures as the household portfolio answers them. */
function members(doc: Doc, m: ClientReportModel) {
  if (m.subject.kind !== 'household') return;
  heading(doc, 'Members');
  const money = (v: number | null) => (v === null ? NOT_ON_STATEMENT : amount(v));
  figuresTable(
    doc,
    ['Relationship', 'PAN', 'Holdings', 'Value (₹)', 'Cost (₹)', 'Gain (₹)', 'XIRR'],
    m.subject.members.map((member) => ({
      label: member.name ?? UNKNOWN,
      cells: [
        member.relationship,
        maskPan(member.pan),
        String(member.positions),
        amount(member.totals.total_market_value),
        // A member holding nothing has no cost to miss: a dash, not "not on statement".
        member.positions === 0 ? UNKNOWN : money(member.totals.total_cost_value),
        member.positions === 0 ? UNKNOWN : money(member.totals.gain),
        percent(member.totals.xirr),
      ],
    })),
    MEMBER_CELL_WIDTH,
  );
}

/** The width of a figure column of the members table and of the household's realised gains table. */
export const MEMBER_CELL_WIDTH = 80;

function tableHeader(doc: Doc) {
  const y = doc.y;
  doc.font('bold').fontSize(FONT_SIZE.table).fillColor(GREY);
  for (const c of HOLDINGS_COLUMNS) doc.text(c.title, c.x, y, { width: c.width, align: c.align, lineBreak: false });
  doc.moveTo(PAGE.margin, y + 10).lineTo(PAGE.margin + CONTENT_WIDTH, y + 10).lineWidth(0.5).strokeColor(RULE).stroke();
  doc.fillColor('#000000');
  doc.y = y + 13;
}

function cellTexts(row: HoldingRow): Record<Column['key'], string> {
  return {
    scheme: row.scheme,
    isin: row.isin,
    folio: row.folio ?? UNKNOWN,
    units: units(row.units),
    nav: nav(row.nav),
    nav_date: date(row.nav_date),
    value: amount(row.value),
    cost: amount(row.cost),
    gain: amount(row.gain),
    notes: row.notes.join(', '),
  };
}

function holdings(doc: Doc, m: ClientReportModel) {
  heading(doc, 'Holdings by asset class');
  if (m.subject.kind === 'client') {
    holdingsTables(doc, m.groups);
    return;
  }
  for (const member of m.subject.members) {
    ensureRoom(doc, 60);
    doc
      .font('bold')
      .fontSize(FONT_SIZE.body + 1)
      .fillColor('#1f4e79')
      .text(`${member.name ?? UNKNOWN} (${member.relationship}, PAN ${maskPan(member.pan)})`, PAGE.margin, doc.y);
    doc.fillColor('#000000').moveDown(0.2);
    holdingsTables(doc, member.groups);
    doc.moveDown(0.4);
  }
}

/** One table per asset class with its total. */
function holdingsTables(doc: Doc, groups: readonly HoldingsGroup[]) {
  if (!groups.length) {
    doc.font('regular').fontSize(FONT_SIZE.body).text('No holdings on the statements counted.', PAGE.margin, doc.y);
    return;
  }
  for (const g of groups) {
    ensureRoom(doc, 50);
    doc.font('bold').fontSize(FONT_SIZE.body).fillColor(ASSET_CLASS_COLOURS[g.asset_class] ?? '#000000').text(g.asset_class, PAGE.margin, doc.y);
    doc.fillColor('#000000');
    tableHeader(doc);
    for (const row of g.rows) {
      const cells = cellTexts(row);
      doc.font('regular').fontSize(FONT_SIZE.table);
      const schemeHeight = doc.heightOfString(cells.scheme, { width: HOLDINGS_COLUMNS[0].width - WRAP_INSET });
      const folioHeight = doc.heightOfString(cells.folio, { width: HOLDINGS_COLUMNS[2].width - WRAP_INSET });
      const height = Math.max(schemeHeight, folioHeight, FONT_SIZE.table * 1.2) + 3;
      if (doc.y + height > BOTTOM) {
        doc.addPage();
        tableHeader(doc);
      }
      const y = doc.y;
      for (const c of HOLDINGS_COLUMNS) {
        const wrap = c.key === 'scheme' || c.key === 'folio';
        doc.text(cells[c.key], c.x, y, { width: wrap ? c.width - WRAP_INSET : c.width, align: c.align, lineBreak: wrap });
      }
      doc.y = y + height;
    }
    const y = doc.y;
    doc.moveTo(PAGE.margin, y).lineTo(PAGE.margin + CONTENT_WIDTH, y).lineWidth(0.5).strokeColor(RULE).stroke();
    doc.font('bold').fontSize(FONT_SIZE.table);
    const at = (key: Column['key']) => HOLDINGS_COLUMNS.find((c) => c.key === key)!;
    doc.text(`${g.asset_class} total`, at('scheme').x, y + 3, { width: at('scheme').width, lineBreak: false });
    for (const key of ['value', 'cost', 'gain'] as const) {
      doc.text(amount(g.subtotal[key]), at(key).x, y + 3, { width: at(key).width, align: 'right', lineBreak: false });
    }
    doc.y = y + 16;
  }
}

/** A small table: a title column and right-aligned figure columns. */
function figuresTable(doc: Doc, titles: string[], rows: Array<{ label: string; cells: string[]; bold?: boolean }>, cellWidth = 110) {
  const labelWidth = 170;
  ensureRoom(doc, 14 * (rows.length + 1));
  let y = doc.y;
  doc.font('bold').fontSize(FONT_SIZE.table).fillColor(GREY);
  titles.forEach((t, i) => doc.text(t, PAGE.margin + labelWidth + i * cellWidth, y, { width: cellWidth, align: 'right', lineBreak: false }));
  doc.fillColor('#000000');
  y += 12;
  for (const r of rows) {
    doc.font(r.bold ? 'bold' : 'regular').fontSize(FONT_SIZE.table);
    doc.text(r.label, PAGE.margin, y, { width: labelWidth, lineBreak: false });
    r.cells.forEach((c, i) => doc.text(c, PAGE.margin + labelWidth + i * cellWidth, y, { width: cellWidth, align: 'right', lineBreak: false }));
    y += 12;
  }
  doc.y = y + 4;
}

function gains(doc: Doc, m: ClientReportModel) {
  heading(doc, 'Gains');
  doc.font('bold').fontSize(FONT_SIZE.body).text(`Unrealised gains as of ${date(m.as_of)}`, PAGE.margin, doc.y);
  doc.moveDown(0.3);
  const money = (v: number | null) => (v === null ? NOT_ON_STATEMENT : amount(v));
  figuresTable(doc, ['Value (₹)', 'Cost (₹)', 'Gain (₹)'], [
    ...m.unrealised.by_class.map((c) => ({ label: c.asset_class, cells: [amount(c.value), money(c.cost), money(c.gain)] })),
    { label: 'Total', cells: [amount(m.unrealised.total.value), money(m.unrealised.total.cost), money(m.unrealised.total.gain)], bold: true },
  ]);
  doc.moveDown(0.4);
  const fy = m.realised?.fy ?? m.period?.fy ?? null;
  doc.font('bold').fontSize(FONT_SIZE.body).text(fy ? `Realised gains of FY ${fy}` : 'Realised gains', PAGE.margin, doc.y);
  doc.moveDown(0.3);
  const r = m.realised;
  const ref = m.notes.find((n) => n.code === 'REALISED_GAINS_UNAVAILABLE');
  if (m.subject.kind === 'household') {
    // Each member's own gains, then the household's: the members' added up.
    const cells = (g: RealisedGains | null) => (g ? [amount(g.short_term), amount(g.long_term), amount(g.total)] : [UNKNOWN, UNKNOWN, UNKNOWN]);
    figuresTable(
      doc,
      ['Short-term (₹)', 'Long-term (₹)', 'Total (₹)'],
      [
        ...m.subject.members.map((member) => ({ label: member.name ?? UNKNOWN, cells: cells(member.realised) })),
        { label: ref ? `Household (see note ${ref.number})` : 'Household', cells: cells(r), bold: true },
      ],
      MEMBER_CELL_WIDTH + 30,
    );
  } else {
    figuresTable(doc, ['Gain (₹)'], [
      { label: 'Short-term', cells: [r ? amount(r.short_term) : UNKNOWN] },
      { label: 'Long-term', cells: [r ? amount(r.long_term) : UNKNOWN] },
      { label: ref ? `Total (see note ${ref.number})` : 'Total', cells: [r ? amount(r.total) : UNKNOWN], bold: true },
    ]);
  }
  if (r) {
    doc.font('regular').fontSize(FONT_SIZE.small).fillColor(GREY).text(`Lots sold in the year: ${r.lots}`, PAGE.margin, doc.y);
    doc.fillColor('#000000');
  }
}

function notes(doc: Doc, m: ClientReportModel) {
  heading(doc, 'Notes on the data');
  if (!m.notes.length) {
    doc.font('regular').fontSize(FONT_SIZE.body).text('Nothing to note: every figure is on the statements, dated, and agrees between them.', PAGE.margin, doc.y);
    return;
  }
  for (const n of m.notes) {
    ensureRoom(doc, 30);
    doc.font('bold').fontSize(FONT_SIZE.body).text(`${n.number}. ${n.title}`, PAGE.margin, doc.y, { width: CONTENT_WIDTH });
    doc.font('regular').fontSize(FONT_SIZE.small);
    for (const item of n.items) {
      ensureRoom(doc, 12);
      doc.text(`• ${item}`, PAGE.margin + 12, doc.y, { width: CONTENT_WIDTH - 12 });
    }
    doc.moveDown(0.4);
  }
}

function footer(doc: Doc, m: ClientReportModel) {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // Below the bottom margin: pdfkit would start a new page for text there unless the margin is lifted.
    doc.page.margins.bottom = 0;
    doc
      .font('regular')
      .fontSize(FONT_SIZE.small)
      .fillColor(GREY)
      .text(`${m.firm} · ${m.subject.name ?? ''} · Page ${i + 1} of ${range.count}`, PAGE.margin, PAGE.height - PAGE.margin + 4, {
        width: CONTENT_WIDTH,
        align: 'center',
        lineBreak: false,
      });
  }
}
