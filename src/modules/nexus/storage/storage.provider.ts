import type { AppConfig } from '../../../config/app-config.js';
import type { DocumentStorage } from './document-storage.js';
import { LocalDiskStorage } from './local-disk-storage.js';
import { S3Storage } from './s3-storage.js';

/** The document store STORAGE_DRIVER names. */
export function createDocumentStorage(config: AppConfig): DocumentStorage {
  return config.storage.s3 ? new S3Storage(config.storage.s3) : new LocalDiskStorage(config.storage.dir);
}
