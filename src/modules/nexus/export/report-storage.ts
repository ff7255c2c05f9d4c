import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';

/**
 * Where produced report files live, beside the original documents. Keys are made by Foliodesk
 * (`<tenant>/reports/<report uuid>.<ext>`), never from client input. Local disk is the default;
 * an S3-compatible store can implement the same class.
 */
export abstract class ReportStorage {
  abstract write(key: string, body: Buffer): Promise<void>;
  /** The stored bytes; rejects with code ENOENT when there are none. */
  abstract read(key: string): Promise<Buffer>;
  abstract remove(key: string): Promise<void>;
}

const SAFE_KEY = /^[A-Za-z0-9_-]+\/reports\/[0-9a-f-]{36}\.(?:csv|xlsx|json)$/;

export const reportStorageKey = (tenantId: string, reportId: string, extension: string) => `${tenantId}/reports/${reportId}.${extension}`;

export class LocalDiskReportStorage extends ReportStorage {
  private readonly root: string;

  constructor(root: string) {
    super();
    this.root = resolve(root);
  }

  private path(key: string): string {
    if (!SAFE_KEY.test(key)) throw new Error(`unsafe report storage key: ${key}`);
    const path = resolve(this.root, key);
    if (!path.startsWith(this.root + sep)) throw new Error(`report storage key escapes the store: ${key}`);
    return path;
  }

  /** Written to a temporary name and renamed, so a reader never sees half a file. */
  async write(key: string, body: Buffer): Promise<void> {
    const target = this.path(key);
    await mkdir(dirname(target), { recursive: true });
    const temp = `${target}.${randomUUID()}.part`;
    try {
      await writeFile(temp, body, { flag: 'wx' });
      await rename(temp, target);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  read(key: string): Promise<Buffer> {
    return readFile(this.path(key));
  }

  async remove(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }
}
