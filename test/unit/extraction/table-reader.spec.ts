/**
 * Tables from geometry: random holdings tables — columns in any order and subset, labels in any of
 * their wordings and alignments (left, centred, right over their figures), headers over one or two
 * lines, names of any width — must give every cell to its own column. A failure prints its seed.
 */
import { describe, expect, it } from '@jest/globals';
import { columnVocabulary } from '../../../src/modules/extraction/families/index.js';
import { readHeader, TableLayout, columnKind, COMMON_COLUMNS } from '../../../src/modules/extraction/tables/index.js';
import type { ColumnKind } from '../../../src/modules/extraction/tables/index.js';
import type { TextLine } from '../../../src/modules/extraction/types.js';
import { SeededRandom } from '../../fixtures/generator/index.js';
import { runSeed } from '../../support/run-seed.js';

const CHAR = 3.9;
type Cell = TextLine['cells'][number];

interface Spec {
  kind: ColumnKind;
  labels: string[][];
  numeric: boolean;
  value: (rng: SeededRandom) => string;
}

const money = (rng: SeededRandom): string => {
  const v = rng.int(0, 9_999_999) + rng.int(0, 99) / 100;
  return v.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
};
const SPECS: Spec[] = [
  { kind: 'folio', labels: [['Folio No.'], ['Folio'], ['Folio Number']], numeric: false, value: (r) => `${r.int(1000000, 9999999)} / ${r.int(1, 99)}` },
  { kind: 'isin', labels: [['ISIN'], ['ISIN Code']], numeric: false, value: (r) => `INF${r.int(100, 999)}K01${r.int(100, 999)}` },
  { kind: 'name', labels: [['Scheme Name'], ['Scheme'], ['Security'], ['Description']], numeric: false, value: (r) => r.pick(['HDFC Top 100 Fund - Direct Plan - Growth', 'SBI Gilt Fund', 'Axis Bluechip Fund Regular IDCW']) },
  { kind: 'cost', labels: [['Cost Value'], ['Invested', 'Value'], ['Total Cost (INR)']], numeric: true, value: money },
  { kind: 'units', labels: [['Unit Balance'], ['Closing Unit', 'Balance'], ['Quantity'], ['Balance Units'], ['No. of', 'Units']], numeric: true, value: (r) => (r.int(0, 99999) + r.int(0, 999) / 1000).toFixed(3) },
  { kind: 'nav_date', labels: [['NAV Date'], ['Price Date']], numeric: false, value: (r) => `${r.int(10, 28)}-Sep-2025` },
  { kind: 'nav', labels: [['NAV'], ['Price'], ['NAV (INR)'], ['Market Price'], ['Rate']], numeric: true, value: (r) => (r.int(10, 999) + r.int(0, 9999) / 10000).toFixed(4) },
  { kind: 'value', labels: [['Market Value'], ['Current Value'], ['Valuation'], ['Market Value', '(INR)'], ['Value']], numeric: true, value: money },
  { kind: 'gain', labels: [['Gain/Loss'], ['Unrealised', 'P/L']], numeric: true, value: money },
  { kind: 'registrar', labels: [['Registrar'], ['RTA']], numeric: false, value: (r) => r.pick(['CAMS', 'KFINTECH']) },
];

interface Table {
  lines: TextLine[];
  truth: Array<Partial<Record<ColumnKind, string>>>;
  order: string;
}

const cellAt = (x: number, text: string): Cell => ({ x, text, x_end: x + text.length * CHAR });

function randomTable(seed: number): Table {
  const rng = new SeededRandom(seed).fork('table');
  const required = SPECS.filter((s) => ['isin', 'name', 'units', 'nav', 'value'].includes(s.kind));
  const optional = SPECS.filter((s) => !required.includes(s) && rng.chance(0.5));
  const specs = [...required, ...optional];
  for (let i = specs.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [specs[i], specs[j]] = [specs[j], specs[i]];
  }
  const labels = specs.map((s) => rng.pick(s.labels));
  const rows = Array.from({ length: rng.int(2, 9) }, () => specs.map((s) => s.value(rng)));
  // Each column as wide as its widest text plus a gutter; labels aligned left, centred or right.
  let x = 30;
  const bands = specs.map((s, k) => {
    const width = Math.max(...labels[k].map((l) => l.length * CHAR), ...rows.map((r) => r[k].length * CHAR)) + rng.int(0, 20);
    const band = { x, width, align: rng.pick(['left', 'centre', 'right'] as const) };
    x += width + rng.int(9, 24);
    return band;
  });
  const place = (k: number, text: string, align: 'left' | 'centre' | 'right'): Cell => {
    const w = text.length * CHAR;
    const b = bands[k];
    return cellAt(align === 'left' ? b.x : align === 'right' ? b.x + b.width - w : b.x + (b.width - w) / 2, text);
  };
  const lines: TextLine[] = [];
  let y = 100;
  const push = (cells: Cell[]): void => {
    if (cells.length) lines.push({ page: 1, y, text: cells.map((c) => c.text).join(' '), cells });
    y += 10;
  };
  push(specs.map((_, k) => place(k, labels[k][0], bands[k].align)));
  if (labels.some((l) => l.length > 1)) push(specs.flatMap((_, k) => (labels[k][1] ? [place(k, labels[k][1], bands[k].align)] : [])));
  for (const r of rows) push(specs.map((s, k) => place(k, r[k], s.numeric ? 'right' : 'left')));
  return {
    lines,
    truth: rows.map((r) => Object.fromEntries(specs.map((s, k) => [s.kind, r[k]]))),
    order: specs.map((s, k) => `${s.kind}:"${labels[k].join(' ')}"/${bands[k].align}`).join(' '),
  };
}

describe('column labels (a depository\'s vocabulary: the common labels and its own)', () => {
  it.each([
    ['Closing Unit Balance', 'units'],
    ['Current Bal.', 'units'],
    ['No. of Shares', 'units'],
    ['Free Bal.', 'other_balance'],
    ['NAV Date', 'nav_date'],
    ['Market Price / Face Value', 'nav'],
    ['Market Value (INR)', 'value'],
    ['Value in ₹', 'value'],
    ['Cost Value (Rs.)', 'cost'],
    ['Average Cost', 'average_cost'],
    ['Unrealised P/L', 'gain'],
    ['Annualised Return (%)', 'return'],
    ['ISIN Description', 'name'],
    ['Face Value', 'face_value'],
    ['Sr. No.', null],
  ])('%s is a %s column', (label, kind) => {
    expect(columnKind(label, columnVocabulary('CDSL_CAS'))).toBe(kind);
  });
});

describe('random holdings tables', () => {
  const base = runSeed('table-reader', process.env.FOLIODESK_TABLE_SEED);
  it(`400 tables from seed ${base}: every cell in its own column`, () => {
    const failures: string[] = [];
    for (let seed = base; seed < base + 400 && failures.length < 5; seed++) {
      const table = randomTable(seed);
      const header = readHeader(table.lines, 0, COMMON_COLUMNS);
      if (!header) {
        failures.push(`seed ${seed}: no header found (${table.order})`);
        continue;
      }
      const body = table.lines.slice(header.lines.length);
      const layout = TableLayout.of(header, body);
      body.forEach((line, i) => {
        const got = layout.cells(line).byKind;
        for (const [kind, text] of Object.entries(table.truth[i])) {
          if (got[kind as ColumnKind] !== text) failures.push(`seed ${seed} row ${i}: ${kind} "${got[kind as ColumnKind]}" != "${text}" (${table.order})`);
        }
      });
    }
    expect(failures).toEqual([]);
  });
});
