/**
 * The client or household report as a PDF (pdfkit; A4 landscape). The client's pages: who it is for and
 * who prepared it, the summary (value, invested, gain, XIRR, each with how many holdings it covers),
 * allocation by asset class (a chart) and by fund house, a household's members, holdings by asset
 * class with gain and XIRR each, the year's sales, the year's realised gains by tax class with the
 * s.112A exemption left, and one plain note when a figure is not known. The adviser's copy adds a last
 * page of data notes. Text is real text (DejaVu Sans embedded), so it can be read back, and each figure
 * is printed as format.ts makes it from the model.
 */
import PDFDocument from 'pdfkit';
import { allocationChartPng, ASSET_CLASS_COLOURS, CHART_SIZE } from './allocation-chart.js';
import { REPORT_FONTS } from './fonts.js';
import { COLOUR, CONTENT_WIDTH, FONT, FONT_SIZE, HEADING, PAGE, PageFlow, type Doc } from './page-flow.js';
import { drawTable, type TableColumn, type TableRow } from './report-table.js';
import { amount, date, maskPan, nav, percent, rupees, units, UNKNOWN } from './format.js';
import type { ClientReportModel, HoldingRow, HoldingsGroup, KnownSum, RealisedGains, SaleRow, SummaryFigures } from './report-model.js';

export { PAGE } from './page-flow.js';

export interface Column extends TableColumn {
  key: 'scheme' | 'isin' | 'folio' | 'units' | 'nav' | 'nav_date' | 'value' | 'cost' | 'gain' | 'xirr';
}

const figure = (title: string): TableColumn => ({ title, align: 'right', minWidth: 56 });

/** The holdings table's columns (tests read the table back by their titles). */
export const HOLDINGS_COLUMNS: readonly Column[] = [
  { key: 'scheme', title: 'Scheme or security', align: 'left', fill: true, minWidth: 110 },
  { key: 'isin', title: 'ISIN', align: 'left' },
  { key: 'folio', title: 'Folio / account', align: 'left', maxWidth: 120, minWidth: 60 },
  { key: 'units', ...figure('Units') },
  { key: 'nav', ...figure('NAV (₹)') },
  { key: 'nav_date', ...figure('NAV date') },
  { key: 'value', ...figure('Value (₹)') },
  { key: 'cost', ...figure('Invested (₹)') },
  { key: 'gain', ...figure('Gain (₹)') },
  { key: 'xirr', title: 'XIRR', align: 'right' },
];

const MEMBER_COLUMNS: readonly TableColumn[] = [
  { title: 'Member', align: 'left', maxWidth: 200, minWidth: 80 },
  { title: 'Relationship', align: 'left' },
  { title: 'PAN', align: 'left' },
  { title: 'Holdings', align: 'right' },
  figure('Value (₹)'),
  figure('Invested (₹)'),
  figure('Gain (₹)'),
  figure('XIRR'),
];
const FUND_HOUSE_COLUMNS: readonly TableColumn[] = [{ title: 'Fund house', align: 'left', minWidth: 160, maxWidth: 260 }, figure('Value (₹)'), figure('Share')];
const SALES_COLUMNS: readonly TableColumn[] = [
  { title: 'Date', align: 'left' },
  { title: 'Scheme or security', align: 'left', fill: true, minWidth: 140 },
  { title: 'Folio', align: 'left', maxWidth: 120, minWidth: 50 },
  figure('Units sold'),
  figure('Proceeds (₹)'),
  figure('Gain (₹)'),
  { title: 'Held', align: 'left' },
];
const HOUSEHOLD_SALES_COLUMNS: readonly TableColumn[] = [{ title: 'Member', align: 'left', maxWidth: 140, minWidth: 60 }, ...SALES_COLUMNS];
const REALISED_COLUMNS: readonly TableColumn[] = [{ title: 'Tax class', align: 'left', minWidth: 200 }, figure('Short-term (₹)'), figure('Long-term (₹)'), figure('Total (₹)')];
const HOUSEHOLD_REALISED_COLUMNS: readonly TableColumn[] = [{ title: 'Member', align: 'left', maxWidth: 200, minWidth: 110 }, figure('Short-term (₹)'), figure('Long-term (₹)'), figure('Total (₹)')];

/** The title rows of every table the report draws (a layout check finds the tables by them). */
export const REPORT_TABLE_HEADERS: ReadonlyArray<readonly string[]> = [HOLDINGS_COLUMNS, MEMBER_COLUMNS, FUND_HOUSE_COLUMNS, SALES_COLUMNS, HOUSEHOLD_SALES_COLUMNS, REALISED_COLUMNS, HOUSEHOLD_REALISED_COLUMNS].map((cs) => cs.map((c) => c.title));

/** Whom the report is about, as its title and footer name them. */
const subjectName = (m: ClientReportModel) => m.subject.name ?? (m.subject.kind === 'client' ? 'client' : 'household');
const reportTitle = (m: ClientReportModel) => (m.subject.kind === 'household' ? 'Household portfolio report' : 'Portfolio report');

/** "₹ 91,000.00 for 3 of 4 holdings" when a sum leaves some out; the amount alone when it covers all. */
export function knownSum(sum: KnownSum, what = 'holdings', money: (v: number) => string = rupees): string {
  if (sum.of === 0 || sum.counted === 0) return UNKNOWN;
  return sum.counted === sum.of ? money(sum.amount) : `${money(sum.amount)} for ${sum.counted} of ${sum.of} ${what}`;
}

/** A table cell of a sum: the amount, "(3 of 4)" when it leaves holdings out, a dash when it covers none. */
const knownCell = (sum: KnownSum) => (sum.counted === 0 ? UNKNOWN : sum.counted === sum.of ? amount(sum.amount) : `${amount(sum.amount)} (${sum.counted} of ${sum.of})`);

/** Renders the model; resolves with the PDF's bytes. */
export function renderClientReport(model: ClientReportModel): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: PAGE.margin,
    bufferPages: true,
    info: { Title: `${reportTitle(model)}: ${subjectName(model)}`, Author: model.prepared_by.firm, Subject: `As of ${model.as_of ?? 'the latest statement'}` },
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
  fundHouses(doc, flow, model);
  members(doc, flow, model);
  holdings(doc, flow, model);
  sales(doc, flow, model);
  realised(doc, flow, model);
  clientNote(doc, flow, model);
  if (model.audience === 'adviser') adviserPage(doc, flow, model);
  footer(doc, model);
  doc.end();
  return finished;
}

function header(doc: Doc, m: ClientReportModel) {
  const s = m.subject;
  doc.font(FONT.regular).fontSize(FONT_SIZE.heading).fillColor(COLOUR.grey).text(reportTitle(m), PAGE.margin, PAGE.margin, { width: CONTENT_WIDTH - 160 });
  // The client (or household) is the subject: the large title.
  doc.font(FONT.bold).fontSize(FONT_SIZE.title).fillColor(COLOUR.accent).text(subjectName(m), PAGE.margin, doc.y, { width: CONTENT_WIDTH - 160 });
  const by = m.prepared_by.adviser ? `${m.prepared_by.firm} · ${m.prepared_by.adviser}` : m.prepared_by.firm;
  doc.font(FONT.regular).fontSize(FONT_SIZE.body).fillColor(COLOUR.text).text(`Prepared by ${by}`, PAGE.margin, doc.y + 2, { width: CONTENT_WIDTH - 160 });
  doc.moveDown(0.6);
  const lines: Array<[string, string]> = [
    ...(s.kind === 'client' ? ([['PAN', maskPan(s.pan)]] as Array<[string, string]>) : ([['Members', String(s.members.length)]] as Array<[string, string]>)),
    ['Values as of', date(m.as_of)],
    ...(m.period ? ([['Sales and gains of', `FY ${m.period.fy} (${date(m.period.from)} to ${date(m.period.to)})`]] as Array<[string, string]>) : []),
    ['Statements', m.statement_date ? `${m.documents}, the newest of ${date(m.statement_date)}` : String(m.documents)],
  ];
  keyValues(doc, lines, 110, CONTENT_WIDTH - 110);
  doc
    .font(FONT.regular)
    .fontSize(FONT_SIZE.small)
    .fillColor(COLOUR.grey)
    .text(`Made ${date(m.generated_at.slice(0, 10))}`, PAGE.margin, PAGE.margin + 4, { width: CONTENT_WIDTH, align: 'right' });
  doc.fillColor(COLOUR.text);
  doc.y = Math.max(doc.y, PAGE.margin + 120);
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

/** The summary's lines: value, invested, gain, XIRR, each saying how many holdings it covers. */
export function summaryLines(f: SummaryFigures): Array<[string, string]> {
  const gain = knownSum(f.gain);
  const xirr = f.xirr.rate === null ? UNKNOWN : f.xirr.counted === f.xirr.of ? percent(f.xirr.rate) : `${percent(f.xirr.rate)} over ${f.xirr.counted} of ${f.xirr.of} holdings`;
  return [
    ['Value', knownSum(f.value)],
    ['Invested', knownSum(f.invested)],
    ['Gain', f.gain_pct === null || gain === UNKNOWN ? gain : `${gain} (${percent(f.gain_pct)})`],
    ['XIRR', xirr],
  ];
}

/** Where the invested amounts come from, in words; null when there is none. */
function basisLine(f: SummaryFigures): string | null {
  const { lots, statement } = f.cost_bases;
  if (!lots && !statement) return null;
  const holdings = (n: number) => `${n} holding${n === 1 ? '' : 's'}`;
  if (!statement) return 'Invested amounts are the purchases your statements show.';
  if (!lots) return 'Invested amounts are the cost your statements print.';
  return `Invested amounts are the purchases your statements show for ${holdings(lots)}, and the cost they print for ${holdings(statement)}.`;
}

function summary(doc: Doc, flow: PageFlow, m: ClientReportModel) {
  const chartHeight = (CHART_WIDTH * CHART_SIZE.height) / CHART_SIZE.width;
  flow.heading('Summary', HEADING.section);
  flow.room(chartHeight + 20);
  const top = doc.y;
  doc.y = top;
  keyValues(doc, summaryLines(m.summary), 90, CHART_X - PAGE.margin - 90 - 12);
  const basis = basisLine(m.summary);
  if (basis) doc.font(FONT.regular).fontSize(FONT_SIZE.small).fillColor(COLOUR.grey).text(basis, PAGE.margin, doc.y + 2, { width: CHART_X - PAGE.margin - 12 });
  if (m.revalued) {
    const n = m.revalued.holdings;
    const text = `${n === 1 ? 'One holding is' : `${n} holdings are`} valued at a NAV published after ${n === 1 ? 'its' : 'their'} statement (the latest on or before ${date(m.as_of)}, at most of ${date(m.revalued.date)}); the others at the NAV their statement prints.`;
    doc.font(FONT.regular).fontSize(FONT_SIZE.small).fillColor(COLOUR.grey).text(text, PAGE.margin, doc.y + 2, { width: CHART_X - PAGE.margin - 12 });
  }
  doc.fillColor(COLOUR.text);
  // The allocation chart beside the summary, with its figures as text beside it.
  doc.font(FONT.bold).fontSize(FONT_SIZE.body).text('Asset allocation', CHART_X, top - 14, { lineBreak: false });
  if (m.allocation.length) {
    doc.image(allocationChartPng(m.allocation), CHART_X, top, { width: CHART_WIDTH, height: chartHeight });
  } else {
    doc.font(FONT.regular).fillColor(COLOUR.grey).text('No holding is valued: no allocation to show.', CHART_X, top, { lineBreak: false });
  }
  let y = top + 20;
  const legendX = CHART_X + CHART_WIDTH + 24;
  for (const slice of m.allocation) {
    doc.rect(legendX, y + 1.5, 7, 7).fill(ASSET_CLASS_COLOURS[slice.asset_class]);
    doc.fillColor(COLOUR.text).font(FONT.regular).fontSize(FONT_SIZE.body).text(slice.asset_class, legendX + 12, y, { width: 80, lineBreak: false });
    doc.text(percent(slice.percent), legendX + 92, y, { width: 60, align: 'right', lineBreak: false });
    y += FONT_SIZE.body * 1.5;
  }
  doc.y = Math.max(doc.y, y, top + chartHeight) + 6;
}

function fundHouses(doc: Doc, flow: PageFlow, m: ClientReportModel) {
  if (m.allocation_by_amc.length < 2) return;
  flow.heading('By fund house', HEADING.section);
  drawTable(doc, flow, { columns: FUND_HOUSE_COLUMNS, rows: m.allocation_by_amc.map((a) => ({ cells: [a.label, amount(a.value), percent(a.percent)] })) });
}

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
        member.positions === 0 ? amount(0) : knownCell(member.summary.value),
        knownCell(member.summary.invested),
        knownCell(member.summary.gain),
        member.summary.xirr.counted === 0 ? UNKNOWN : member.summary.xirr.counted === member.summary.xirr.of ? percent(member.summary.xirr.rate) : `${percent(member.summary.xirr.rate)} (${member.summary.xirr.counted} of ${member.summary.xirr.of})`,
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
    xirr: percent(row.xirr),
  };
}

const holdingRows = (g: HoldingsGroup): TableRow[] => {
  const total = Object.fromEntries(HOLDINGS_COLUMNS.map((c) => [c.key, ''])) as Record<Column['key'], string>;
  total.scheme = `${g.asset_class} total`;
  // The known sums; how many holdings they cover is said under the table (coverage).
  total.value = amount(g.subtotal.value.amount);
  total.cost = g.subtotal.cost.counted ? amount(g.subtotal.cost.amount) : UNKNOWN;
  total.gain = g.subtotal.gain.counted ? amount(g.subtotal.gain.amount) : UNKNOWN;
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
      note: coverage(g) ?? undefined,
    });
  }
}

/** What a class's totals leave out, in words; null when they cover every holding. */
function coverage(g: HoldingsGroup): string | null {
  const { value, cost } = g.subtotal;
  const parts: string[] = [];
  if (value.counted < value.of) parts.push(`the value covers ${value.counted} of ${value.of} holdings`);
  if (cost.counted < cost.of) parts.push(`the invested amount and gain cover ${cost.counted} of ${cost.of} holdings valued`);
  return parts.length ? `${g.asset_class} total: ${parts.join('; ')} (the others are not on the statements).` : null;
}

const HELD: Record<NonNullable<SaleRow['term']>, string> = { short: 'Short-term', long: 'Long-term', mixed: 'Both' };

function sales(doc: Doc, flow: PageFlow, m: ClientReportModel) {
  if (!m.period) return;
  flow.heading(`Sales in FY ${m.period.fy}`, HEADING.section);
  if (!m.sales.length) {
    paragraph(doc, flow, 'No sales, switches or withdrawals in the year on the statements counted.', FONT_SIZE.body);
    return;
  }
  const household = m.subject.kind === 'household';
  drawTable(doc, flow, {
    columns: household ? HOUSEHOLD_SALES_COLUMNS : SALES_COLUMNS,
    rows: m.sales.map((s) => ({
      cells: [...(household ? [s.investor ?? UNKNOWN] : []), date(s.date), s.scheme, s.folio ?? UNKNOWN, units(s.units), amount(s.proceeds), amount(s.gain), s.term ? HELD[s.term] : UNKNOWN],
    })),
  });
}

/** The realised gains' rows by tax class, with their total. */
function realisedRows(r: RealisedGains): TableRow[] {
  return [
    ...r.by_class.map((c) => ({ cells: [c.label, amount(c.short_term), amount(c.long_term), amount(Math.round((c.short_term + c.long_term) * 100) / 100)] })),
    { cells: ['Total', amount(r.short_term), amount(r.long_term), amount(r.total)], total: true },
  ];
}

function realised(doc: Doc, flow: PageFlow, m: ClientReportModel) {
  const r = m.realised;
  if (!r || !r.sales) return;
  flow.heading(`Realised gains in FY ${r.fy}`, HEADING.section);
  if (m.subject.kind === 'household') {
    // A member without sales on the statements realised nothing; one whose gains were not computed, a dash.
    const cells = (g: RealisedGains | null) => (g ? [amount(g.short_term), amount(g.long_term), amount(g.total)] : [UNKNOWN, UNKNOWN, UNKNOWN]);
    drawTable(doc, flow, {
      columns: HOUSEHOLD_REALISED_COLUMNS,
      rows: [...m.subject.members.map((member) => ({ cells: [member.name ?? UNKNOWN, ...cells(member.realised)] })), { cells: ['Household', ...cells(r)], total: true }],
    });
  } else {
    drawTable(doc, flow, { columns: REALISED_COLUMNS, rows: realisedRows(r) });
  }
  const lines: string[] = [];
  if (r.unknown_sales) {
    lines.push(`${r.unknown_sales === 1 ? 'One sale’s gain is' : `${r.unknown_sales} sales’ gains are`} not known (the purchase is not on your statements): ${r.unknown_sales === 1 ? 'it is' : 'they are'} shown as — above and not in these totals.`);
  }
  const e = r.exemption_112a;
  if (e && m.subject.kind === 'client') {
    lines.push(
      e.remaining === null
        ? `Long-term gains on equity funds and shares are tax-free up to ${rupees(e.limit)} a year; how much of it is left is not known while a sale’s gain is not.`
        : `Long-term gains on equity funds and shares are tax-free up to ${rupees(e.limit)} a year: ${rupees(e.used ?? 0)} of it is used, ${rupees(e.remaining)} is left.`,
    );
  }
  for (const line of lines) paragraph(doc, flow, line, FONT_SIZE.body);
}

function clientNote(doc: Doc, flow: PageFlow, m: ClientReportModel) {
  if (!m.client_note) return;
  doc.y += 6;
  paragraph(doc, flow, m.client_note, FONT_SIZE.small, { colour: COLOUR.grey });
}

/** The adviser's page: what the statements leave unknown, stale or assumed, grouped, each item once. */
function adviserPage(doc: Doc, flow: PageFlow, m: ClientReportModel) {
  flow.newPage();
  flow.heading('For the adviser: notes on the data (not for the client)', HEADING.section);
  if (!m.adviser_notes.length) {
    paragraph(doc, flow, 'Nothing to note: every figure is on the statements, dated, and agrees between them.', FONT_SIZE.body);
    return;
  }
  for (const n of m.adviser_notes) {
    flow.heading(n.title, HEADING.note);
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
      .text(`${m.prepared_by.firm} · ${reportTitle(m)} for ${subjectName(m)} · Page ${i + 1} of ${range.count}`, PAGE.margin, PAGE.height - PAGE.margin + 4, {
        width: CONTENT_WIDTH,
        align: 'center',
        lineBreak: false,
      });
  }
}
