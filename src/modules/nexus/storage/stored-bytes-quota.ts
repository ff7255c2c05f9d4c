import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { QuotasService } from '../../quotas/index.js';
import { DocumentsRepository } from '../documents.repository.js';

/**
 * The stored-bytes quotas over everything a user makes the service keep: originals, stored layouts,
 * exports and reports (`DocumentsRepository.storedBytes` sums them from their rows).
 */
@Injectable()
export class StoredBytesQuota {
  constructor(
    private readonly quotas: QuotasService,
    private readonly docs: DocumentsRepository,
  ) {}

  /** Inside the transaction that records a file of `sizeBytes` for `ownerId`: takes the tenant's lock and refuses one that does not fit (429 QUOTA_EXCEEDED). */
  hold(manager: EntityManager, tenantId: string, ownerId: string, sizeBytes: number): Promise<void> {
    return this.quotas.holdStorage(manager, tenantId, sizeBytes, (locked) => this.docs.storedBytes(tenantId, ownerId, locked));
  }

  /** Refuses a request for a file to be made later (a queued report) when the user or the tenant has no room left at all. */
  async assertRoom(tenantId: string, userId: string): Promise<void> {
    this.quotas.assertStorageFits(await this.docs.storedBytes(tenantId, userId), 1);
  }
}
