import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, Not, type EntityManager, type Repository } from 'typeorm';
import { SessionEntity } from './entities/session.entity.js';

@Injectable()
export class SessionsRepository {
  constructor(
    @InjectRepository(SessionEntity) private readonly sessions: Repository<SessionEntity>,
  ) {}

  async insert(session: Omit<SessionEntity, 'createdAt' | 'tenant' | 'user' | 'revokedAt' | 'revokedReason'>, manager?: EntityManager) {
    await (manager?.getRepository(SessionEntity) ?? this.sessions).insert({ ...session, revokedAt: null, revokedReason: null });
  }

  findById(id: string): Promise<SessionEntity | null> {
    return this.sessions.findOneBy({ id });
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
