import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { IsNull, Not, type DataSource, type EntityManager, type Repository } from 'typeorm';
import type { Role } from '../../common/auth/roles.js';
import { queryPrepared, type PreparedStatement } from '../../database/prepared-query.js';
import { SessionEntity } from './entities/session.entity.js';

/** What the JWT strategy needs to know about a token's session and user, in one query. */
export interface SessionState {
  revokedAt: Date | null;
  absoluteExpiresAt: Date;
  disabledAt: Date | null;
  role: Role;
  email: string;
  tenantId: string;
}

/** Run by the JWT strategy on every authenticated request, so prepared (see queryPrepared). */
const SESSION_STATE: PreparedStatement = {
  name: 'sessions.state_for',
  text: `SELECT s.revoked_at, s.absolute_expires_at, u.disabled_at, u.role, u.email, u.tenant_id
           FROM sessions s JOIN users u ON u.id = s.user_id
          WHERE s.id = $1 AND s.user_id = $2`,
};

@Injectable()
export class SessionsRepository {
  constructor(
    @InjectRepository(SessionEntity) private readonly sessions: Repository<SessionEntity>,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  async insert(session: Omit<SessionEntity, 'createdAt' | 'tenant' | 'user' | 'revokedAt' | 'revokedReason'>, manager?: EntityManager) {
    await (manager?.getRepository(SessionEntity) ?? this.sessions).insert({ ...session, revokedAt: null, revokedReason: null });
  }

  findById(id: string): Promise<SessionEntity | null> {
    return this.sessions.findOneBy({ id });
  }

  async stateFor(sessionId: string, userId: string): Promise<SessionState | null> {
    const rows = await queryPrepared<Record<string, unknown>>(this.dataSource, SESSION_STATE, [sessionId, userId]);
    const row = rows[0];
    if (!row) return null;
    return {
      revokedAt: row.revoked_at as Date | null,
      absoluteExpiresAt: row.absolute_expires_at as Date,
      disabledAt: row.disabled_at as Date | null,
      role: row.role as Role,
      email: row.email as string,
      tenantId: row.tenant_id as string,
    };
  }

  /**
   * Swaps the session's refresh token only if the presented one is still the current one; the
   * compare-and-set means two concurrent refreshes with one token cannot both succeed.
   */
  async rotate(sessionId: string, expectedHash: string, next: { hash: string; idleExpiresAt: Date; now: Date }): Promise<boolean> {
    const result = await this.sessions.update(
      { id: sessionId, refreshTokenHash: expectedHash, revokedAt: IsNull() },
      { refreshTokenHash: next.hash, idleExpiresAt: next.idleExpiresAt, lastUsedAt: next.now },
    );
    return (result.affected ?? 0) === 1;
  }

  async revoke(sessionId: string, reason: string): Promise<void> {
    await this.sessions.update({ id: sessionId, revokedAt: IsNull() }, { revokedAt: new Date(), revokedReason: reason });
  }

  /** Ends every live session of a user, optionally sparing one (the caller's own). */
  async revokeAllForUser(userId: string, reason: string, exceptSessionId?: string, manager?: EntityManager): Promise<void> {
    const repo = manager?.getRepository(SessionEntity) ?? this.sessions;
    await repo.update(
      { userId, revokedAt: IsNull(), ...(exceptSessionId ? { id: Not(exceptSessionId) } : {}) },
      { revokedAt: new Date(), revokedReason: reason },
    );
  }
}
