import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';

// examples/statements is what a newcomer tries first (README, `npm run demo`): every file the
// manifest lists is there, and the passwords the READMEs print are the ones the manifest records.

const ROOT = new URL('../../../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, ROOT), 'utf8');

interface Sample {
  file: string;
  family: string;
  investor: { name: string; pan: string };
  password: string | null;
  holdings: number;
}
const { statements } = JSON.parse(read('examples/statements/statements.json')) as { statements: Sample[] };

describe('examples/statements', () => {
  it('holds a CAMS detailed CAS, a KFintech summary, an NSDL CAS and an encrypted statement', () => {
    expect(statements.map((s) => s.family).sort()).toEqual(['cams_detailed', 'cams_detailed', 'kfintech_summary', 'nsdl_cas']);
    expect(statements.filter((s) => s.password !== null)).toHaveLength(1);
  });

  it.each(statements.map((s) => [s.file, s] as const))('%s is a small PDF with holdings', (file, sample) => {
    const url = new URL(`examples/statements/${file}`, ROOT);
    expect(existsSync(url)).toBe(true);
    const pdf = readFileSync(url);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.length).toBeLessThan(64 * 1024);
    expect(sample.holdings).toBeGreaterThan(0);
  });

  it('documents each password and investor where the walk-through and the folder name them', () => {
    const folder = read('examples/statements/README.md');
    const readme = read('README.md');
    for (const sample of statements) {
      expect(folder).toContain(`\`${sample.file}\``);
      expect(folder).toContain(`${sample.investor.name} (${sample.investor.pan})`);
      if (sample.password) {
        expect(folder).toContain(`\`${sample.password}\``);
        expect(readme).toContain(`${sample.file} opens with ${sample.password}`);
      }
    }
    expect(readme).toContain(`clients?pan=${statements[0].investor.pan}`);
  });
});
