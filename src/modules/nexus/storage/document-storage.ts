import { randomUUID } from 'node:crypto';
import { createReadStream, type Dirent } from 'node:fs';
import { mkdir, opendir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where original documents live, and what is derived from them once (a document's rendered layout,
 * `<tenant>/<doc uuid>.layout.zip`). Keys are made by Foliodesk (`<tenant>/<doc uuid>.pdf`), never from a
 * client's file name. Local disk is the default; an S3-compatible store can implement the same class.
 */
export abstract class DocumentStorage {
  /** Moves a fully received temporary upload into the store under `key`. */
  abstract adopt(tempPath: string, key: string): Promise<void>;
  abstract read(key: string): Promise<Readable>;
  /** The whole object, or null when there is none. */
  abstract readAll(key: string): Promise<Buffer | null>;
  /** Stores `data` under `key` whole or not at all (a reader never sees half of it). */
  abstract write(key: string, data: Uint8Array): Promise<void>;
  abstract remove(key: string): Promise<void>;
  /** A local path for the object (local disk only), for parsers that need a file. */
  abstract localPath(key: string): string;
  /** A directory for uploads being received. */
  abstract tempDir(): string;
  /** Every stored object with when it was last written (for the store sweep; not in any order). */
  abstract list(): AsyncIterable<StoredObject>;
  /** Removes uploads still being received that were last written before `before`; answers how many. */
  abstract removeIncomingBefore(before: Date): Promise<number>;
}

export interface StoredObject {
  key: string;
  modifiedAt: Date;
}

const SAFE_KEY = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*\.(pdf|layout\.zip)$/;

/** Where a document's rendered layout is kept: beside its original, removed with it (StoreSweeper). */
export const layoutKeyOf = (storageKey: string) => storageKey.replace(/\.pdf$/, '.layout.zip');

export class LocalDiskStorage extends DocumentStorage {
  private readonly root: string;

  constructor(root: string) {
    super();
    this.root = resolve(root);
  }

  localPath(key: string): string {
    if (!SAFE_KEY.test(key)) throw new Error(`unsafe storage key: ${key}`);
    const path = resolve(this.root, key);
    if (!path.startsWith(this.root + sep)) throw new Error(`storage key escapes the store: ${key}`);
    return path;
  }

  tempDir(): string {
    return join(this.root, '.incoming');
  }

  async adopt(tempPath: string, key: string): Promise<void> {
    const target = this.localPath(key);
    await mkdir(dirname(target), { recursive: true });
    await rename(tempPath, target);
    // Stored now: the store sweep counts a file's age from here, not from its last received byte.
    const now = new Date();
    await utimes(target, now, now);
  }

  async read(key: string): Promise<Readable> {
    const path = this.localPath(key);
    await stat(path);
    return createReadStream(path);
  }

  async readAll(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.localPath(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async write(key: string, data: Uint8Array): Promise<void> {
    const target = this.localPath(key);
    const partial = join(this.tempDir(), `${randomUUID()}.partial`);
    await mkdir(this.tempDir(), { recursive: true });
    await writeFile(partial, data);
    await mkdir(dirname(target), { recursive: true });
    await rename(partial, target);
  }

  async remove(key: string): Promise<void> {
    await rm(this.localPath(key), { force: true });
  }

  async *list(): AsyncIterable<StoredObject> {
    for await (const dir of await opendirIfAny(this.root)) {
      if (!dir.isDirectory() || dir.name.startsWith('.')) continue;
      for await (const file of await opendirIfAny(join(this.root, dir.name))) {
        const key = `${dir.name}/${file.name}`;
        if (!file.isFile() || !SAFE_KEY.test(key)) continue;
        const info = await stat(join(this.root, key)).catch(() => null);
        if (info) yield { key, modifiedAt: info.mtime };
      }
    }
  }

  async removeIncomingBefore(before: Date): Promise<number> {
    let removed = 0;
    for await (const file of await opendirIfAny(this.tempDir())) {
      const path = join(this.tempDir(), file.name);
      const info = await stat(path).catch(() => null);
      if (!file.isFile() || !info || info.mtime >= before) continue;
      await rm(path, { force: true });
      removed++;
    }
    return removed;
  }
}

/** The entries of a directory; none when it does not exist (yet). */
async function opendirIfAny(path: string): Promise<AsyncIterable<Dirent>> {
  try {
    return await opendir(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return (async function* () {})();
    throw error;
  }
}
