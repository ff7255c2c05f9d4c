import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { zipSync } from 'fflate';
import { readZipEntries, type ZipLimits } from '../../../src/modules/nexus/batch/zip-entries.js';
import { zipBomb } from '../../support/zip-bomb.js';

const LIMITS: ZipLimits = { maxEntries: 5, maxEntryBytes: 64 * 1024, maxTotalBytes: 128 * 1024 };
const pdf = (text: string) => new TextEncoder().encode(`%PDF-1.7\n${text}\n%%EOF\n`);

describe('readZipEntries: a ZIP read entry by entry within its limits', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'zip-entries-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const zipFile = (files: Record<string, Uint8Array>, level: 0 | 9 = 9) => {
    const path = join(dir, 'in.zip');
    writeFileSync(path, zipSync(Object.fromEntries(Object.entries(files).map(([k, v]) => [k, [v, { level }]]))));
    return path;
  };
  const out = () => join(dir, 'out');
  const written = () => readdirSync(out());

  it('writes each entry (stored or deflated) to its own file with its size, hash and first bytes, skipping directories and __MACOSX', async () => {
    for (const level of [0, 9] as const) {
      const entries = await readZipEntries(zipFile({ 'q3/a.pdf': pdf('a'), 'b.pdf': pdf('bb'), '__MACOSX/._a.pdf': pdf('x') }, level), out(), LIMITS);
      expect(entries.map((e) => e.name)).toEqual(['q3/a.pdf', 'b.pdf']);
      for (const e of entries) {
        if (e.nested) throw new Error('not nested');
        expect(readFileSync(e.file.path)).toEqual(Buffer.from(pdf(e.name === 'b.pdf' ? 'bb' : 'a')));
        expect(e.file.head.subarray(0, 5).toString()).toBe('%PDF-');
        expect(e.file.sha256).toMatch(/^[0-9a-f]{64}$/);
      }
    }
  });

  it.each([
    { case: 'an entry that inflates past the per-entry limit', files: { 'bomb.pdf': new Uint8Array(10 * 1024 * 1024) }, code: 'ZIP_ENTRY_TOO_LARGE' },
    { case: 'entries that together inflate past the total limit', files: { 'a.pdf': new Uint8Array(60 * 1024), 'b.pdf': new Uint8Array(60 * 1024), 'c.pdf': new Uint8Array(60 * 1024) }, code: 'ZIP_TOO_LARGE' },
    { case: 'more entries than allowed', files: Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`${i}.pdf`, pdf(String(i))])), code: 'ZIP_TOO_MANY_ENTRIES' },
  ])('refuses $case with $code and leaves no file behind', async ({ files, code }) => {
    await expect(readZipEntries(zipFile(files), out(), LIMITS)).rejects.toMatchObject({ code });
    expect(written()).toEqual([]);
  });

  it.each([
    { case: 'declaring its real size', declared: 256 * 1024 * 1024 },
    { case: 'declaring a small size', declared: 1000 },
  ])('stops inflating a bomb ($case) at the limit: 256 MiB of zeros are refused without being inflated', async ({ declared }) => {
    const path = join(dir, 'bomb.zip');
    writeFileSync(path, zipBomb(256 * 1024 * 1024, 'statement.pdf', declared));
    await expect(readZipEntries(path, out(), LIMITS)).rejects.toMatchObject({ code: 'ZIP_ENTRY_TOO_LARGE' });
    expect(written()).toEqual([]);
  });

  it('does not open an archive inside the archive: it is answered as nested, unwritten', async () => {
    const inner = zipSync({ 'inner.pdf': pdf('inner') });
    const entries = await readZipEntries(zipFile({ 'a.pdf': pdf('a'), 'more.pdf': inner }), out(), LIMITS);
    expect(entries.map((e) => ({ name: e.name, nested: e.nested }))).toEqual([
      { name: 'a.pdf', nested: false },
      { name: 'more.pdf', nested: true },
    ]);
    expect(written()).toHaveLength(1);
  });

  it.each([
    { case: 'bytes that are not a ZIP', bytes: Buffer.from('%PDF-1.7 not a zip') },
    { case: 'a ZIP cut short', bytes: Buffer.from(zipSync({ 'a.pdf': new Uint8Array(50_000).fill(7) }, { level: 0 })).subarray(0, 20_000) },
  ])('answers ZIP_INVALID for $case', async ({ bytes }) => {
    const path = join(dir, 'bad.zip');
    writeFileSync(path, bytes);
    await expect(readZipEntries(path, out(), LIMITS)).rejects.toMatchObject({ code: 'ZIP_INVALID' });
  });
});
