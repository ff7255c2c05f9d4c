import { beforeAll, describe, expect, it } from '@jest/globals';
import { buildReportModel, type ClientReportModel, type KnownSum } from '../../../src/modules/reports/document/report-model.js';
import { renderClientReport } from '../../../src/modules/reports/document/report-pdf.js';
import { colourVariety, figure, holdingsRows, knownFigure, linesStartingWith, readReport, valueOf, type ReadReport } from '../../support/report-pdf.js';
import { maskPan } from '../../../src/modules/reports/document/format.js';
import { realisedLot, sampleGains, sampleHouseholdInput, sampleReportInput, samplePortfolio, septemberClient } from './portfolio-sample.js';

// The PDF rendered by pdf.js on @napi-rs/canvas and read back: what a person sees is what the model says.

/** The chart's area: under the "Asset allocation" label, as wide and high as the chart is drawn. */
const chartRegion = (r: ReadReport) => {
  const label = r.boxes.find((b) => b.text === 'Asset allocation')!;
  return { page: r.pages[label.page - 1], region: { x: label.x, y: label.y + label.height + 4, width: 150, height: 150 } };
};

/** A sum as the summary prints it read back: the amount, and how many holdings when it leaves some out. */
const printed = (sum: KnownSum) => ({ amount: sum.amount, counted: sum.counted === sum.of ? null : sum.counted, of: sum.counted === sum.of ? null : sum.of });
const CODE = /\b[A-Z]{3,}_[A-Z_]{3,}\b/;

describe('client report PDF', () => {
  let m: ClientReportModel;
  let client: ReadReport;
  let adviser: ReadReport;
  beforeAll(async () => {
    const input = { ...septemberClient(), adviser: 'Meera Iyer' };
    m = buildReportModel(input);
    client = await readReport(await renderClientReport(m));
    adviser = await readReport(await renderClientReport(buildReportModel({ ...input, audience: 'adviser' })));
  });

  it('the client is the subject; the firm and the adviser prepared it; the PAN masked, never in clear', () => {
    expect(client.text).toEqual(expect.arrayContaining(['Portfolio report', 'Priya Sharma', 'Prepared by Acme Wealth Advisors · Meera Iyer', 'XXXXXX234K']));
    expect(valueOf(client, 'Values as of')).toBe('30 Sep 2025');
    expect(valueOf(client, 'Sales and gains of')).toBe('FY 2025-26 (01 Apr 2025 to 31 Mar 2026)');
    expect(client.text.join('\n')).not.toContain('ABCPS1234K');
  });

  it('prints every known total with how many holdings it covers: one demat holding without a cost blanks nothing', () => {
    expect(knownFigure(valueOf(client, 'Value'))).toEqual(printed(m.summary.value));
    expect(knownFigure(valueOf(client, 'Invested'))).toEqual(printed(m.summary.invested));
    expect(valueOf(client, 'Invested')).toBe('₹ 91,000.00 for 3 of 4 holdings');
    expect(knownFigure(valueOf(client, 'Gain'))).toEqual(printed(m.summary.gain));
    expect(valueOf(client, 'XIRR')).toBe('14.02 % over 2 of 4 holdings');
    expect(client.text.join(' ')).toContain('Invested amounts are the purchases your statements show for 1 holding, and the cost they print for 2 holdings.');
  });

  it('prints every holding with the model’s figures, by column, and each class’s known sums', () => {
    const rows = holdingsRows(client);
    const expected = m.groups.flatMap((g) => g.rows);
    expect(rows.map((r) => r.isin)).toEqual(expected.map((r) => r.isin));
    for (const [i, row] of rows.entries()) {
      const e = expected[i];
      expect({ isin: row.isin, units: figure(row.units), nav: figure(row.nav), value: figure(row.value), cost: figure(row.cost), gain: figure(row.gain), xirr: figure(row.xirr) }).toEqual({
        isin: e.isin,
        units: e.units,
        nav: e.nav,
        value: e.value,
        cost: e.cost,
        gain: e.gain,
        xirr: e.xirr,
      });
    }
    expect(linesStartingWith(client, 'Equity total')).toEqual([['1,76,450.00', '91,000.00', '29,450.00']]);
    expect(client.text).toContain('Equity total: the invested amount and gain cover 3 of 4 holdings valued (the others are not on the statements).');
  });

  it('lists the year’s sales, one of unknown gain as a dash, and the realised gains by tax class with the s.112A exemption left', () => {
    expect(linesStartingWith(client, '02 May 2025')).toEqual([['Aditya Birla Sun Life Frontline Equity Fund - Growth', '222', '30.000', '18,000.00', '—', '—']]);
    expect(linesStartingWith(client, '10 Jun 2025')).toEqual([['HDFC Flexi Cap Fund - Direct Plan - Growth', '111', '60.000', '89,992.00', '59,992.00', 'Long-term']]);
    expect(linesStartingWith(client, 'Equity funds and shares')).toEqual([['10,000.00', '59,992.00', '69,992.00']]);
    expect(linesStartingWith(client, 'Total')).toContainEqual(['11,000.00', '59,992.00', '70,992.00']);
    expect(client.text.join(' ')).toContain('One sale’s gain is not known (the purchase is not on your statements)');
    expect(client.text.join(' ')).toContain('tax-free up to ₹ 1,25,000.00 a year: ₹ 59,992.00 of it is used, ₹ 65,008.00 is left.');
  });

  it('the client’s copy says only what the client needs: one plain note, no adviser page, no codes', () => {
    expect(client.text).toContain(m.client_note);
    expect(client.text.some((x) => x.startsWith('For the adviser'))).toBe(false);
    for (const n of m.adviser_notes) expect(client.text).not.toContain(n.title);
    expect(client.text.join('\n')).not.toMatch(CODE);
  });

  it('the adviser’s copy adds a last page of data notes: each kind with its count, each item once, no codes', () => {
    const heading = adviser.boxes.find((b) => b.text.startsWith('For the adviser'))!;
    expect(heading.page).toBe(adviser.pages.length);
    // The client's pages, unchanged (but for the page count in the footer).
    const pages = (r: ReadReport) => r.boxes.filter((b) => b.page < heading.page && !b.text.includes(' · Page ')).map((b) => b.text);
    expect(pages(adviser)).toEqual(pages(client));
    const lines = adviser.text.slice(adviser.boxes.indexOf(heading));
    const last = lines.join('\n');
    for (const n of m.adviser_notes) {
      expect(last).toContain(n.title);
      // Each item once under its kind (the items are short enough to print on one line).
      const under = lines.slice(lines.indexOf(n.title) + 1, lines.indexOf(n.title) + 1 + n.items.length);
      expect(under).toEqual(n.items.map((item) => `• ${item}`));
    }
    expect(new Set(m.adviser_notes.flatMap((n) => n.items.map((i) => `${n.kind}|${i}`))).size).toBe(m.adviser_notes.reduce((k, n) => k + n.items.length, 0));
    expect(last).not.toMatch(CODE);
  });

  it('draws the allocation chart: its area holds the classes’ colours; without a valued holding it stays blank', async () => {
    const many = await readReport(await renderClientReport(buildReportModel(sampleReportInput())));
    const drawn = chartRegion(many);
    const withChart = await colourVariety(drawn.page, drawn.region);
    expect(withChart.colours).toBeGreaterThanOrEqual(4);
    expect(withChart.inked).toBeGreaterThan(0.2);

    const p = samplePortfolio();
    p.positions = [];
    p.totals = { ...p.totals, total_market_value: 0, asset_allocation: { equity: 0, debt: 0, hybrid: 0, other: 0 }, holdings_valued: 0 };
    const empty = await readReport(await renderClientReport(buildReportModel(sampleReportInput({ portfolio: p }))));
    expect(empty.text).toContain('No holding is valued: no allocation to show.');
    const blank = chartRegion(empty);
    const none = await colourVariety(blank.page, { ...blank.region, y: blank.region.y + 20 });
    expect(none.inked).toBeLessThan(0.01);
  });
});

describe('household report PDF', () => {
  let m: ClientReportModel;
  let read: ReadReport;
  beforeAll(async () => {
    const base = sampleHouseholdInput();
    if (base.subject.kind !== 'household') throw new Error('not a household');
    const priya = sampleGains({ realised: { lots: [realisedLot({ position_id: 'P|folio:1|INF179K01BB8', gain: 1200.5, term: 'short' }), realisedLot({ position_id: 'P|folio:1|INF179K01BB8', sale_date: '2024-12-01', gain: 300, term: 'long' })], exemption_112a: null } });
    const rahul = sampleGains({ realised: { lots: [realisedLot({ position_id: 'R|folio:3|INF200K01RJ1', scheme_name: 'SBI Magnum Gilt Fund - Direct Growth', gain: null, term: null }), realisedLot({ position_id: 'R|folio:3|INF200K01RJ1', scheme_name: 'SBI Magnum Gilt Fund - Direct Growth', sale_date: '2025-01-05', gain: 50, term: 'long', tax_class: 'other' })], exemption_112a: null } });
    const gains = [priya, rahul, null];
    m = buildReportModel({ ...base, subject: { ...base.subject, members: base.subject.members.map((x, i) => ({ ...x, gains: gains[i] })) } });
    read = await readReport(await renderClientReport(m));
  });

  it('heads with the household and its member count; every PAN masked, none in clear', () => {
    expect(read.text).toEqual(expect.arrayContaining(['Household portfolio report', 'Sharma family', 'XXXXXX234K', 'XXXXXX678L', 'XXXXXX012M']));
    expect(valueOf(read, 'Members')).toBe('3');
    for (const pan of ['ABCPS1234K', 'ABCPR5678L', 'ABCPA9012M']) expect(read.text.join('\n')).not.toContain(pan);
  });

  it('prints each member’s known sums in the members table, saying how many holdings a partial one covers', () => {
    const line = (name: string) => linesStartingWith(read, name)[0];
    expect(line('Priya Sharma')).toEqual(['self', 'XXXXXX234K', '2', '28,42,578.95', '23,50,000.00', '4,92,578.95', '14.10 %']);
    expect(line('Rahul Sharma')).toEqual(['spouse', 'XXXXXX678L', '2', '1,28,396.80', '1,10,000.00 (1 of 2)', '12,246.80 (1 of 2)', '—']);
    expect(line('Anika Sharma')).toEqual(['child', 'XXXXXX012M', '0', '0.00', '—', '—', '—']); // holds nothing
  });

  it('prints each member’s holdings under the member’s heading, with the model’s figures', () => {
    if (m.subject.kind !== 'household') throw new Error('not a household');
    const headings = m.subject.members.map((x) => read.boxes.findIndex((b) => b.text === `${x.name} (${x.relationship}, PAN ${maskPan(x.pan)})`));
    expect(headings.every((i) => i >= 0)).toBe(true);
    expect([...headings].sort((a, b) => a - b)).toEqual(headings);
    const rows = holdingsRows(read);
    const expected = m.subject.members.flatMap((x) => x.groups.flatMap((g) => g.rows));
    expect(rows.map((r) => [r.isin, figure(r.value), figure(r.cost)])).toEqual(expected.map((r) => [r.isin, r.value, r.cost]));
    expect(read.text).toContain('No holdings on the statements counted.'); // Anika
  });

  it('prints each member’s realised gains and the household’s: the known sales’ sums; a member whose gains are not computed as a dash', () => {
    const gains = (name: string) => linesStartingWith(read, name).at(-1);
    expect(gains('Priya Sharma')).toEqual(['1,200.50', '300.00', '1,500.50']);
    expect(gains('Rahul Sharma')).toEqual(['0.00', '50.00', '50.00']);
    expect(gains('Anika Sharma')).toEqual(['—', '—', '—']);
    expect(linesStartingWith(read, 'Household')).toContainEqual(['1,200.50', '350.00', '1,550.50']);
    expect(read.text.join(' ')).toContain('One sale’s gain is not known');
  });
});
