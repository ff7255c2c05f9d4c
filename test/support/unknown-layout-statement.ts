/**
 * A holdings statement in a layout no Foliodesk parser knows: a wealth platform's two-page
 * "Portfolio Holdings Report" (one table of funds and a share, a printed total), drawn with pdfkit at
 * fixed positions, with its ground truth. Its wording avoids every classifier rule, so it is
 * classified UNKNOWN, and it prints the personal identifiers a prompt must not carry in clear.
 */
import PDFDocument from 'pdfkit';
import { isinCheckDigit } from '../../src/modules/extraction/identifiers.js';

export interface UnknownLayoutHolding {
  scheme_name: string;
  isin: string;
  /** null for the listed share (printed "-"). */
  folio: string | null;
  units: number;
  nav: number;
  market_value: number;
  page: number;
}

export interface UnknownLayoutStatement {
  pdf: Buffer;
  investor: { name: string; pan: string; email: string; mobile: string; client_code: string };
  period: { from: string; to: string };
  holdings: UnknownLayoutHolding[];
  total: number;
}

const isin = (first11: string) => `${first11}${isinCheckDigit(first11)}`;

/** Units with 3 decimals × NAV with 4 decimals, rounded to the paisa, in integers (no float drift). */
const valueOf = (units: number, nav: number) => Math.round((Math.round(units * 1000) * Math.round(nav * 10000)) / 1e5) / 100;

const ROWS: Array<Omit<UnknownLayoutHolding, 'market_value'>> = [
  { scheme_name: 'Axis Bluechip Fund - Direct Growth', isin: isin('INF846K01DP'), folio: '91234567/12', units: 1523.417, nav: 58.312, page: 1 },
  { scheme_name: 'HDFC Corporate Bond Fund - Direct Growth', isin: isin('INF179K01BR'), folio: '11223344/55', units: 3050.25, nav: 31.4567, page: 1 },
  { scheme_name: 'ICICI Pru Balanced Advantage Fund - Direct Growth', isin: isin('INF109K01Z4'), folio: '22446688/01', units: 812.904, nav: 74.1025, page: 1 },
  { scheme_name: 'Parag Parikh Flexi Cap Fund - Direct Growth', isin: isin('INF879O0102'), folio: '33557799/20', units: 2210.118, nav: 86.5432, page: 1 },
  { scheme_name: 'SBI Gold Fund - Direct Growth', isin: isin('INF200K01RJ'), folio: '44668800/31', units: 640.5, nav: 27.8911, page: 2 },
  { scheme_name: 'Reliance Industries Ltd', isin: isin('INE002A0101'), folio: null, units: 25, nav: 1234.5, page: 2 },
];

const grouped = (n: number, decimals: number) => n.toLocaleString('en-IN', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });

/** The statement and what it says. */
export function unknownLayoutStatement(): Promise<UnknownLayoutStatement> {
  const holdings = ROWS.map((r) => ({ ...r, market_value: valueOf(r.units, r.nav) }));
  const total = holdings.reduce((s, h) => s + Math.round(h.market_value * 100), 0) / 100;
  const investor = { name: 'Priya Sharma', pan: 'ABCPS1234K', email: 'priya.sharma@example.in', mobile: '+91 98765 43210', client_code: 'MWP00123456' };
  const period = { from: '2025-04-01', to: '2025-09-30' };

  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 40, info: { Title: 'Portfolio Holdings Report', Author: 'Meridian Wealth Partners', CreationDate: new Date('2025-10-01T00:00:00Z') } });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve({ pdf: Buffer.concat(chunks), investor, period, holdings, total }));
    doc.on('error', reject);

    const at = (text: string, x: number, y: number, opts: { bold?: boolean; size?: number; right?: number } = {}) => {
      doc.font(opts.bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(opts.size ?? 8);
      if (opts.right !== undefined) {
        const width = doc.widthOfString(text);
        doc.text(text, opts.right - width, y, { lineBreak: false });
      } else {
        doc.text(text, x, y, { lineBreak: false });
      }
    };
    const header = (y: number) => {
      at('Scheme / Security', 40, y, { bold: true });
      at('ISIN', 255, y, { bold: true });
      at('Folio', 330, y, { bold: true });
      at('Quantity', 0, y, { bold: true, right: 430 });
      at('Price (INR)', 0, y, { bold: true, right: 495 });
      at('Value (INR)', 0, y, { bold: true, right: 560 });
    };
    const row = (h: UnknownLayoutHolding, y: number) => {
      at(h.scheme_name, 40, y);
      at(h.isin, 255, y);
      at(h.folio ?? '-', 330, y);
      at(Number.isInteger(h.units) ? String(h.units) : grouped(h.units, 3), 0, y, { right: 430 });
      at(grouped(h.nav, Number.isInteger(h.units) ? 2 : 4), 0, y, { right: 495 });
      at(grouped(h.market_value, 2), 0, y, { right: 560 });
    };

    at('MERIDIAN WEALTH PARTNERS', 40, 40, { bold: true, size: 14 });
    at('Portfolio Holdings Report', 40, 60, { size: 11 });
    at('Reporting period: 01-Apr-2025 to 30-Sep-2025', 40, 80);
    at(`Investor: ${investor.name}`, 40, 105);
    at(`PAN: ${investor.pan}`, 300, 105);
    at(`E-mail: ${investor.email}`, 40, 118);
    at(`Mobile: ${investor.mobile}`, 300, 118);
    at(`Client Code: ${investor.client_code}`, 40, 131);
    at('Your holdings', 40, 160, { bold: true, size: 10 });
    header(178);
    let y = 194;
    for (const h of holdings.filter((x) => x.page === 1)) {
      row(h, y);
      y += 16;
    }
    at('Continued overleaf.', 40, 780, { size: 7 });

    doc.addPage();
    at('Meridian Wealth Partners - Portfolio Holdings Report (continued)', 40, 40, { size: 9 });
    header(70);
    y = 86;
    for (const h of holdings.filter((x) => x.page === 2)) {
      row(h, y);
      y += 16;
    }
    at('Total portfolio value', 40, y + 10, { bold: true });
    at(`INR ${grouped(total, 2)}`, 0, y + 10, { bold: true, right: 560 });
    at('Prices are the latest published by the fund houses and the exchange. This report is for information only.', 40, 780, { size: 7 });
    doc.end();
  });
}
