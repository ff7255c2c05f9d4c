/**
 * Properties of the lots engine over random histories (fast-check): units are conserved (opened −
 * closed = still open), each sale's proceeds and each purchase's cost are split over lots without a
 * paisa lost, and a year's gains are its proceeds less its costs where no rule adjusts the cost.
 */
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { computeGains } from '../../../src/modules/gains/index.js';
import { runLots } from '../../../src/modules/gains/lots/engine.js';
import { UNIT_SCALE } from '../../../src/modules/gains/lots/exact.js';
import { holding, scheme, tx } from './support/histories.js';

const EQ = scheme('INE000PR0001', 'equity_oriented');

/** Days from 1 April 2018 (after the grandfathering date, so no cost is adjusted), ISO. */
const day = (n: number) => new Date(Date.UTC(2018, 3, 1) + n * 86_400_000).toISOString().slice(0, 10);

interface Op {
  gap: number;
  buy: boolean;
  units: number; // thousandths
  price: number; // paise per unit
  stamp: number; // paise
  stt: number; // paise
}

const op = fc.record({
  gap: fc.integer({ min: 0, max: 60 }),
  buy: fc.boolean(),
  units: fc.integer({ min: 1, max: 5_000_000 }),
  price: fc.integer({ min: 1_000, max: 50_000 }),
  stamp: fc.integer({ min: 0, max: 500 }),
  stt: fc.integer({ min: 0, max: 500 }),
});

/** A history that never sells more than it holds, as extraction rows (3-decimal units, 2-decimal amounts). */
function history(ops: Op[]) {
  let date = 0;
  let held = 0;
  let bought = 0; // paise, stamp duty included
  let sold = 0; // paise
  const rows = [];
  for (const o of ops) {
    date += o.gap;
    const d = day(date);
    const units = o.buy ? o.units : Math.min(o.units, held);
    if (units === 0) continue;
    const amount = Math.round((units * o.price) / 1000);
    if (o.buy) {
      held += units;
      bought += amount + o.stamp;
      rows.push(tx(d, 'purchase', units / 1000, amount / 100), tx(d, 'stamp_duty', null, o.stamp / 100));
    } else {
      held -= units;
      sold += amount;
      rows.push(tx(d, 'redemption', -units / 1000, amount / 100), tx(d, 'stt', null, o.stt / 100));
    }
  }
  return { rows, held, bought, sold, lastDay: day(date) };
}

const paise = (n: number | null) => Math.round((n ?? NaN) * 100);
/** Thousandths of a unit (as the histories are built) in the engine's quanta of a unit. */
const quanta = (thousandths: number): bigint => BigInt(thousandths) * BigInt(UNIT_SCALE / 1000);

describe('lots engine properties over random histories', () => {
  it('units: opened − closed = still open, and every sale is covered by seen lots', () => {
    fc.assert(
      fc.property(fc.array(op, { minLength: 1, maxLength: 60 }), (ops) => {
        const h = history(ops);
        const run = runLots([holding(EQ, h.rows)]);
        const book = run.holdings[0].book;
        expect(book.opened - book.closed).toBe(quanta(h.held));
        expect(book.units).toBe(quanta(h.held));
        expect(run.closed.every((p) => !p.lot.unseen)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('money: the lots sold carry exactly the proceeds, and the lots sold and held exactly the cost (stamp duty included)', () => {
    fc.assert(
      fc.property(fc.array(op, { minLength: 1, maxLength: 60 }), (ops) => {
        const h = history(ops);
        const run = runLots([holding(EQ, h.rows)]);
        const proceeds = run.closed.reduce((t, p) => t + p.proceeds!, 0n);
        const costSold = run.closed.reduce((t, p) => t + p.lot.cost!, 0n);
        const costHeld = run.holdings[0].book.open.reduce((t, l) => t + l.cost!, 0n);
        expect(proceeds).toBe(BigInt(h.sold));
        expect(costSold + costHeld).toBe(BigInt(h.bought));
      }),
      { numRuns: 200 },
    );
  });

  it('gains: over every year, realised gains = sale values − costs, to the paisa', () => {
    fc.assert(
      fc.property(fc.array(op, { minLength: 1, maxLength: 40 }), (ops) => {
        const h = history(ops);
        const years = new Set(h.rows.map((r) => (r.date.slice(5) >= '04-01' ? Number(r.date.slice(0, 4)) : Number(r.date.slice(0, 4)) - 1)));
        let gains = 0;
        let values = 0;
        let costs = 0;
        for (const start of years) {
          const fy = `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
          const result = computeGains({ holdings: [holding(EQ, h.rows)] }, { fy, fmv: () => null });
          for (const lot of result.realised.lots) {
            gains += paise(lot.gain);
            values += paise(lot.sale_value);
            costs += paise(lot.cost_of_acquisition);
          }
          const totals = result.realised.by_tax_class.find((c) => c.tax_class === 'equity_oriented')!;
          const lotsGain = result.realised.lots.reduce((t, l) => t + paise(l.gain), 0);
          expect(paise(totals.short_term.gain) + paise(totals.long_term.gain)).toBe(lotsGain);
        }
        expect(values).toBe(h.sold);
        expect(gains).toBe(values - costs);
      }),
      { numRuns: 100 },
    );
  });
});

const kinds = ['purchase', 'sip_purchase', 'idcw_reinvestment', 'bonus', 'switch_in', 'redemption', 'swp', 'switch_out', 'stp_out'] as const;
const opening = fc.integer({ min: 0, max: 3_000_000 });
const mixed = fc.record({ gap: fc.integer({ min: 0, max: 90 }), kind: fc.constantFrom(...kinds), units: fc.integer({ min: 1, max: 4_000_000 }), price: fc.integer({ min: 1_000, max: 50_000 }) });

describe('lots engine properties with every kind of row and an opening balance it cannot see', () => {
  it('units are conserved, unseen units are sold first with a null gain, and known gains = sale values − costs', () => {
    fc.assert(
      fc.property(opening, fc.array(mixed, { minLength: 1, maxLength: 50 }), (open, ops) => {
        let date = 0;
        let held = open;
        let unseenLeft = open;
        let unseenSold = 0;
        const rows = [];
        for (const o of ops) {
          date += o.gap;
          const out = ['redemption', 'swp', 'switch_out', 'stp_out'].includes(o.kind);
          const units = out ? Math.min(o.units, held) : o.units;
          if (units === 0) continue;
          const amount = o.kind === 'bonus' ? null : Math.round((units * o.price) / 1000) / 100;
          rows.push(tx(day(date), o.kind, (out ? -units : units) / 1000, amount));
          held += out ? -units : units;
          if (out) {
            const fromUnseen = Math.min(unseenLeft, units);
            unseenLeft -= fromUnseen;
            unseenSold += fromUnseen;
          }
        }
        const run = runLots([holding(EQ, rows, { opening_units: open / 1000 })]);
        const book = run.holdings[0].book;
        expect(book.opened - book.closed).toBe(quanta(held));
        expect(book.units).toBe(quanta(held));
        expect(book.unseenUnits).toBe(quanta(unseenLeft));
        const unseen = run.closed.filter((p) => p.lot.unseen);
        expect(unseen.reduce((t, p) => t + p.lot.units!, 0n)).toBe(quanta(unseenSold));
        expect(unseen.every((p) => p.lot.cost === null && p.lot.acquired === null)).toBe(true);
        const years = new Set(rows.map((r) => (r.date.slice(5) >= '04-01' ? Number(r.date.slice(0, 4)) : Number(r.date.slice(0, 4)) - 1)));
        for (const start of years) {
          const fy = `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
          const result = computeGains({ holdings: [holding(EQ, rows, { opening_units: open / 1000 })] }, { fy, fmv: () => null });
          for (const lot of result.realised.lots) {
            if (lot.purchase_date === null) expect(lot.gain).toBeNull();
            else expect(paise(lot.gain)).toBe(paise(lot.sale_value) - paise(lot.cost_of_acquisition));
          }
        }
      }),
      { numRuns: 150 },
    );
  });
});
