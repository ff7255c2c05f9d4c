import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sourceFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []));
}

describe('the pdfjs entry (src/modules/nexus/pdf/pdfjs.ts)', () => {
  // By identity: core-js makes its replacements print as "[native code]" too.
  it('leaves JSON.stringify, JSON.parse and Array.prototype.push as they were, and keeps what pdfjs adds', async () => {
    const before = { stringify: JSON.stringify, parse: JSON.parse, push: Array.prototype.push };
    const pdfjs = await import('../../../src/modules/nexus/pdf/pdfjs.js');
    expect(typeof pdfjs.getDocument).toBe('function');
    expect(JSON.stringify).toBe(before.stringify);
    expect(JSON.parse).toBe(before.parse);
    expect(Array.prototype.push).toBe(before.push);
    expect(Object.getOwnPropertyDescriptor(JSON, 'stringify')).toMatchObject({ writable: true, enumerable: false, configurable: true });
    expect(typeof (Promise as unknown as { withResolvers?: unknown }).withResolvers).toBe('function');
  });

  it('is the only module of the service that imports pdfjs-dist', () => {
    const root = join(process.cwd(), 'src');
    const direct = sourceFiles(root)
      .filter((f) => /from 'pdfjs-dist\/[^']*\.mjs'/.test(readFileSync(f, 'utf8')))
      .map((f) => f.slice(root.length + 1));
    expect(direct).toEqual(['modules/nexus/pdf/pdfjs.ts']);
  });
});
