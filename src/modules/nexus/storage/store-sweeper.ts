import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from 'pino';
import { AppConfig } from '../../../config/app-config.js';
import { LOGGER } from '../../../common/logging/logging.module.js';
import { DocumentsRepository } from '../documents.repository.js';
import { DocumentStorage } from './document-storage.js';

/** Keys the upload makes: `<tenant id>/<document uuid>.pdf`. Anything else in the store is left alone. */
const DOCUMENT_KEY = /^(ten_[0-9a-f]{24})\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.pdf$/;
/** Documents looked up in PostgreSQL per statement. */
const BATCH = 500;

export interface SweepResult {
  /** Stored originals without a document row, removed. */
  orphans: number;
  /** Partial uploads in the incoming directory, removed. */
  incoming: number;
}

/**
 * Removes what an upload leaves behind when its process dies at the wrong moment: a stored original
 * whose document row was never written (the process died between storing the file and writing the
 * row, or before its background check could tell; see DocumentsService.record), and partial uploads
 * in the incoming directory. Only files last written more than STORE_SWEEP_GRACE_MS ago (1 h by
 * default; at least 10 min, past any upload's own cleanup) are considered, so an upload under way is
 * never touched. A file is removed only once PostgreSQL has answered that its tenant has no such
 * document; when it cannot be asked, the sweep stops and removes nothing more. Runs every
 * STORE_SWEEP_INTERVAL_MS in processes with workers; several processes sweeping at once is harmless.
 */
@Injectable()
export class StoreSweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer: NodeJS.Timeout | null = null;
  private running = false;

  constructor(
    private readonly config: AppConfig,
    private readonly storage: DocumentStorage,
    private readonly docs: DocumentsRepository,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap() {
    this.timer = setInterval(() => void this.sweep().catch((error: unknown) => this.logger.warn({ err: error }, 'store sweep failed; will retry')), this.config.storage.sweepIntervalMs);
    this.timer.unref();
  }

  onApplicationShutdown() {
    if (this.timer) clearInterval(this.timer);
  }

  /** One pass over the store; answers what it removed (nothing when a pass is already running). */
  async sweep(now = new Date()): Promise<SweepResult> {
    if (this.running) return { orphans: 0, incoming: 0 };
    this.running = true;
    try {
      const before = new Date(now.getTime() - this.config.storage.sweepGraceMs);
      const incoming = await this.storage.removeIncomingBefore(before);
      let orphans = 0;
      const pending = new Map<string, string[]>(); // tenant → document ids, in batches
      const settle = async (tenantId: string) => {
        const ids = pending.get(tenantId) ?? [];
        pending.delete(tenantId);
        const existing = await this.docs.existing(tenantId, ids);
        for (const id of ids.filter((i) => !existing.has(i))) {
          const key = `${tenantId}/${id}.pdf`;
          await this.storage.remove(key);
          this.logger.warn({ storageKey: key }, 'store sweep: removed a stored original that has no document row');
          orphans++;
        }
      };
      for await (const { key, modifiedAt } of this.storage.list()) {
        const match = DOCUMENT_KEY.exec(key);
        if (!match || modifiedAt >= before) continue;
        const [, tenantId, id] = match as unknown as [string, string, string];
        let ids = pending.get(tenantId);
        if (!ids) pending.set(tenantId, (ids = []));
        ids.push(id);
        if (ids.length >= BATCH) await settle(tenantId);
      }
      for (const tenantId of [...pending.keys()]) await settle(tenantId);
      if (orphans || incoming) this.logger.info({ orphans, incoming }, 'store sweep done');
      return { orphans, incoming };
    } finally {
      this.running = false;
    }
  }
}
