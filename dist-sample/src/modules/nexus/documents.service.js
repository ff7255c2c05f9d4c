var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var __metadata = (this && this.__metadata) || function (k, v) {
    if (typeof Reflect === "object" && typeof Reflect.metadata === "function") return Reflect.metadata(k, v);
};
var __param = (this && this.__param) || function (paramIndex, decorator) {
    return function (target, key) { decorator(target, key, paramIndex); }
};
import { randomUUID } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import { basename } from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import { roleAtLeast } from '../../common/auth/roles.js';
import { AppException, notFound } from '../../common/errors/app.exception.js';
import { withinDeadline } from '../../common/errors/dependency-errors.js';
import { AppConfig } from '../../config/app-config.js';
import { SecretBox } from '../../common/crypto/secret-box.js';
import { LOGGER } from '../../common/logging/logging.module.js';
import { ClientRegister } from '../clients/index.js';
import { QuotasService } from '../quotas/quotas.service.js';
import { StoredBytesQuota } from './storage/stored-bytes-quota.js';
import { DocumentsRepository } from './documents.repository.js';
import { toDocumentListItem, toTenantDocument } from './dto/document.dto.js';
import { PdfEngine, PdfReadError, pdfHttpError, requirePdfUpload } from '../pdf/index.js';
import { passwordHintFor } from './password-hint.js';
import { DocumentStorage, layoutKeyOf, originalKeyOf } from './storage/document-storage.js';
import { FairGate, throughGate } from '../../common/scheduling/fair-gate.js';
/**
 * A display name from the client's file name: its last path segment, printable (no control
 * characters, no bidirectional overrides that would show "evil\u202Efdp.exe" as "evilexe.pdf"), at
 * most 255 characters (whole characters: an emoji is not cut in half).
 */
export function displayFileName(original) {
    const base = basename((original ?? '').replace(/\\/g, '/'))
        .replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
        .trim();
    const name = base === '.' || base === '..' ? '' : base;
    return Array.from(name || 'document.pdf')
        .slice(0, 255)
        .join('');
}
/**
 * The document, if its original is still kept; 410 ORIGINAL_PURGED once the retention purge removed it
 * (RetentionPurge): the original, the layout drawn from it and a re-run all need the file.
 */
export function requireOriginal(doc) {
    if (doc.originalPurgedAt) {
        throw new AppException('ORIGINAL_PURGED', `The original was removed on ${doc.originalPurgedAt.toISOString()} under the tenant's retention period (retention_days); the extraction is kept`);
    }
    return doc;
}
/** A LAYOUT request renders within the time a client waits. */
const LAYOUT_TIMEOUT_MS = 30_000;
/** How long an upload whose INSERT failed waits to learn whether the row was written after all. */
const LOOKUP_WAIT_MS = 1000;
let DocumentsService = class DocumentsService {
    constructor(config, docs, storage, pdf, quotas, storedBytesQuota, clients, logger) {
        this.docs = docs;
        this.storage = storage;
        this.pdf = pdf;
        this.quotas = quotas;
        this.storedBytesQuota = storedBytesQuota;
        this.clients = clients;
        this.logger = logger;
        this.box = new SecretBox(config.crypto);
        this.maxLayoutBytes = config.storage.maxLayoutBytes;
        const engine = config.pdfEngine;
        this.reading = new FairGate({
            slots: Math.max(1, Math.floor(engine.queueLimit / 2)),
            perTenant: Math.max(1, Math.floor(engine.queuePerTenant / 2)),
            waitingPerTenant: 64,
            maxWaitMs: 120_000,
        });
    }
    /**
     * Validates a received upload by content, admits it under the caller's and the tenant's quotas
     * (429 QUOTA_EXCEEDED), stores the original and records the document. `prepare` runs once the
     * upload is admitted and before anything is stored (a chat upload reads the text there). An upload
     * that ends without a document is given back to the hour's quota, unless the PDF engine read the
     * file and refused it (422: damaged, hostile, a wrong password): that reading is the work the hour's
     * quota bounds. A busy engine (503), the stored-bytes quota or a failure of the service's own is
     * given back.
     */
    async upload(user, file, prepare, origin = 'nexus') {
        if (!file)
            throw new AppException('VALIDATION_ERROR', 'file is required (multipart/form-data field "file")');
        try {
            requirePdfUpload(file);
            const admission = await this.quotas.admitUpload(user, file.size, await this.docs.storedBytes(user.tenantId, user.userId));
            try {
                return await this.store(user, file, prepare, origin);
            }
            catch (error) {
                if (!(error instanceof AppException && error.getStatus() === 422))
                    await admission.release();
                throw error;
            }
        }
        finally {
            await rm(file.path, { force: true });
        }
    }
    async store(user, file, prepare, origin) {
        const inspection = await throughGate(this.reading, user.tenantId, 'uploads being read', async () => {
            await prepare?.();
            return this.inspect(user.tenantId, file.path);
        });
        const fileName = displayFileName(file.originalname);
        const id = randomUUID();
        const storageKey = originalKeyOf(user.tenantId, id);
        const passwordRequired = inspection.kind !== 'ok';
        // Stored under its final key before the row commits (see record): a row never names a missing object.
        await this.storage.put(storageKey, { file: file.path }, { size: file.size, sha256: file.sha256 });
        const doc = await this.record(storageKey, {
            id,
            jobId: randomUUID(),
            tenantId: user.tenantId,
            ownerId: user.userId,
            fileName,
            storageKey,
            sha256: file.sha256,
            sizeBytes: file.size,
            pages: inspection.kind === 'ok' ? inspection.pages : null,
            passwordRequired,
            passwordHint: passwordRequired ? passwordHintFor(fileName) : null,
            sealedPassword: null,
            layoutBytes: 0,
            layoutError: null,
            originalPurgedAt: null,
            origin,
            attachedAt: null,
            status: 'uploaded',
            classification: null,
            confidenceScore: null,
        });
        return { job_id: doc.jobId, doc_id: doc.id, status: 'uploaded', password_required: doc.passwordRequired, password_hint: doc.passwordHint };
    }
    /**
     * Writes the row of a stored original. If the write fails (PostgreSQL away), the stored file must
     * not outlive it: it is removed when the row was certainly not written (no connection could be
     * had, so the INSERT never reached PostgreSQL) or is found missing. A row whose acknowledgement
     * was lost is kept, with its file, and the upload succeeds. When PostgreSQL cannot be asked (it
     * died during this very INSERT), the file stays: the store sweep (StoreSweeper) removes it once it is
     * older than STORE_SWEEP_GRACE_MS and has no row, and a row without its file would be a broken document.
     */
    async record(storageKey, row) {
        try {
            return await this.docs.insert(row, (manager) => this.holdStorage(manager, row.tenantId, row.ownerId, row.sizeBytes));
        }
        catch (error) {
            // Asked at once, but not waited on for long: PostgreSQL may be hung (the INSERT met
            // DATABASE_QUERY_TIMEOUT_MS), and the store sweep settles what is left.
            const written = this.docs.mayHaveInserted(error)
                ? await withinDeadline(this.docs.lookup(row.tenantId, row.id), LOOKUP_WAIT_MS, 'PostgreSQL').catch(() => null)
                : false;
            if (written)
                return written;
            if (written === false)
                await this.storage.delete(storageKey);
            throw error;
        }
    }
    /** The stored-bytes quotas' check of `sizeBytes` more for the owner, under the tenant's lock in `manager`'s transaction. */
    holdStorage(manager, tenantId, ownerId, sizeBytes) {
        return this.storedBytesQuota.hold(manager, tenantId, ownerId, sizeBytes);
    }
    /** The tenant's stored bytes by kind and each of `userIds`' (the usage report's figures; users who keep nothing are absent). */
    storedBytes(tenantId, userIds) {
        return this.docs.storedBytesByUser(tenantId, userIds);
    }
    /** The caller's documents, newest first; with `clientId`, only those the client of the register appears in. */
    async listMine(user, limit, skip, clientId) {
        if (clientId === undefined)
            return (await this.docs.listForOwner(user.tenantId, user.userId, skip, limit)).map(toDocumentListItem);
        const ids = await this.clients.documentIdsOf(user.tenantId, clientId);
        return (await this.docs.listForTenant(user.tenantId, skip, limit, { ownerId: user.userId, ids }))[0].map(toDocumentListItem);
    }
    /** Offset pagination, like documents/me, in DESIGN.md's paginated shape; the answer echoes `skip` as well. */
    async listTenant(user, limit, skip, clientId) {
        const ids = clientId === undefined ? undefined : await this.clients.documentIdsOf(user.tenantId, clientId);
        const [rows, total] = await this.docs.listForTenant(user.tenantId, skip, limit, { ids });
        const page = Math.floor(skip / limit) + 1;
        return { items: rows.map(toTenantDocument), page, skip, limit, total, has_more: skip + rows.length < total };
    }
    /** The original bytes of a job's document, for its owner or an admin of the tenant. */
    async original(user, jobId) {
        const doc = requireOriginal(await this.visibleByJob(user, jobId));
        return { doc, stream: await this.storage.get(doc.storageKey) };
    }
    /**
     * The layout analysis of a job's document (a zip of annotated page images and the boxes), drawn by
     * the PDF engine the first time and stored beside the original, so that it is drawn once. The stored
     * zip counts in the owner's and the tenant's stored bytes: it is stored only if it fits (429
     * QUOTA_EXCEEDED otherwise) and is at most LAYOUT_MAX_BYTES (422 LAYOUT_TOO_LARGE). A layout the
     * document itself keeps from being drawn (unreadable, over the engine's limits, too large) is
     * answered the same way from then on, without drawing it again.
     */
    async layout(user, jobId) {
        const doc = requireOriginal(await this.visibleByJob(user, jobId));
        if (doc.passwordRequired && !doc.sealedPassword) {
            throw new AppException('PDF_PASSWORD_REQUIRED', 'The PDF is encrypted: start the pipeline with its password first');
        }
        if (doc.layoutError)
            throw new AppException(doc.layoutError.code, doc.layoutError.message);
        const password = doc.sealedPassword ? this.box.openOrNull('pdf-password', { id: doc.id, tenantId: doc.tenantId }, doc.sealedPassword, this.logger) : undefined;
        if (password === null)
            throw new AppException('PDF_PASSWORD_REQUIRED', 'The stored password of this PDF could not be decrypted: start the pipeline with its password again');
        const key = layoutKeyOf(doc.storageKey);
        // The row says whether a layout is stored (and counted); a file it does not count is drawn again.
        const stored = doc.layoutBytes > 0 ? await this.storage.getAll(key) : null;
        if (stored)
            return { doc, zip: stored };
        const zip = await this.drawLayout(doc, password);
        let written = false;
        try {
            await this.docs.recordLayout(doc.tenantId, doc.id, zip.length, (manager) => this.holdStorage(manager, doc.tenantId, doc.ownerId, zip.length), async () => {
                written = true;
                await this.storage.put(key, { bytes: zip }, { size: zip.length });
            });
        }
        catch (error) {
            if (written)
                await this.storage.delete(key).catch(() => undefined);
            throw error;
        }
        return { doc, zip };
    }
    /** Draws the layout; the document's own verdict (and a zip over LAYOUT_MAX_BYTES) is kept on its row and thrown. */
    async drawLayout(doc, password) {
        const data = new Uint8Array(await this.storage.getBytes(doc.storageKey));
        let verdict;
        try {
            const zip = await this.pdf.layout(doc.tenantId, data, password, { timeoutMs: LAYOUT_TIMEOUT_MS });
            if (zip.length <= this.maxLayoutBytes)
                return zip;
            verdict = new AppException('LAYOUT_TOO_LARGE', `The layout is ${zip.length} bytes, more than the ${this.maxLayoutBytes} bytes a layout may be (LAYOUT_MAX_BYTES)`);
        }
        catch (error) {
            const answer = pdfHttpError(error, { PDF_UNREADABLE: `The PDF cannot be rendered: ${error.message}` });
            // A busy or stopped engine is not the document's fault: drawn again on the next fetch.
            if (!(error instanceof PdfReadError) || !(answer instanceof AppException))
                throw answer;
            verdict = answer;
        }
        await this.docs.recordLayoutError(doc, { code: verdict.code, message: verdict.details });
        throw verdict;
    }
    /** The page count, or that the file needs a password; 422 for a damaged file, 503 PDF_ENGINE_BUSY when the engine is full. */
    async inspect(tenantId, path) {
        try {
            const { pages } = await this.pdf.inspect(tenantId, new Uint8Array(await readFile(path)));
            return { kind: 'ok', pages };
        }
        catch (error) {
            if (error instanceof PdfReadError && error.code !== 'PDF_UNREADABLE')
                return { kind: 'password_required' };
            throw pdfHttpError(error, { PDF_UNREADABLE: 'The PDF is damaged and cannot be read' });
        }
    }
    /** A document (by doc id) the caller may see, or null. */
    async visibleByIdOrNull(user, documentId) {
        const doc = await this.docs.findById(user.tenantId, documentId);
        return doc && (doc.ownerId === user.userId || roleAtLeast(user.role, 'admin')) ? doc : null;
    }
    /** A document the caller may see: their own, or any in the tenant for an admin; 404 otherwise. */
    async visibleByJob(user, jobId) {
        const doc = await this.docs.findByJob(user.tenantId, jobId);
        if (!doc || (doc.ownerId !== user.userId && !roleAtLeast(user.role, 'admin')))
            throw notFound('Document');
        return doc;
    }
};
DocumentsService = __decorate([
    Injectable(),
    __param(7, Inject(LOGGER)),
    __metadata("design:paramtypes", [AppConfig,
        DocumentsRepository,
        DocumentStorage,
        PdfEngine,
        QuotasService,
        StoredBytesQuota,
        ClientRegister, Object])
], DocumentsService);
export { DocumentsService };
//# sourceMappingURL=documents.service.js.map