import { incomingDir } from './incoming.js';
import { HashingDiskEngine } from './hashing-disk.engine.js';
/**
 * The multer options of every route that receives a statement (nexus and chat uploads): streamed
 * into the process's directory for uploads being received (incomingDir) while hashed, size-limited.
 */
export function pdfUploadOptions(config) {
    return {
        storage: new HashingDiskEngine(incomingDir(config.storage.dir)),
        limits: { fileSize: config.storage.maxUploadBytes, files: 1, fields: 20, fieldSize: 64 * 1024 },
    };
}
/**
 * The multer options of the batch upload: up to BATCH_MAX_FILES files (more answer 413
 * BATCH_TOO_MANY_FILES), each at most the larger of MAX_UPLOAD_BYTES and BATCH_ZIP_MAX_BYTES (the
 * service then holds a PDF to MAX_UPLOAD_BYTES and a ZIP to BATCH_ZIP_MAX_BYTES).
 */
export function batchUploadOptions(config) {
    return {
        storage: new HashingDiskEngine(incomingDir(config.storage.dir)),
        limits: { fileSize: Math.max(config.storage.maxUploadBytes, config.batch.zipMaxBytes), files: config.batch.maxFiles, fields: 20, fieldSize: 64 * 1024 },
    };
}
//# sourceMappingURL=upload-options.js.map