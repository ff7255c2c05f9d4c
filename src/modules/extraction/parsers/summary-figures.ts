/**
 * A summary row's figures: units, NAV, market value and cost. Each is read from the column its
 * label names (`tables/`), never from its position. A figure whose column is not labelled (a label
 * the vocabulary does not know, or no header at all) is told apart by the print's conventions and
 * arithmetic: units with 3 decimals × a NAV with 4 = a value with 2, the other amount being the
 * cost. When no single reading fits, the figure stays null (the validator flags it): nothing is
 * guessed.
 */
import { parseNumber } from '../numbers.js';

export interface Figures {
  units: number | null;
  nav: number | null;
  value: number | null;
  cost: number | null;
}

/** A printed number with its text (the decimals it was printed with). */
export interface PrintedNumber {
  text: string;
  value: number;
}

export const noFigures = (): Figures => ({ units: null, nav: null, value: null, cost: null });

export function printedNumber(text: string | undefined): PrintedNumber | null {
  if (text === undefined) return null;
  const value = parseNumber(text);
  return value === null ? null : { text, value };
}

const decimalsOf = (text: string): number => /\.(\d+)\D*$/.exec(text)?.[1].length ?? 0;

/** Whether units × NAV gives the value within the rounding of the three as printed. */
function productHolds(units: PrintedNumber, nav: PrintedNumber, value: PrintedNumber): boolean {
  const half = (text: string): number => 0.5 * 10 ** -decimalsOf(text);
  const tolerance = half(value.text) + Math.abs(units.value) * half(nav.text) + Math.abs(nav.value) * half(units.text) + 1e-9;
  return Math.abs(units.value * nav.value - value.value) <= tolerance;
}

/**
 * The figures of a row whose labelled columns gave `labelled`, completed from the `unlabelled`
 * numbers by convention and arithmetic. Every reading of the unlabelled numbers into the missing
 * figures is tried (units 3 decimals, NAV 4, money 2); it is taken only when exactly one makes
 * units × NAV = value. An amount left over is the cost when the cost is missing.
 */
export function completeFigures(labelled: Figures, labelledText: Partial<Record<keyof Figures, string>>, unlabelled: PrintedNumber[]): Figures {
  const out = { ...labelled };
  const missing = (['units', 'nav', 'value'] as const).filter((k) => out[k] === null);
  if (!missing.length || !unlabelled.length) return out;
  const known = (k: 'units' | 'nav' | 'value'): PrintedNumber | null => (out[k] === null ? null : { text: labelledText[k] ?? String(out[k]), value: out[k] });
  const fits = (k: 'units' | 'nav' | 'value', n: PrintedNumber): boolean => (k === 'units' ? decimalsOf(n.text) === 3 : k === 'nav' ? decimalsOf(n.text) === 4 : decimalsOf(n.text) <= 2);
  const readings: Array<Map<'units' | 'nav' | 'value', PrintedNumber>> = [];
  const assign = (i: number, used: Set<PrintedNumber>, chosen: Map<'units' | 'nav' | 'value', PrintedNumber>): void => {
    if (i === missing.length) {
      const [u, n, v] = (['units', 'nav', 'value'] as const).map((k) => chosen.get(k) ?? known(k));
      if (u && n && v && productHolds(u, n, v)) readings.push(new Map(chosen));
      return;
    }
    for (const candidate of unlabelled) {
      if (used.has(candidate) || !fits(missing[i], candidate)) continue;
      used.add(candidate);
      chosen.set(missing[i], candidate);
      assign(i + 1, used, chosen);
      chosen.delete(missing[i]);
      used.delete(candidate);
    }
  };
  assign(0, new Set(), new Map());
  // One reading, or several that agree (a folio redeemed to nothing prints 0.00 twice).
  const distinct = new Set(readings.map((r) => missing.map((k) => r.get(k)!.value).join('|')));
  if (distinct.size !== 1) return out;
  const reading = readings[0];
  for (const k of missing) out[k] = reading.get(k)!.value;
  if (out.cost === null) {
    const used = new Set(reading.values());
    const left = unlabelled.filter((n) => !used.has(n) && decimalsOf(n.text) === 2);
    if (left.length === 1) out.cost = left[0].value;
  }
  return out;
}
