import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, MoreThan, type EntityManager, type Repository } from 'typeorm';
import { offsetOf, type PageQueryDto } from '../../common/http/pagination.js';
import { InvitationEntity } from './entities/invitation.entity.js';

/** The only place that reads and writes invitations; every admin-facing method takes the tenant. */
@Injectable()
export class InvitationsRepository {
  constructor(@InjectRepository(InvitationEntity) private readonly invitations: Repository<InvitationEntity>) {}

  /** Revokes the tenant's pending invitation of this address, if any (it is being replaced). */
  async revokePendingFor(tenantId: string, email: string, manager: EntityManager): Promise<void> {
    await manager.getRepository(InvitationEntity).update({ tenantId, email, acceptedAt: IsNull(), revokedAt: IsNull() }, { revokedAt: () => 'now()' });
  }

  async insert(row: Omit<InvitationEntity, 'createdAt' | 'tenant' | 'acceptedAt' | 'revokedAt'>, manager: EntityManager): Promise<InvitationEntity> {
    const repo = manager.getRepository(InvitationEntity);
    await repo.insert({ ...row, acceptedAt: null, revokedAt: null });
    return repo.findOneByOrFail({ id: row.id });
  }

  /** The invitation this token opens while it is pending and unexpired; null otherwise. */
  findOpenByTokenHash(tokenHash: string): Promise<InvitationEntity | null> {
    return this.invitations.findOneBy({ tokenHash, acceptedAt: IsNull(), revokedAt: IsNull(), expiresAt: MoreThan(new Date()) });
  }

  /**
   * Marks the invitation accepted if it is still pending and unexpired, in one statement: of two
   * acceptances at once, exactly one gets true.
   */
  async claim(tenantId: string, id: string, manager: EntityManager): Promise<boolean> {
    const [rows]: [Array<{ id: string }>, number] = await manager.query(
      `UPDATE user_invitations SET accepted_at = now()
        WHERE tenant_id = $1 AND id = $2 AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at > now() RETURNING id`,
      [tenantId, id],
    );
    return rows.length === 1;
  }

  findInTenant(tenantId: string, id: string): Promise<InvitationEntity | null> {
    return this.invitations.findOneBy({ tenantId, id });
  }

  /** The tenant's pending, unexpired invitations, newest first. */
  listPending(tenantId: string, page: PageQueryDto): Promise<[InvitationEntity[], number]> {
    return this.invitations.findAndCount({
      where: { tenantId, acceptedAt: IsNull(), revokedAt: IsNull(), expiresAt: MoreThan(new Date()) },
      order: { createdAt: 'DESC', id: 'ASC' },
      skip: offsetOf(page),
      take: page.limit,
    });
  }

  async revoke(tenantId: string, id: string, manager: EntityManager): Promise<void> {
    await manager.getRepository(InvitationEntity).update({ tenantId, id, acceptedAt: IsNull(), revokedAt: IsNull() }, { revokedAt: () => 'now()' });
  }
}
