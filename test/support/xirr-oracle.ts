/**
 * The rate r at which Σ amount / (1 + r)^(days / 365) = 0, days counted from the earliest flow, found
 * by plain bisection over (-99 %, 1000 %): an independent check of the calculator's Newton solver.
 */
export function bisectXirr(flows: Array<{ date: string; amount: number }>): number {
  const t0 = Math.min(...flows.map((f) => Date.parse(f.date)));
  const npv = (r: number): number => flows.reduce((s, f) => s + f.amount / (1 + r) ** ((Date.parse(f.date) - t0) / 86_400_000 / 365), 0);
  let lo = -0.99;
  let hi = 10;
  for (let i = 0; i < 200; i++) {
    const mid = (lo + hi) / 2;
    if (Math.sign(npv(mid)) === Math.sign(npv(lo))) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}
