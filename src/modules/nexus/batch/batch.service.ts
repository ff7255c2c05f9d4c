import { rm } from 'node:fs/promises';
import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import type { Principal } from '../../../common/auth/principal.js';
import { roleAtLeast } from '../../../common/auth/roles.js';
import { AppException } from '../../../common/errors/app.exception.js';
import { isPrefixedId, prefixedId } from '../../../common/ids.js';
import { LOGGER } from '../../../common/logging/logging.module.js';
import { AppConfig } from '../../../config/app-config.js';
import { ClientRegister } from '../../clients/index.js';
import { OperationsMetrics } from '../../metrics/operations-metrics.js';
import { uploadContentOf } from '../../pdf/index.js';
import { displayFileName, DocumentsService } from '../documents.service.js';
import type { ReceivedFile } from '../storage/hashing-disk.engine.js';
import { incomingDir } from '../storage/incoming.js';
import { BatchAdmission } from './batch-admission.js';
import { BatchRepository } from './batch.repository.js';
import { toBatchDto, type BatchDto } from './dto/batch.dto.js';
import { readZipEntries } from './zip-entries.js';

type Received = Express.Multer.File & ReceivedFile;

/** One file of a batch before it is recorded: its bytes on disk, or why it has none. */
type Item = { name: string; file: ReceivedFile } | { name: string; refusal: AppException };

/**
 * Batch uploads: many PDFs in one multipart request, or one ZIP of PDFs (read within the ZIP limits,
 * zip-entries.ts). Each file goes through the single upload's checks (content, size, quotas, the
 * file name, the PDF engine's inspection) and becomes a document, or is refused on its own; the
 * documents wait for BatchAdmission, which opens the encrypted ones with the register's passwords
 * and starts them a few at a time per tenant.
 */
@Injectable()
export class BatchService {
  constructor(
    private readonly config: AppConfig,
    private readonly repo: BatchRepository,
    private readonly documents: DocumentsService,
    private readonly register: ClientRegister,
    private readonly admission: BatchAdmission,
    private readonly metrics: OperationsMetrics,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async create(user: Principal, received: Received[], clientIdsField: string | undefined): Promise<BatchDto> {
    const items: Item[] = [];
    try {
      if (received.length === 0) throw new AppException('VALIDATION_ERROR', 'files is required: PDFs, or one ZIP of PDFs (multipart/form-data field "files")');
      const clientIds = await this.clientIds(user.tenantId, clientIdsField);
      const zips = received.filter((f) => f.size > 0 && uploadContentOf(f.head) === 'zip');
      if (zips.length > 0 && received.length > 1) throw new AppException('VALIDATION_ERROR', 'A ZIP must be the only file of its batch: send PDFs, or one ZIP of PDFs');
      const source = zips.length ? 'zip' : 'multipart';
      if (zips.length) items.push(...(await this.zipItems(zips[0])));
      else {
        if (received.length > this.config.batch.maxFiles) throw new AppException('BATCH_TOO_MANY_FILES', `A batch carries at most ${this.config.batch.maxFiles} files (BATCH_MAX_FILES)`);
        items.push(...received.map((f) => ({ name: f.originalname, file: f })));
      }
      const id = prefixedId('bat');
      await this.repo.insertBatch({ id, tenantId: user.tenantId, ownerId: user.userId, source, fileCount: items.length });
      this.metrics.batchCreated(source);
      for (const [position, item] of items.entries()) {
        const fileName = displayFileName(item.name);
        const clientId = clientIds.get(item.name) ?? clientIds.get(fileName) ?? null;
        const row = { batchId: id, tenantId: user.tenantId, position, fileName, clientId };
        const outcome = await this.store(user, item, fileName);
        await this.repo.insertFile(
          'documentId' in outcome
            ? { ...row, documentId: outcome.documentId, outcome: 'waiting', errorCode: null, errorMessage: null }
            : { ...row, documentId: null, outcome: 'refused', errorCode: outcome.refusal.code, errorMessage: outcome.refusal.details.slice(0, 500) },
        );
        this.metrics.batchFiles('documentId' in outcome ? 'waiting' : 'refused');
      }
      this.admission.admit(user.tenantId).catch((error: unknown) => this.logger.warn({ err: error, batchId: id }, 'batch admission failed; the sweep admits later'));
      return this.get(user, id);
    } finally {
      await Promise.all([...received.map((f) => f.path), ...items.flatMap((i) => ('file' in i ? [i.file.path] : []))].map((path) => rm(path, { force: true })));
    }
  }

  /** The batch with each file's status, for its owner or an admin of the tenant; 404 otherwise. */
  async get(user: Principal, id: string): Promise<BatchDto> {
    const batch = isPrefixedId(id, 'bat') ? await this.repo.findBatch(user.tenantId, id) : null;
    if (!batch || (batch.ownerId !== user.userId && !roleAtLeast(user.role, 'admin'))) throw new AppException('BATCH_NOT_FOUND', 'Batch not found');
    return toBatchDto(batch, await this.repo.files(user.tenantId, batch.id));
  }

  /** A document for the file, through the single upload's checks, or the refusal those answered. */
  private async store(user: Principal, item: Item, fileName: string): Promise<{ documentId: string } | { refusal: AppException }> {
    if ('refusal' in item) return item;
    if (item.file.size > this.config.storage.maxUploadBytes) {
      return { refusal: new AppException('PAYLOAD_TOO_LARGE', `${fileName} is ${item.file.size} bytes, more than MAX_UPLOAD_BYTES (${this.config.storage.maxUploadBytes})`) };
    }
    try {
      const result = await this.documents.upload(user, { ...item.file, originalname: item.name } as Received);
      return { documentId: result.doc_id };
    } catch (error) {
      // The file's own refusal (not a PDF, damaged, a quota, a busy engine) is the file's answer; the service's own failure ends the request.
      if (error instanceof AppException && error.getStatus() < 500) return { refusal: error };
      if (error instanceof AppException && error.code === 'PDF_ENGINE_BUSY') return { refusal: error };
      throw error;
    }
  }

  private async zipItems(zip: Received): Promise<Item[]> {
    const { zipMaxBytes, maxFiles, zipMaxEntryBytes, zipMaxTotalBytes } = this.config.batch;
    if (zip.size > zipMaxBytes) throw new AppException('PAYLOAD_TOO_LARGE', `The ZIP is ${zip.size} bytes, more than BATCH_ZIP_MAX_BYTES (${zipMaxBytes})`);
    const entries = await readZipEntries(zip.path, incomingDir(this.config.storage.dir), { maxEntries: maxFiles, maxEntryBytes: zipMaxEntryBytes, maxTotalBytes: zipMaxTotalBytes });
    return entries.map((e) =>
      e.nested
        ? { name: e.name, refusal: new AppException('ZIP_NESTED_ARCHIVE', 'An archive inside the ZIP is not opened: put its PDFs in the ZIP itself') }
        : { name: e.name, file: e.file },
    );
  }

  /** The `client_ids` field: a JSON object of file name → client of the tenant (404 CLIENT_NOT_FOUND otherwise). */
  private async clientIds(tenantId: string, field: string | undefined): Promise<Map<string, string>> {
    if (field === undefined || field === '') return new Map();
    let parsed: unknown;
    try {
      parsed = JSON.parse(field);
    } catch {
      throw new AppException('VALIDATION_ERROR', 'client_ids must be a JSON object of file name → client id');
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed) || !Object.values(parsed).every((v) => typeof v === 'string')) {
      throw new AppException('VALIDATION_ERROR', 'client_ids must be a JSON object of file name → client id');
    }
    const map = new Map(Object.entries(parsed as Record<string, string>));
    for (const clientId of new Set(map.values())) await this.register.requireClient(tenantId, clientId);
    return map;
  }
}
