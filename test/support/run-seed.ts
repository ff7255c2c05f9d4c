// The base seed of a randomised property test.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';

let trees: string | null | undefined;

/**
 * `override` (a FOLIODESK_*_BASE variable) when set; else a seed derived from the checked-out code and
 * tests (their git trees) and `name`: the same commit always draws the same statements, so what a CI
 * run met a rerun of that commit meets again, while every change to the code or the tests draws
 * others. Random outside a git checkout.
 */
export function runSeed(name: string, override?: string): number {
  if (override !== undefined && override !== '') return Number(override);
  if (trees === undefined) {
    try {
      trees = execFileSync('git', ['rev-parse', 'HEAD:src', 'HEAD:test'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    } catch {
      trees = null;
    }
  }
  if (trees === null) return Math.floor(Math.random() * 1_000_000);
  return parseInt(createHash('sha256').update(`${trees}\n${name}`).digest('hex').slice(0, 8), 16) % 1_000_000;
}
