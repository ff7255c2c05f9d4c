/**
 * The client or household report as a PDF (pdfkit; A4 landscape): header, summary, allocation chart,
 * a household's members, holdings by asset class (a household's member by member), gains, notes. Text is real text (DejaVu Sans embedded), so it can be read back, and
 * each figure is printed as format.ts makes it from the model.
 */
import PDFDocument from 'pdfkit';
import { allocationChartPng, ASSET_CLASS_COLOURS, CHART_SIZE } from './allocation-chart.js';
import { REPORT_FONTS } from './fonts.js';
import { COLOUR, CONTENT_WIDTH, FONT, FONT_SIZE, HEADING, PAGE, PageFlow, type Doc } from './page-flow.js';
import { drawTable, type TableColumn, type TableRow } from './report-table.js';
import { amount, date, maskPan, nav, NOT_ON_STATEMENT, percent, rupees, units, UNKNOWN } from './format.js';
import type { ClientReportModel, HoldingRow, HoldingsGroup, RealisedGains } from './report-model.js';

export { PAGE } from './page-flow.js';

export interface Column extends TableColumn {
  key: 'scheme' | 'isin' | 'folio' | 'units' | 'nav' | 'nav_date' | 'value' | 'cost' | 'gain' | 'notes';
}

const figure = (title: string): TableColumn => ({ title, align: 'right', minWidth: 56 });

/** The holdings table's columns (tests read the table back by their titles). */
export const HOLDINGS_COLUMNS: readonly Column[] = [
  { key: 'scheme', title: 'Scheme', align: 'left', fill: true, minWidth: 110 },
  { key: 'isin', title: 'ISIN', align: 'left' },
  { key: 'folio', title: 'Folio / account', align: 'left', maxWidth: 120, minWidth: 60 },
  { key: 'units', ...figure('Units') },
  { key: 'nav', ...figure('NAV (₹)') },
  { key: 'nav_date', ...figure('NAV date') },
  { key: 'value', ...figure('Value (₹)') },
  { key: 'cost', ...figure('Cost (₹)') },
  { key: 'gain', ...figure('Gain (₹)') },
  { key: 'notes', title: 'Notes', align: 'right' },
];

const MEMBER_COLUMNS: readonly TableColumn[] = [
  { title: 'Member', align: 'left', maxWidth: 200, minWidth: 80 },
  { title: 'Relationship', align: 'left' },
  { title: 'PAN', align: 'left' },
  { title: 'Holdings', align: 'right' },
  figure('Value (₹)'),
  figure('Cost (₹)'),
  figure('Gain (₹)'),
  figure('XIRR'),
];
const UNREALISED_COLUMNS: readonly TableColumn[] = [{ title: 'Asset class', align: 'left', minWidth: 110 }, figure('Value (₹)'), figure('Cost (₹)'), figure('Gain (₹)')];
const REALISED_COLUMNS: readonly TableColumn[] = [{ title: 'Holding period', align: 'left', minWidth: 110 }, figure('Gain (₹)')];
const HOUSEHOLD_REALISED_COLUMNS: readonly TableColumn[] = [{ title: 'Member', align: 'left', maxWidth: 200, minWidth: 110 }, figure('Short-term (₹)'), figure('Long-term (₹)'), figure('Total (₹)')];

/** The title rows of every table the report draws (a layout check finds the tables by them). */
export const REPORT_TABLE_HEADERS: ReadonlyArray<readonly string[]> = [HOLDINGS_COLUMNS, MEMBER_COLUMNS, UNREALISED_COLUMNS, REALISED_COLUMNS, HOUSEHOLD_REALISED_COLUMNS].map((cs) => cs.map((c) => c.title));

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
  doc.registerFont(FONT.regular, REPORT_FONTS.regular);
  doc.registerFont(FONT.bold, REPORT_FONTS.bold);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const flow = new PageFlow(doc);
  header(doc, model);
  summary(doc, flow, model);
  members(doc, flow, model);
  holdings(doc, flow, model);
  gains(doc, flow, model);
  notes(doc, flow, model);
  footer(doc, model);
  doc.end();
  return finished;
}

function header(doc: Doc, m: ClientReportModel) {
  doc.font(FONT.bold).fontSize(FONT_SIZE.title).fillColor(COLOUR.accent).text(m.firm, PAGE.margin, PAGE.margin, { width: CONTENT_WIDTH - 160 });
  const s = m.subject;
  doc.font(FONT.regular).fontSize(FONT_SIZE.heading).fillColor(COLOUR.text).text(s.kind === 'household' ? 'Household portfolio report' : 'Portfolio report', PAGE.margin, doc.y);
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
  keyValues(doc, lines, 110, CONTENT_WIDTH - 110);
  doc
    .font(FONT.regular)
    .fontSize(FONT_SIZE.small)
    .fillColor(COLOUR.grey)
    .text(`Generated ${m.generated_at.slice(0, 16).replace('T', ' ')} UTC`, PAGE.margin, PAGE.margin + 4, { width: CONTENT_WIDTH, align: 'right' });
  doc.fillColor(COLOUR.text);
  doc.y = Math.max(doc.y, PAGE.margin + 110);
}

/** Label / value lines; the values start at `valueX` past the margin and wrap within `valueWidth`. */
function keyValues(doc: Doc, lines: Array<[string, string]>, valueX: number, valueWidth: number) {
  for (const [label, value] of lines) {
    const y = doc.y;
    doc.font(FONT.regular).fontSize(FONT_SIZE.body).fillColor(COLOUR.grey).text(label, PAGE.margin, y, { width: valueX - 6, lineBreak: false });
    doc.font(FONT.bold).fillColor(COLOUR.text);
    const height = doc.heightOfString(value, { width: valueWidth });
    doc.text(value, PAGE.margin + valueX, y, { width: valueWidth });
    doc.y = y + Math.max(height, doc.currentLineHeight(true)) + FONT_SIZE.body * 0.4;
  }
}

const CHART_WIDTH = 150;
const CHART_X = PAGE.margin + 400;

function summary(doc: Doc, flow: PageFlow, m: ClientReportModel) {
  const chartHeight = (CHART_WIDTH * CHART_SIZE.height) / CHART_SIZE.width;
  flow.heading('Summary', HEADING.section);
  flow.room(chartHeight + 20);
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
  doc.y = top;
  keyValues(doc, lines, 130, CHART_X - PAGE.margin - 130 - 12);
  // The allocation chart beside the summary, with its figures as text under it.
  doc.font(FONT.bold).fontSize(FONT_SIZE.body).text('Asset allocation', CHART_X, top - 14, { lineBreak: false });
  if (m.allocation.length) {
    doc.image(allocationChartPng(m.allocation), CHART_X, top, { width: CHART_WIDTH, height: chartHeight });
  } else {
    doc.font(FONT.regular).fillColor(COLOUR.grey).text('No holding is valued: no allocation to show.', CHART_X, top, { lineBreak: false });
  }
  // The legend: each class's colour, name and share, as text.
  let y = top + 20;
  const legendX = CHART_X + CHART_WIDTH + 24;
  for (const s of m.allocation) {
    doc.rect(legendX, y + 1.5, 7, 7).fill(ASSET_CLASS_COLOURS[s.asset_class]);
    doc.fillColor(COLOUR.text).font(FONT.regular).fontSize(FONT_SIZE.body).text(s.asset_class, legendX + 12, y, { width: 80, lineBreak: false });
    doc.text(percent(s.percent), legendX + 92, y, { width: 60, align: 'right', lineBreak: false });
    y += FONT_SIZE.body * 1.5;
  }
  doc.y = Math.max(doc.y, y, top + chartHeight) + 6;
}

const money = (v: number | null) => (v === null ? NOT_ON_STATEMENT : amount(v));

/** A household's members: each one's figures as the household portfolio answers them. */
function members(doc: Doc, flow: PageFlow, m: ClientReportModel) {
  if (m.subject.kind !== 'household') return;
  flow.heading('Members', HEADING.section);
  drawTable(doc, flow, {
    columns: MEMBER_COLUMNS,
    rows: m.subject.members.map((member) => ({
      cells: [
        member.name ?? UNKNOWN,
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
  });
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

const holdingRows = (g: HoldingsGroup): TableRow[] => {
  const total = Object.fromEntries(HOLDINGS_COLUMNS.map((c) => [c.key, ''])) as Record<Column['key'], string>;
  total.scheme = `${g.asset_class} total`;
  total.value = amount(g.subtotal.value);
  total.cost = amount(g.subtotal.cost);
  total.gain = amount(g.subtotal.gain);
  return [
    ...g.rows.map((r) => {
      const cells = cellTexts(r);
      return { cells: HOLDINGS_COLUMNS.map((c) => cells[c.key]) };
    }),
    { cells: HOLDINGS_COLUMNS.map((c) => total[c.key]), total: true },
  ];
};

function holdings(doc: Doc, flow: PageFlow, m: ClientReportModel) {
  flow.heading('Holdings by asset class', HEADING.section);
  // Every holdings table of the report has the same columns, set by all their rows: they line up.
  const groups = m.subject.kind === 'client' ? m.groups : m.subject.members.flatMap((x) => x.groups);
  const measure = groups.flatMap(holdingRows);
  if (m.subject.kind === 'client') {
    holdingsTables(doc, flow, m.groups, measure);
    return;
  }
  for (const member of m.subject.members) {
    const name = member.name ?? UNKNOWN;
    flow.heading(`${name} (${member.relationship}, PAN ${maskPan(member.pan)})`, HEADING.member);
    holdingsTables(doc, flow, member.groups, measure, name);
  }
}

/** One table per asset class with its total; `member` names whose they are on a page a table continues to. */
function holdingsTables(doc: Doc, flow: PageFlow, groups: readonly HoldingsGroup[], measure: readonly TableRow[], member?: string) {
  if (!groups.length) {
    paragraph(doc, flow, 'No holdings on the statements counted.', FONT_SIZE.body);
    return;
  }
  for (const g of groups) {
    drawTable(doc, flow, {
      columns: HOLDINGS_COLUMNS,
      title: { text: g.asset_class, colour: ASSET_CLASS_COLOURS[g.asset_class] ?? COLOUR.text, continued: `${member ? `${member}: ` : ''}${g.asset_class} (continued)` },
      rows: holdingRows(g),
      measure,
    });
  }
}

function gains(doc: Doc, flow: PageFlow, m: ClientReportModel) {
  flow.heading('Gains', HEADING.section);
  flow.heading(`Unrealised gains as of ${date(m.as_of)}`, HEADING.group);
  drawTable(doc, flow, {
    columns: UNREALISED_COLUMNS,
    rows: [
      ...m.unrealised.by_class.map((c) => ({ cells: [c.asset_class, amount(c.value), money(c.cost), money(c.gain)] })),
      { cells: ['Total', amount(m.unrealised.total.value), money(m.unrealised.total.cost), money(m.unrealised.total.gain)], total: true },
    ],
  });
  const fy = m.realised?.fy ?? m.period?.fy ?? null;
  flow.heading(fy ? `Realised gains of FY ${fy}` : 'Realised gains', HEADING.group);
  const r = m.realised;
  const ref = m.notes.find((n) => n.code === 'REALISED_GAINS_UNAVAILABLE');
  if (m.subject.kind === 'household') {
    // Each member's own gains, then the household's: the members' added up.
    const cells = (g: RealisedGains | null) => (g ? [amount(g.short_term), amount(g.long_term), amount(g.total)] : [UNKNOWN, UNKNOWN, UNKNOWN]);
    drawTable(doc, flow, {
      columns: HOUSEHOLD_REALISED_COLUMNS,
      rows: [
        ...m.subject.members.map((member) => ({ cells: [member.name ?? UNKNOWN, ...cells(member.realised)] })),
        { cells: [ref ? `Household (see note ${ref.number})` : 'Household', ...cells(r)], total: true },
      ],
    });
  } else {
    drawTable(doc, flow, {
      columns: REALISED_COLUMNS,
      rows: [
        { cells: ['Short-term', r ? amount(r.short_term) : UNKNOWN] },
        { cells: ['Long-term', r ? amount(r.long_term) : UNKNOWN] },
        { cells: [ref ? `Total (see note ${ref.number})` : 'Total', r ? amount(r.total) : UNKNOWN], total: true },
      ],
    });
  }
  if (r) {
    paragraph(doc, flow, `Lots sold in the year: ${r.lots}`, FONT_SIZE.small, { colour: COLOUR.grey });
  }
}

function notes(doc: Doc, flow: PageFlow, m: ClientReportModel) {
  flow.heading('Notes on the data', HEADING.section);
  if (!m.notes.length) {
    paragraph(doc, flow, 'Nothing to note: every figure is on the statements, dated, and agrees between them.', FONT_SIZE.body);
    return;
  }
  for (const n of m.notes) {
    flow.heading(`${n.number}. ${n.title}`, HEADING.note);
    for (const item of n.items) paragraph(doc, flow, `• ${item}`, FONT_SIZE.small, { indent: 12, hanging: '• ' });
    doc.y += 4;
  }
}

/** A regular paragraph where the flow stands, under any heading waiting for it; its lines after the first start past `hanging`. */
function paragraph(doc: Doc, flow: PageFlow, text: string, size: number, options: { indent?: number; colour?: string; hanging?: string } = {}) {
  const font = () => doc.font(FONT.regular).fontSize(size);
  const hang = options.hanging ? font().widthOfString(options.hanging) : 0;
  const layout = { width: CONTENT_WIDTH - (options.indent ?? 0) - hang, indent: -hang };
  flow.room(font().heightOfString(text, layout));
  // Set again: the headings `room` drew changed the font.
  font()
    .fillColor(options.colour ?? COLOUR.text)
    .text(text, PAGE.margin + (options.indent ?? 0) + hang, doc.y, layout);
  doc.fillColor(COLOUR.text);
}

function footer(doc: Doc, m: ClientReportModel) {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // Below the bottom margin: pdfkit would start a new page for text there unless the margin is lifted.
    doc.page.margins.bottom = 0;
    doc
      .font(FONT.regular)
      .fontSize(FONT_SIZE.small)
      .fillColor(COLOUR.grey)
      .text(`${m.firm} · ${m.subject.name ?? ''} · Page ${i + 1} of ${range.count}`, PAGE.margin, PAGE.height - PAGE.margin + 4, {
        width: CONTENT_WIDTH,
        align: 'center',
        lineBreak: false,
      });
  }
}
