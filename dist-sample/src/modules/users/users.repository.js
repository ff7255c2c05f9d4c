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
import { QueryFailedError } from 'typeorm';
import { AppException } from '../../common/errors/app.exception.js';
import { offsetOf } from '../../common/http/pagination.js';
import { PASSWORD_HISTORY_DEPTH } from '../auth/password.service.js';
import { PasswordHistoryEntity } from './entities/password-history.entity.js';
import { UserEntity } from './entities/user.entity.js';
/** The only place that reads and writes users; every tenant-facing method takes the tenant. */
let UsersRepository = class UsersRepository {
    constructor(users, history) {
        this.users = users;
        this.history = history;
    }
    findByEmail(email) {
        return this.users.findOneBy({ email: email.toLowerCase() });
    }
    findById(id) {
        return this.users.findOneBy({ id });
    }
    /** Whether the account is the operator the bootstrap created (see UserEntity.isOperator). */
    async isOperator(id) {
        return (await this.users.findOne({ where: { id }, select: { id: true, isOperator: true } }))?.isOperator === true;
    }
    findInTenant(tenantId, id) {
        return this.users.findOneBy({ tenantId, id });
    }
    listInTenant(tenantId, page) {
        return this.users.findAndCount({
            where: { tenantId },
            order: { createdAt: 'ASC', id: 'ASC' },
            skip: offsetOf(page),
            take: page.limit,
        });
    }
    /**
     * Locks the tenant's active admins for the rest of the caller's transaction and answers their ids.
     * Every change that could leave a tenant without an active admin (demoting or disabling one) takes
     * this lock first and decides on what it answers, so two such changes at once cannot both pass.
     */
    async lockActiveAdmins(tenantId, manager) {
        const rows = await manager.query(`SELECT id FROM users WHERE tenant_id = $1 AND role = 'admin' AND disabled_at IS NULL ORDER BY id FOR UPDATE`, [tenantId]);
        return rows.map((r) => r.id);
    }
    /**
     * Inserts a user; an e-mail taken meanwhile (two sign-ups at once) answers 409 EMAIL_TAKEN like the check before it.
     * `isOperator` is for the bootstrap alone; every other account is created without it.
     */
    async insert(user, manager) {
        const repo = manager?.getRepository(UserEntity) ?? this.users;
        try {
            await repo.insert({ ...user, isOperator: user.isOperator ?? false, disabledAt: null, lastLoginAt: null });
        }
        catch (error) {
            // The e-mail's unique index is the table's only unique key besides the generated id.
            if (error instanceof QueryFailedError && error.driverError.code === '23505')
                throw new AppException('EMAIL_TAKEN');
            throw error;
        }
        return repo.findOneByOrFail({ id: user.id });
    }
    async update(id, changes, manager) {
        await (manager?.getRepository(UserEntity) ?? this.users).update({ id }, changes);
    }
    /** The hashes of the user's most recent passwords (the current one first). */
    async recentPasswordHashes(userId) {
        const rows = await this.history.find({
            where: { userId },
            order: { createdAt: 'DESC' },
            take: PASSWORD_HISTORY_DEPTH,
        });
        return rows.map((r) => r.passwordHash);
    }
    async addPasswordHistory(userId, passwordHash, manager) {
        await (manager?.getRepository(PasswordHistoryEntity) ?? this.history).insert({ userId, passwordHash });
    }
    /** The tenant's accounts and those not disabled, for the tenant's statistics. */
    async counts(tenantId) {
        const rows = await this.users.query(`SELECT count(*)::int AS n, count(*) FILTER (WHERE disabled_at IS NULL)::int AS active FROM users WHERE tenant_id = $1`, [tenantId]);
        return rows[0];
    }
};
UsersRepository = __decorate([
    Injectable(),
    __param(0, InjectRepository(UserEntity)),
    __param(1, InjectRepository(PasswordHistoryEntity)),
    __metadata("design:paramtypes", [Function, Function])
], UsersRepository);
export { UsersRepository };
//# sourceMappingURL=users.repository.js.map