import { LocalDiskStorage } from './local-disk-storage.js';
import { S3Storage } from './s3-storage.js';
/** The document store STORAGE_DRIVER names. */
export function createDocumentStorage(config) {
    return config.storage.s3 ? new S3Storage(config.storage.s3) : new LocalDiskStorage(config.storage.dir);
}
//# sourceMappingURL=storage.provider.js.map