import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream, mkdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
const HEAD_BYTES = 1024;
/**
 * A multer storage engine that streams the upload to a temporary file while hashing it, so the body
 * is never held in memory; multer's `fileSize` limit aborts it (413) part-way.
 */
export class HashingDiskEngine {
    constructor(dir) {
        this.dir = dir;
    }
    _handleFile(_req, file, cb) {
        mkdirSync(this.dir, { recursive: true });
        const path = join(this.dir, `${randomUUID()}.part`);
        const hash = createHash('sha256');
        let size = 0;
        let head = Buffer.alloc(0);
        const meter = new Transform({
            transform(chunk, _enc, done) {
                hash.update(chunk);
                size += chunk.length;
                if (head.length < HEAD_BYTES)
                    head = Buffer.concat([head, chunk.subarray(0, HEAD_BYTES - head.length)]);
                done(null, chunk);
            },
        });
        // The part is piped in rather than made a member of the pipeline: on a write error (a full disk)
        // the pipeline would destroy the part with that error, multer would hear of it at once and answer
        // while the partial file still exists. So multer hears of it only through `cb`, once the partial
        // file is gone (and drains the rest of the request itself). The part's own errors (the client
        // went away) still end the pipeline.
        file.stream.once('error', (error) => meter.destroy(error));
        file.stream.pipe(meter);
        pipeline(meter, createWriteStream(path)).then(() => cb(null, { path, size, sha256: hash.digest('hex'), head }), async (error) => {
            await rm(path, { force: true });
            cb(error);
        });
    }
    _removeFile(_req, file, cb) {
        rm(file.path, { force: true }).then(() => cb(null), cb);
    }
}
//# sourceMappingURL=hashing-disk.engine.js.map