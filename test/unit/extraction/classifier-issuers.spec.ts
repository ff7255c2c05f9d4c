/**
 * The issuer decides between the two registrars' summaries, which share a title and columns,
 * wherever its name is printed: in the title block, in a footer or running header, on a line of its
 * own. A registrar named in a fund's row (a registrar column, "Registrar : …") only says who
 * services that folio: both registrars' summaries list the other's folios.
 */
import { describe, expect, it } from '@jest/globals';
import { classifyStatement, scoreStatement } from '../../../src/modules/extraction/classifier.js';
import type { PdfPageText } from '../../../src/modules/extraction/types.js';
import { generateText, randomVariation, type StatementFamily } from '../../fixtures/generator/index.js';
import { printedPages, type PrintedCell, type PrintedPage } from '../../support/positioned-pages.js';

type Registrar = 'CAMS' | 'KFINTECH';

interface Fund {
  amc: string;
  schemes: Array<{ name: string; isin: string; folio: string; registrar: Registrar }>;
}

const FUNDS: Fund[] = [
  {
    amc: 'Axis Mutual Fund',
    schemes: [
      { name: 'Axis Short Duration Fund - Direct Plan - Growth', isin: 'INF846K01AX8', folio: '7327715053 / 0', registrar: 'KFINTECH' },
      { name: 'Axis Large Cap Fund - Regular Plan - Growth', isin: 'INF846K01BK3', folio: '453896063578 / 0', registrar: 'KFINTECH' },
    ],
  },
  { amc: 'Mirae Asset Mutual Fund', schemes: [{ name: 'Mirae Asset Large & Midcap Fund - Direct Plan - Growth', isin: 'INF769K01NQ9', folio: '1706502855 / 0', registrar: 'KFINTECH' }] },
  { amc: 'DSP Mutual Fund', schemes: [{ name: 'DSP ELSS Tax Saver Fund - Regular Plan - Growth', isin: 'INF740K018V0', folio: '7051933541 / 38', registrar: 'CAMS' }] },
];

const FIGURES = ['37,992.652', '30-Sep-2025', '33.5322', '10,90,630.13', '12,73,977.21', '1,83,347.08'];

interface Print {
  /** The title block: the first lines of page 1. */
  title: string[];
  /** The ISIN in a column of its own, or on the line under the scheme's name ("ISIN : …"). */
  isin: 'column' | 'under-name';
  /** Print each row's registrar in a column of its own, or set them all to one registrar. */
  registrarColumn: boolean | Registrar;
  /** The issuer's name printed elsewhere: in the footer, on a line of its own under the tables, or atop page 2. */
  footer?: string;
  ownLine?: string;
  runningHeader?: string;
}

/** A summary printed as a ruled table per fund house: balance units, NAV date, NAV, cost, value, gain/loss. */
function summaryPrint(print: Print): PdfPageText[] {
  const numbersAt = print.isin === 'column' ? 300 : 235;
  const header: PrintedCell[] = [
    [30, 'Scheme Name'],
    ...(print.isin === 'column' ? ([[235, 'ISIN']] as PrintedCell[]) : []),
    [numbersAt, 'Folio No.'],
    [numbersAt + 150, 'Balance Units', 'r'],
    [numbersAt + 165, 'NAV Date'],
    [numbersAt + 270, 'NAV (INR)', 'r'],
    [numbersAt + 350, 'Cost (INR)', 'r'],
    [numbersAt + 430, 'Market Value (INR)', 'r'],
    [numbersAt + 510, 'Gain/Loss (INR)', 'r'],
    ...(print.registrarColumn ? ([[numbersAt + 520, 'Registrar']] as PrintedCell[]) : []),
  ];
  const rows: PrintedCell[][] = [...print.title.map((t): PrintedCell[] => [[30, t]]), [[30, 'Investor Name : Meera Nair'], [400, 'PAN : ABCPN1234E']], [[30, '14 Lake View Road, Kochi - 682016']], []];
  const tables: PrintedCell[][] = [];
  for (const fund of FUNDS) {
    tables.push([[30, fund.amc]], header);
    for (const s of fund.schemes) {
      const registrar = print.registrarColumn === true ? s.registrar : print.registrarColumn;
      tables.push([
        [30, s.name],
        ...(print.isin === 'column' ? ([[235, s.isin]] as PrintedCell[]) : []),
        [numbersAt, s.folio],
        [numbersAt + 150, FIGURES[0], 'r'],
        [numbersAt + 165, FIGURES[1]],
        [numbersAt + 270, FIGURES[2], 'r'],
        [numbersAt + 350, FIGURES[3], 'r'],
        [numbersAt + 430, FIGURES[4], 'r'],
        [numbersAt + 510, FIGURES[5], 'r'],
        ...(registrar ? ([[numbersAt + 520, registrar]] as PrintedCell[]) : []),
      ]);
      if (print.isin === 'under-name') tables.push([[30, `ISIN : ${s.isin}`]]);
    }
    tables.push([[30, 'Total'], [numbersAt + 350, '10,90,630.13', 'r'], [numbersAt + 430, '12,73,977.21', 'r']], []);
  }
  const footer = (page: number): PrintedCell[][] => [[...(print.footer ? ([[30, print.footer]] as PrintedCell[]) : []), [812, `Page ${page} of 2`, 'r']]];
  const half = Math.ceil(tables.length / 2);
  const pages: PrintedPage[] = [
    { rows: [...rows, ...tables.slice(0, half)], footer: footer(1) },
    {
      rows: [...(print.runningHeader ? [[[30, print.runningHeader]] as PrintedCell[]] : []), ...tables.slice(half), ...(print.ownLine ? [[], [[30, print.ownLine]] as PrintedCell[]] : [])],
      footer: footer(2),
    },
  ];
  return printedPages(pages);
}

const SUMMARY_TITLE = ['Consolidated Account Summary', 'As on 30-Sep-2025'];

describe('a summary printed as a ruled table per fund house', () => {
  it.each([
    { name: 'KFintech named only in the footer, ISIN under the name', print: { title: SUMMARY_TITLE, isin: 'under-name', registrarColumn: false, footer: 'KFin Technologies Ltd.' }, code: 'KFINTECH_SUMMARY_CAS' },
    { name: 'KFintech named only in the footer, CAMS in the registrar column of every row', print: { title: SUMMARY_TITLE, isin: 'under-name', registrarColumn: 'CAMS', footer: 'KFin Technologies Ltd. - Consolidated Account Summary' }, code: 'KFINTECH_SUMMARY_CAS' },
    { name: 'KFintech on a line of its own under the tables, ISIN column, both registrars in rows', print: { title: SUMMARY_TITLE, isin: 'column', registrarColumn: true, ownLine: 'KFin Technologies Ltd.' }, code: 'KFINTECH_SUMMARY_CAS' },
    { name: '"KFINTECH" atop page 2, nowhere on page 1', print: { title: SUMMARY_TITLE, isin: 'column', registrarColumn: false, runningHeader: 'KFINTECH' }, code: 'KFINTECH_SUMMARY_CAS' },
    {
      name: 'KFintech in a footer that is its address, CAMS in the registrar column of every row',
      print: { title: SUMMARY_TITLE, isin: 'under-name', registrarColumn: 'CAMS', footer: 'KFin Technologies Limited, Selenium Tower B, Plot 31-32, Financial District, Hyderabad - 500032' },
      code: 'KFINTECH_SUMMARY_CAS',
    },
    { name: 'KFintech by its former name in the footer', print: { title: SUMMARY_TITLE, isin: 'column', registrarColumn: true, footer: 'Karvy Fintech Pvt. Ltd.' }, code: 'KFINTECH_SUMMARY_CAS' },
    { name: 'CAMS in the title block, KFINTECH in the registrar column of every row', print: { title: ['Consolidated Account Summary', 'CAMS', 'As on 30-Sep-2025'], isin: 'column', registrarColumn: 'KFINTECH' }, code: 'CAMS_SUMMARY_CAS' },
    { name: 'CAMS only in the footer, both registrars in rows', print: { title: SUMMARY_TITLE, isin: 'under-name', registrarColumn: true, footer: 'Computer Age Management Services Ltd.' }, code: 'CAMS_SUMMARY_CAS' },
    {
      name: 'CAMS in the title block and a note naming both registrars under the tables',
      print: { title: [...SUMMARY_TITLE, 'CAMS'], isin: 'column', registrarColumn: true, ownLine: 'This summary lists the folios of the mutual funds serviced by CAMS and KFintech against your PAN.' },
      code: 'CAMS_SUMMARY_CAS',
    },
  ] as Array<{ name: string; print: Print; code: string }>)('$name → $code', ({ print, code }) => {
    const pages = summaryPrint(print);
    const result = classifyStatement(pages);
    expect({ code: result.code, holdings: result.holdings_statement }).toEqual({ code, holdings: true });
    // Won by the issuer's evidence, not by a tie.
    const { scores } = scoreStatement(pages);
    const rival = code === 'CAMS_SUMMARY_CAS' ? 'KFINTECH_SUMMARY_CAS' : 'CAMS_SUMMARY_CAS';
    expect(scores[code as keyof typeof scores] - scores[rival]).toBeGreaterThanOrEqual(6);
  });

  it('a registrar named only in rows does not name the issuer: the evidence is even', () => {
    const { issuers } = scoreStatement(summaryPrint({ title: SUMMARY_TITLE, isin: 'column', registrarColumn: true }));
    expect(issuers.CAMS).toBe(issuers.KFINTECH);
  });
});

/** The generator's statement with the issuer's name taken out of its title block: only its footer (and rows) name it. */
function withoutTitleMarks(pages: PdfPageText[], name: RegExp): PdfPageText[] {
  return pages.map((p) => (p.page !== 1 ? p : { ...p, items: p.items.filter((i) => !(i.y < 100 && name.test(i.str))) }));
}

describe("the generator's summaries, their issuer named only in the footer", () => {
  const cases: Array<{ family: StatementFamily; name: RegExp; code: string }> = [
    { family: 'kfintech_summary', name: /KFIN/i, code: 'KFINTECH_SUMMARY_CAS' },
    { family: 'cams_summary', name: /\bCAMS\b/, code: 'CAMS_SUMMARY_CAS' },
  ];
  it.each(cases)('$family → $code', ({ family, name, code }) => {
    for (let seed = 1; seed <= 12; seed++) {
      const { pages } = generateText(family, { seed, investors: 1 + (seed % 2), amcs: 3, layout: seed % 3 ? randomVariation(seed) : undefined });
      const stripped = withoutTitleMarks(pages, name);
      expect(stripped[0].items.length).toBeLessThan(pages[0].items.length);
      expect({ seed, code: classifyStatement(stripped.slice(0, 3)).code }).toEqual({ seed, code });
    }
  });
});
