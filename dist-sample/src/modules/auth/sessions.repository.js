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
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, Not } from 'typeorm';
import { SessionEntity } from './entities/session.entity.js';
let SessionsRepository = class SessionsRepository {
    constructor(sessions) {
        this.sessions = sessions;
    }
    async insert(session, manager) {
        await (manager?.getRepository(SessionEntity) ?? this.sessions).insert({ ...session, revokedAt: null, revokedReason: null });
    }
    findById(id) {
        return this.sessions.findOneBy({ id });
    }
    /**
     * Swaps the session's refresh token only if the presented one is still the current one; the
     * compare-and-set means two concurrent refreshes with one token cannot both succeed.
     */
    async rotate(sessionId, expectedHash, next) {
        const result = await this.sessions.update({ id: sessionId, refreshTokenHash: expectedHash, revokedAt: IsNull() }, { refreshTokenHash: next.hash, idleExpiresAt: next.idleExpiresAt, lastUsedAt: next.now });
        return (result.affected ?? 0) === 1;
    }
    async revoke(sessionId, reason) {
        await this.sessions.update({ id: sessionId, revokedAt: IsNull() }, { revokedAt: new Date(), revokedReason: reason });
    }
    /** Ends every live session of a user, optionally sparing one (the caller's own). */
    async revokeAllForUser(userId, reason, exceptSessionId, manager) {
        const repo = manager?.getRepository(SessionEntity) ?? this.sessions;
        await repo.update({ userId, revokedAt: IsNull(), ...(exceptSessionId ? { id: Not(exceptSessionId) } : {}) }, { revokedAt: new Date(), revokedReason: reason });
    }
};
SessionsRepository = __decorate([
    Injectable(),
    __param(0, InjectRepository(SessionEntity)),
    __metadata("design:paramtypes", [Function])
], SessionsRepository);
export { SessionsRepository };
//# sourceMappingURL=sessions.repository.js.map