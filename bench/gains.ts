/**
 * Capital gains of a 10-year, 40-scheme history: the time `computeGains` takes for one financial
 * year over the whole history (every lot from the first SIP on), against a target of 200 ms.
 *
 * The history is generated (seeded): 40 schemes of the AMFI NAV file of 31 January 2018 (24 equity,
 * 8 income, 4 gold ETFs, 4 balanced), classed by `schemeTaxClass` from their category; from April
 * 2016 to March 2026, a monthly SIP in each (with its stamp-duty row from July 2020), a quarterly
 * partial redemption (with its STT row), a yearly switch from each income scheme into an equity one,
 * IDCW reinvestments, a bonus and a merger. The FMV of 31 January 2018 is the shipped file's, read
 * once before the timing (its load is reported apart).
 *
 * Wall time per computation (p50, p95) and the process's CPU time beside it: on a busy machine the
 * wall time includes waiting for a core, so the load average is printed too.
 *
 * Run: `npm run bench:gains`. BENCH_ITERATIONS (50), BENCH_WARMUP (5), BENCH_FY (2025-26).
 */
import { loadavg } from 'node:os';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { computeGains, findFmv2018File, loadFmv2018, schemeTaxClass, type GainsHolding, type GainsScheme } from '../src/modules/gains/index.js';
import { parseAmfiNav } from '../src/modules/nexus/index.js';
import { type TransactionType } from '../src/modules/extraction/index.js';

const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 50);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 5);
const FY = process.env.BENCH_FY ?? '2025-26';
const TARGET_MS = 200;

/** mulberry32: a small seeded generator, so every run measures the same history. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function schemes(path: string): GainsScheme[] {
  const file = parseAmfiNav(readFileSync(path, 'latin1'));
  const wanted: Array<[string, number]> = [
    ['Open Ended Schemes(Growth)', 24],
    ['Open Ended Schemes(Income)', 8],
    ['Open Ended Schemes(GOLD ETFs)', 4],
    ['Open Ended Schemes(Balanced)', 4],
  ];
  const seen = new Set<string>();
  const out: GainsScheme[] = [];
  for (const [category, count] of wanted) {
    const records = [...file.byIsin.values()].filter((r) => r.category === category && r.nav !== null && r.isin_growth && (/growth/i.test(r.scheme_name) || /ETF/.test(category)));
    for (const r of records) {
      if (out.filter((s) => s.category === category).length === count) break;
      if (seen.has(r.isin_growth!)) continue;
      seen.add(r.isin_growth!);
      const taxClass = schemeTaxClass({ category, assetClass: null, isin: r.isin_growth, schemeName: r.scheme_name });
      out.push({ isin: r.isin_growth!, scheme_name: r.scheme_name, category, tax_class: taxClass });
    }
  }
  if (out.length !== 40) throw new Error(`found ${out.length} schemes, not 40`);
  return out;
}

const iso = (y: number, m: number, d: number) => `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
const round = (v: number, places: number) => Math.round(v * 10 ** places) / 10 ** places;

const MERGED = 23;
const MERGED_INTO = 22;
/** September 2022. */
const MERGER_MONTH = 77;

function history(list: GainsScheme[]): GainsHolding[] {
  const rnd = random(20);
  const rows: Array<Array<GainsHolding['transactions'][number]>> = list.map(() => []);
  const navs = list.map(() => 10 + rnd() * 90);
  const held = list.map(() => 0);
  const push = (i: number, date: string, type: TransactionType, units: number, amount: number | null) =>
    rows[i].push({ date, type, description: type, units: round(units, 3), amount: amount === null ? null : round(amount, 2), nav: round(navs[i], 4), balance_units: null });
  for (let month = 0; month < 120; month++) {
    const y = 2016 + Math.floor((month + 3) / 12);
    const m = ((month + 3) % 12) + 1;
    list.forEach((s, i) => {
      navs[i] *= 1 + (rnd() - 0.45) * 0.06;
      if (i === MERGED && month > MERGER_MONTH) return;
      const date = iso(y, m, 5 + (i % 20));
      const amount = 1000 + Math.round(rnd() * 9) * 500;
      const stamp = date >= '2020-07-01' ? round(amount * 0.00005, 2) : 0;
      const units = round((amount - stamp) / navs[i], 3);
      push(i, date, 'sip_purchase', units, amount - stamp);
      if (stamp) push(i, date, 'stamp_duty', 0, stamp);
      held[i] = round(held[i] + units, 3);
      if (month % 3 === 2 && held[i] > 10) {
        const sell = round(held[i] * (0.05 + rnd() * 0.1), 3);
        const sellDate = iso(y, m, 26);
        push(i, sellDate, 'redemption', -sell, sell * navs[i]);
        if (s.tax_class.untilFy2025 === 'equity_oriented') push(i, sellDate, 'stt', 0, round(sell * navs[i] * 0.00001, 2));
        held[i] = round(held[i] - sell, 3);
      }
      if (month % 12 === 6 && i % 5 === 0) {
        const units = round(20 / navs[i], 3);
        push(i, iso(y, m, 27), 'idcw_reinvestment', units, 20);
        held[i] = round(held[i] + units, 3);
      }
    });
    // Each year an income scheme switches a part into an equity scheme.
    if (month % 12 === 9) {
      for (let k = 0; k < 8; k++) {
        const from = 24 + k;
        const to = k;
        if (held[from] < 10) continue;
        const units = round(held[from] * 0.2, 3);
        const value = units * navs[from];
        const date = iso(y, m, 28);
        push(from, date, 'switch_out', -units, value);
        held[from] = round(held[from] - units, 3);
        const inUnits = round(value / navs[to], 3);
        push(to, date, 'switch_in', inUnits, value);
        held[to] = round(held[to] + inUnits, 3);
      }
    }
    // One equity scheme merges into another (s.47(xviii)): all its units, at the ratio of the NAVs.
    if (month === MERGER_MONTH) {
      const date = iso(y, m, 28);
      const value = held[MERGED] * navs[MERGED];
      push(MERGED, date, 'merger', -held[MERGED], null);
      const inUnits = round(value / navs[MERGED_INTO], 3);
      push(MERGED_INTO, date, 'merger', inUnits, null);
      held[MERGED] = 0;
      held[MERGED_INTO] = round(held[MERGED_INTO] + inUnits, 3);
    }
  }
  // Bonus units in one scheme (cost nil, s.55(2)(aa)(iiia)).
  const bonus = round(held[3] * 0.1, 3);
  push(3, '2021-03-15', 'bonus', bonus, null);
  held[3] += bonus;
  rows.forEach((r) => r.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0)));
  return list.map((scheme, i) => ({
    position_id: `pos-${i}`,
    folio: `F${1000 + (i % 7)}`,
    account_id: null,
    investor_pan: 'ABCPE1234F',
    scheme,
    opening_units: 0,
    gaps: [],
    transactions: rows[i],
    valuation: { nav: round(navs[i], 4), date: '2026-03-31' },
  }));
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

const list = schemes(await findFmv2018File());
const holdings = history(list);
const rows = holdings.reduce((t, h) => t + h.transactions.length, 0);
let started = performance.now();
const fmv = await loadFmv2018();
fmv(list[0].isin);
const fmvLoadMs = performance.now() - started;

const loadBefore = loadavg();
for (let i = 0; i < WARMUP; i++) computeGains({ holdings }, { fy: FY, fmv });
const times: number[] = [];
const cpu: number[] = [];
let result = computeGains({ holdings }, { fy: FY, fmv });
for (let i = 0; i < ITERATIONS; i++) {
  const cpuBefore = process.cpuUsage();
  started = performance.now();
  result = computeGains({ holdings }, { fy: FY, fmv });
  times.push(performance.now() - started);
  const used = process.cpuUsage(cpuBefore);
  cpu.push((used.user + used.system) / 1000);
}
const loadAfter = loadavg();
times.sort((a, b) => a - b);
cpu.sort((a, b) => a - b);
const p50 = percentile(times, 50);
const report = {
  history: { schemes: holdings.length, years: 10, rows, fy: FY, realised_lots: result.realised.lots.length, unrealised_lots: result.unrealised.lots.length },
  fmv_file_load_ms: round(fmvLoadMs, 1),
  iterations: ITERATIONS,
  ms: { p50: round(p50, 1), p95: round(percentile(times, 95), 1), max: round(times.at(-1)!, 1), min: round(times[0], 1) },
  /** CPU time of the process per computation (user + system; the garbage collector's threads included). */
  cpu_ms: { p50: round(percentile(cpu, 50), 1), p95: round(percentile(cpu, 95), 1) },
  target_ms: TARGET_MS,
  meets_target: p50 < TARGET_MS,
  load_average: { before: loadBefore.map((v) => round(v, 2)), after: loadAfter.map((v) => round(v, 2)) },
  node: process.version,
};
console.log(JSON.stringify(report, null, 2));
