import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sourceFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []));
}

describe('pdfjs stays in the PDF engine’s child processes', () => {
  // By identity: core-js (bundled by pdfjs' legacy build) makes its replacements print as "[native code]" too.
  it("leaves the service's JSON.stringify, JSON.parse and Array.prototype.push native: no module of the service loads pdfjs", async () => {
    const before = { stringify: JSON.stringify, parse: JSON.parse, push: Array.prototype.push };
    await import('../../../src/app.factory.js');
    expect(JSON.stringify).toBe(before.stringify);
    expect(JSON.parse).toBe(before.parse);
    expect(Array.prototype.push).toBe(before.push);
  });

  it('is imported by one module only, the reader the children run', () => {
    const root = join(process.cwd(), 'src');
    const direct = sourceFiles(root)
      .filter((f) => /from 'pdfjs-dist\/[^']*\.mjs'/.test(readFileSync(f, 'utf8')))
      .map((f) => f.slice(root.length + 1));
    expect(direct).toEqual(['modules/pdf/reader/pdfjs.ts']);
    const users = sourceFiles(root)
      .filter((f) => /from '\.\/pdfjs\.js'/.test(readFileSync(f, 'utf8')))
      .map((f) => f.slice(root.length + 1))
      .sort();
    expect(users.every((f) => f.startsWith('modules/pdf/reader/'))).toBe(true);
  });
});
