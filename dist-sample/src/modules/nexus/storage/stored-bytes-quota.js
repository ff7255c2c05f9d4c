var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var __metadata = (this && this.__metadata) || function (k, v) {
    if (typeof Reflect === "object" && typeof Reflect.metadata === "function") return Reflect.metadata(k, v);
};
import { Injectable } from '@nestjs/common';
import { QuotasService } from '../../quotas/index.js';
import { DocumentsRepository } from '../documents.repository.js';
/**
 * The stored-bytes quotas over everything a user makes the service keep: originals, stored layouts,
 * exports and reports (`DocumentsRepository.storedBytes` sums them from their rows).
 */
let StoredBytesQuota = class StoredBytesQuota {
    constructor(quotas, docs) {
        this.quotas = quotas;
        this.docs = docs;
    }
    /** Inside the transaction that records a file of `sizeBytes` for `ownerId`: takes the tenant's lock and refuses one that does not fit (429 QUOTA_EXCEEDED). */
    hold(manager, tenantId, ownerId, sizeBytes) {
        return this.quotas.holdStorage(manager, tenantId, sizeBytes, (locked) => this.docs.storedBytes(tenantId, ownerId, locked));
    }
    /** Refuses a request for a file to be made later (a queued report) when the user or the tenant has no room left at all. */
    async assertRoom(tenantId, userId) {
        this.quotas.assertStorageFits(await this.docs.storedBytes(tenantId, userId), 1);
    }
};
StoredBytesQuota = __decorate([
    Injectable(),
    __metadata("design:paramtypes", [QuotasService,
        DocumentsRepository])
], StoredBytesQuota);
export { StoredBytesQuota };
//# sourceMappingURL=stored-bytes-quota.js.map