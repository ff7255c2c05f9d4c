// Where a .cpuprofile's time goes: self time by package (or src/ file) and the heaviest functions.
// Run: `node bench/cpu-profile-summary.mjs <file.cpuprofile> [top]`.
import { readFileSync } from 'node:fs';

export function summarize(profile, top = 25) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  const dt = profile.timeDeltas;
  for (let i = 0; i < profile.samples.length; i++) self.set(profile.samples[i], (self.get(profile.samples[i]) ?? 0) + (dt[i] ?? 0));
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const where = (url) => {
    if (!url) return '(native / V8)';
    const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
    if (pkg) return pkg[1];
    const own = /\/(dist(?:-bench)?\/.*)$/.exec(url);
    if (own) return own[1];
    return url.startsWith('node:') ? 'node core' : url;
  };
  const byWhere = new Map();
  const byFn = new Map();
  for (const [id, us] of self) {
    const { callFrame } = byId.get(id);
    const w = callFrame.functionName === '(idle)' || callFrame.functionName === '(program)' || callFrame.functionName === '(garbage collector)' ? callFrame.functionName : where(callFrame.url);
    byWhere.set(w, (byWhere.get(w) ?? 0) + us);
    const fn = `${callFrame.functionName || '(anonymous)'} ${where(callFrame.url)}:${callFrame.lineNumber + 1}`;
    byFn.set(fn, (byFn.get(fn) ?? 0) + us);
  }
  const fmt = (m) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([k, us]) => `${((us / total) * 100).toFixed(1).padStart(5)}%  ${(us / 1000).toFixed(0).padStart(6)} ms  ${k}`)
      .join('\n');
  return `total ${(total / 1000).toFixed(0)} ms sampled\n-- self time by package / file --\n${fmt(byWhere)}\n-- heaviest functions (self) --\n${fmt(byFn)}`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(summarize(JSON.parse(readFileSync(process.argv[2], 'utf8')), Number(process.argv[3] ?? 25)));
}
