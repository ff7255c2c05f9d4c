import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where original documents live. Keys are made by Foliodesk (`<tenant>/<doc uuid>.pdf`), never from a
 * client's file name. Local disk is the default; an S3-compatible store can implement the same class.
 */
export abstract class DocumentStorage {
  /** Moves a fully received temporary upload into the store under `key`. */
  abstract adopt(tempPath: string, key: string): Promise<void>;
  abstract read(key: string): Promise<Readable>;
  abstract remove(key: string): Promise<void>;
  /** A local path for the object (local disk only), for parsers that need a file. */
  abstract localPath(key: string): string;
  /** A directory for uploads being received. */
  abstract tempDir(): string;
}

const SAFE_KEY = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*\.pdf$/;

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
  }

  async read(key: string): Promise<Readable> {
    const path = this.localPath(key);
    await stat(path);
    return createReadStream(path);
  }

  async remove(key: string): Promise<void> {
    await rm(this.localPath(key), { force: true });
  }
}
