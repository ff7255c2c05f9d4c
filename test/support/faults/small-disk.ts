import { mkdir, mkdtemp, open, readdir, rm, statfs } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { execFileAsync } from './util.js';

const FILLER = 'filler.bin';

/**
 * A small tmpfs mounted for the test (root, or CAP_SYS_ADMIN, is needed: the test fails saying so
 * rather than passing without it), to be the service's STORAGE_DIR and run out of space on demand.
 */
export class SmallDisk {
  private constructor(
    private readonly base: string,
    readonly dir: string,
  ) {}

  static async mount(sizeBytes: number): Promise<SmallDisk> {
    const base = await mkdtemp(join(tmpdir(), 'foliodesk-disk-'));
    const dir = join(base, 'storage');
    await mkdir(dir);
    try {
      await execFileAsync('mount', ['-t', 'tmpfs', '-o', `size=${sizeBytes},mode=0755`, 'tmpfs', dir]);
    } catch (error) {
      await rm(base, { recursive: true, force: true });
      const e = error as { stderr?: string; message: string };
      throw new Error(
        `faults-disk: cannot mount a ${sizeBytes}-byte tmpfs at ${dir} (the disk-full test needs root or CAP_SYS_ADMIN to mount one; ` +
          `it does not pass without it): ${(e.stderr ?? e.message).trim()}`,
      );
    }
    return new SmallDisk(base, dir);
  }

  async freeBytes(): Promise<number> {
    const s = await statfs(this.dir);
    return s.bavail * s.bsize;
  }

  /** Writes a filler file until only about `leaveBytes` are free (0: the disk is full). */
  async fill(leaveBytes: number): Promise<void> {
    const handle = await open(join(this.dir, FILLER), 'a');
    try {
      const chunk = Buffer.alloc(64 * 1024, 0x5a);
      for (;;) {
        const free = await this.freeBytes();
        if (free <= leaveBytes) return;
        try {
          await handle.write(chunk, 0, Math.min(chunk.length, free - leaveBytes));
        } catch (error) {
          if ((error as { code?: string }).code === 'ENOSPC') return;
          throw error;
        }
      }
    } finally {
      await handle.close();
    }
  }

  async free(): Promise<void> {
    await rm(join(this.dir, FILLER), { force: true });
  }

  /** Every file in the store except the filler, relative to it. */
  async files(): Promise<string[]> {
    const entries = await readdir(this.dir, { withFileTypes: true, recursive: true });
    return entries
      .filter((e) => e.isFile())
      .map((e) => relative(this.dir, join(e.parentPath, e.name)))
      .filter((f) => f !== FILLER)
      .sort();
  }

  /** Unmounts (lazily if still busy) and removes the mount point. */
  async unmount(): Promise<void> {
    await execFileAsync('umount', [this.dir]).catch(() => execFileAsync('umount', ['-l', this.dir]).catch(() => undefined));
    await rm(this.base, { recursive: true, force: true });
  }
}
