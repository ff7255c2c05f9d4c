import { createHash, randomUUID, type Hash } from 'node:crypto';
import { closeSync, createReadStream, mkdirSync, openSync, writeSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Unzip, UnzipInflate, UnzipPassThrough, type UnzipFile } from 'fflate';
import { AppException } from '../../../common/errors/app.exception.js';
import type { ReceivedFile } from '../storage/hashing-disk.engine.js';

export interface ZipLimits {
  maxEntries: number;
  /** Uncompressed bytes of one entry. */
  maxEntryBytes: number;
  /** Uncompressed bytes of all entries together. */
  maxTotalBytes: number;
}

/** A ZIP entry written out to a temporary file (`nested`: an archive, not opened and not written). */
export type ZipEntry = { name: string; nested: false; file: ReceivedFile } | { name: string; nested: true };

/** The compressed bytes handed to the inflater at a time: one push inflates to at most ~1,000× this. */
const READ_CHUNK_BYTES = 4096;
const HEAD_BYTES = 1024;
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

const isDirectory = (name: string) => name.endsWith('/') || name.endsWith('\\');
/** macOS archive metadata, not a statement. */
const isMetadata = (name: string) => name.startsWith('__MACOSX/');

class OpenEntry {
  readonly path: string;
  private readonly fd: number;
  private readonly hash: Hash = createHash('sha256');
  size = 0;
  head = Buffer.alloc(0);

  constructor(dir: string) {
    this.path = join(dir, `${randomUUID()}.part`);
    this.fd = openSync(this.path, 'wx', 0o600);
  }

  write(chunk: Uint8Array): void {
    this.hash.update(chunk);
    this.size += chunk.length;
    if (this.head.length < HEAD_BYTES) this.head = Buffer.concat([this.head, chunk.subarray(0, HEAD_BYTES - this.head.length)]);
    for (let at = 0; at < chunk.length; ) at += writeSync(this.fd, chunk, at);
  }

  close(): ReceivedFile {
    closeSync(this.fd);
    return { path: this.path, size: this.size, sha256: this.hash.digest('hex'), head: this.head };
  }

  discard(): void {
    try {
      closeSync(this.fd);
    } catch {
      // already closed
    }
  }
}

/**
 * Reads a ZIP archive from disk entry by entry with fflate's streaming inflater, writing each entry to
 * a temporary file in `dir` with a running byte count. Inflating stops at the first byte past a limit
 * (413 ZIP_ENTRY_TOO_LARGE, ZIP_TOO_LARGE; ZIP_TOO_MANY_ENTRIES at the entry past the count), so a
 * ZIP bomb costs at most the limits in disk and one inflated chunk in memory, never its claimed size.
 * An archive inside the archive (a ZIP by its first bytes) is not opened: it is answered as a nested
 * entry. Directories and `__MACOSX/` metadata are skipped. An unreadable archive answers 400 ZIP_INVALID.
 * On any refusal the entries written so far are removed.
 */
export async function readZipEntries(zipPath: string, dir: string, limits: ZipLimits): Promise<ZipEntry[]> {
  mkdirSync(dir, { recursive: true });
  const entries: ZipEntry[] = [];
  const open = new Set<OpenEntry>();
  let refusal: AppException | null = null;
  let total = 0;
  let counted = 0;

  const refuse = (error: AppException) => {
    refusal ??= error;
  };

  const unzip = new Unzip((file: UnzipFile) => {
    if (refusal || isDirectory(file.name) || isMetadata(file.name)) return;
    if (++counted > limits.maxEntries) return refuse(new AppException('ZIP_TOO_MANY_ENTRIES', `The ZIP has more than ${limits.maxEntries} entries (BATCH_MAX_FILES); nothing was stored`));
    if (file.originalSize !== undefined && file.originalSize > limits.maxEntryBytes) return refuse(entryTooLarge(file.name, limits));
    let entry: OpenEntry | null = null;
    let nested = false;
    file.ondata = (error, chunk, final) => {
      if (refusal || nested) return;
      if (error) return refuse(new AppException('ZIP_INVALID', `The ZIP entry "${printable(file.name)}" cannot be inflated`));
      if (!entry) {
        // The first bytes decide: an archive inside the archive is not opened, whatever its name.
        if (ZIP_MAGIC.every((b, i) => chunk[i] === b)) {
          nested = true;
          file.terminate();
          entries.push({ name: file.name, nested: true });
          return;
        }
        entry = new OpenEntry(dir);
        open.add(entry);
      }
      total += chunk.length;
      if (entry.size + chunk.length > limits.maxEntryBytes) {
        file.terminate();
        return refuse(entryTooLarge(file.name, limits));
      }
      if (total > limits.maxTotalBytes) {
        file.terminate();
        return refuse(new AppException('ZIP_TOO_LARGE', `The ZIP's entries inflate past ${limits.maxTotalBytes} bytes (BATCH_ZIP_MAX_TOTAL_BYTES); nothing was stored`));
      }
      entry.write(chunk);
      if (final) {
        open.delete(entry);
        entries.push({ name: file.name, nested: false, file: entry.close() });
      }
    };
    try {
      file.start();
    } catch {
      refuse(new AppException('ZIP_INVALID', `The ZIP entry "${printable(file.name)}" uses a compression method that is not supported (only stored and deflated entries are read)`));
    }
  });
  unzip.register(UnzipInflate);
  unzip.register(UnzipPassThrough);

  try {
    for await (const chunk of createReadStream(zipPath, { highWaterMark: READ_CHUNK_BYTES })) {
      unzip.push(chunk as Buffer);
      if (refusal) break;
    }
    if (!refusal) unzip.push(new Uint8Array(0), true);
  } catch {
    refuse(new AppException('ZIP_INVALID', 'The ZIP archive is damaged or not a ZIP archive'));
  }
  // An entry the archive ended inside of was cut short: the archive is damaged.
  if (!refusal && open.size > 0) refuse(new AppException('ZIP_INVALID', 'The ZIP archive ends inside an entry'));
  if (refusal) {
    for (const entry of open) entry.discard();
    await Promise.all([...[...open].map((e) => e.path), ...entries.flatMap((e) => (e.nested ? [] : [e.file.path]))].map((path) => rm(path, { force: true })));
    throw refusal;
  }
  if (entries.length === 0) throw new AppException('ZIP_INVALID', 'The ZIP archive holds no files');
  return entries;
}

const printable = (name: string) => name.replace(/[^\x20-\x7e]/g, '_').slice(0, 120);

const entryTooLarge = (name: string, limits: ZipLimits) =>
  new AppException('ZIP_ENTRY_TOO_LARGE', `The ZIP entry "${printable(name)}" inflates past ${limits.maxEntryBytes} bytes (BATCH_ZIP_MAX_ENTRY_BYTES); nothing was stored`);
