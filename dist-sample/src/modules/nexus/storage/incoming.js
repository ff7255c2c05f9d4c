import { opendir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
/**
 * Where a process receives uploads (and unpacks a batch's ZIP) before they are stored: a directory
 * of STORAGE_DIR of its own, with either driver (with `fs` on the store's filesystem, so a received
 * upload is renamed into the store). It is local to the process and need not be shared.
 */
export const incomingDir = (storageDir) => join(storageDir, '.incoming');
/** Removes files in the incoming directory last written before `before` (what a dying upload left); answers how many. */
export async function removeIncomingBefore(storageDir, before) {
    const dir = incomingDir(storageDir);
    let removed = 0;
    for await (const file of await opendirIfAny(dir)) {
        const path = join(dir, file.name);
        const info = await stat(path).catch(() => null);
        if (!file.isFile() || !info || info.mtime >= before)
            continue;
        await rm(path, { force: true });
        removed++;
    }
    return removed;
}
/** The entries of a directory; none when it does not exist (yet). */
export async function opendirIfAny(path) {
    try {
        return await opendir(path);
    }
    catch (error) {
        if (error.code === 'ENOENT')
            return (async function* () { })();
        throw error;
    }
}
//# sourceMappingURL=incoming.js.map