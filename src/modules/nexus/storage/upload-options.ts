import type { MulterModuleOptions } from '@nestjs/platform-express';
import type { AppConfig } from '../../../config/app-config.js';
import { LocalDiskStorage } from './document-storage.js';
import { HashingDiskEngine } from './hashing-disk.engine.js';

/**
 * The multer options of every route that receives a statement (nexus and chat uploads): streamed
 * into the document store's directory for uploads being received while hashed, size-limited.
 */
export function pdfUploadOptions(config: AppConfig): MulterModuleOptions {
  return {
    storage: new HashingDiskEngine(new LocalDiskStorage(config.storage.dir).tempDir()),
    limits: { fileSize: config.storage.maxUploadBytes, files: 1, fields: 20, fieldSize: 64 * 1024 },
  };
}
