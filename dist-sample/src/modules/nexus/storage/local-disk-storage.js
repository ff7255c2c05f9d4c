import { randomUUID } from 'node:crypto';
import { constants, createReadStream, createWriteStream } from 'node:fs';
import { access, mkdir, rename, rm, stat, utimes } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { assertStorageKey, bodyStream, DocumentStorage, isStorageKey, StoredObjectMismatch, StoredObjectMissing, verifying } from './document-storage.js';
import { incomingDir, opendirIfAny } from './incoming.js';
/**
 * The `fs` driver: each object a file under STORAGE_DIR at its key (`<tenant>/<doc>.pdf`). A write goes
 * to a temporary file in the incoming directory (on the same filesystem) and is renamed into place, so
 * a reader never sees half a file; an upload already received there is renamed, not copied.
 */
export class LocalDiskStorage extends DocumentStorage {
    constructor(root) {
        super();
        this.driver = 'fs';
        this.root = resolve(root);
    }
    path(key) {
        const path = resolve(this.root, assertStorageKey(key));
        if (!path.startsWith(this.root + sep))
            throw new Error(`storage key escapes the store: ${key}`);
        return path;
    }
    async put(key, body, expected) {
        const target = this.path(key);
        await mkdir(dirname(target), { recursive: true });
        if ('file' in body) {
            // Received and hashed by the upload already: its size is checked, and it is moved, not copied.
            const { size } = await stat(body.file);
            if (size !== expected.size)
                throw new StoredObjectMismatch(`${key}: ${size} bytes, ${expected.size} expected`);
            try {
                await rename(body.file, target);
                // Stored now: the store sweep counts a file's age from here, not from its last received byte.
                const now = new Date();
                await utimes(target, now, now);
                return;
            }
            catch (error) {
                if (error.code !== 'EXDEV')
                    throw error;
            }
        }
        const source = bodyStream(body);
        const incoming = incomingDir(this.root);
        await mkdir(incoming, { recursive: true });
        const partial = join(incoming, `${randomUUID()}.partial`);
        try {
            await pipeline(source, verifying(key, expected), createWriteStream(partial, { flags: 'wx' }));
            await rename(partial, target);
        }
        catch (error) {
            await rm(partial, { force: true });
            throw error;
        }
    }
    async get(key) {
        const path = this.path(key);
        try {
            await stat(path);
        }
        catch (error) {
            if (error.code === 'ENOENT')
                throw new StoredObjectMissing(key);
            throw error;
        }
        return createReadStream(path);
    }
    async stat(key) {
        try {
            const info = await stat(this.path(key));
            return { key, size: info.size, modifiedAt: info.mtime };
        }
        catch (error) {
            if (error.code === 'ENOENT')
                return null;
            throw error;
        }
    }
    async delete(key) {
        await rm(this.path(key), { force: true });
    }
    async *list(prefix) {
        // Only the directory the prefix names (a tenant's) is walked; dot-directories (incoming) never.
        const slash = prefix.lastIndexOf('/');
        const start = slash < 0 ? this.root : resolve(this.root, prefix.slice(0, slash));
        if (start !== this.root && !start.startsWith(this.root + sep))
            return;
        yield* this.walk(start, prefix);
    }
    async *walk(dir, prefix) {
        for await (const entry of await opendirIfAny(dir)) {
            if (entry.name.startsWith('.'))
                continue;
            const path = join(dir, entry.name);
            if (entry.isDirectory()) {
                yield* this.walk(path, prefix);
                continue;
            }
            const key = relative(this.root, path).split(sep).join('/');
            if (!entry.isFile() || !key.startsWith(prefix) || !isStorageKey(key))
                continue;
            const info = await stat(path).catch(() => null);
            if (info)
                yield { key, size: info.size, modifiedAt: info.mtime };
        }
    }
    async check() {
        await mkdir(this.root, { recursive: true });
        await access(this.root, constants.W_OK);
    }
}
//# sourceMappingURL=local-disk-storage.js.map