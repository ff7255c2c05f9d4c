import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { DocumentEntity } from './entities/document.entity.js';

/** The only place that reads and writes documents; every method is scoped by tenant. */
@Injectable()
export class DocumentsRepository {
  constructor(@InjectRepository(DocumentEntity) private readonly docs: Repository<DocumentEntity>) {}

  async insert(doc: Omit<DocumentEntity, 'createdAt' | 'updatedAt' | 'tenant' | 'owner'>): Promise<DocumentEntity> {
    await this.docs.insert(doc);
    return this.docs.findOneByOrFail({ id: doc.id });
  }

  listForOwner(tenantId: string, ownerId: string, skip: number, take: number): Promise<DocumentEntity[]> {
    return this.docs.find({ where: { tenantId, ownerId }, order: { createdAt: 'DESC', id: 'DESC' }, skip, take });
  }

  listForTenant(tenantId: string, skip: number, take: number): Promise<[DocumentEntity[], number]> {
    return this.docs.findAndCount({ where: { tenantId }, order: { createdAt: 'DESC', id: 'DESC' }, skip, take });
  }

  findByJob(tenantId: string, jobId: string): Promise<DocumentEntity | null> {
    return this.docs.findOneBy({ tenantId, jobId });
  }

  findById(tenantId: string, id: string): Promise<DocumentEntity | null> {
    return this.docs.findOneBy({ tenantId, id });
  }
}
