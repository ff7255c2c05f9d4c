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
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { AppConfig } from '../../config/app-config.js';
import { AppException } from '../../common/errors/app.exception.js';
import { prefixedId } from '../../common/ids.js';
import { LOGGER } from '../../common/logging/logging.module.js';
import { AuditService } from '../audit/audit.service.js';
import { TenantsService } from '../tenants/tenants.service.js';
import { toUserDto } from '../users/dto/user.dto.js';
import { UsersRepository } from '../users/users.repository.js';
import { LoginRateLimiter } from './login-rate-limiter.js';
import { PasswordService } from './password.service.js';
import { SessionsRepository } from './sessions.repository.js';
import { hashTokenId, TokenService } from './token.service.js';
const DAY_MS = 86_400_000;
let AuthService = class AuthService {
    constructor(config, users, sessions, tenants, passwords, tokens, limiter, audit, dataSource, logger) {
        this.config = config;
        this.users = users;
        this.sessions = sessions;
        this.tenants = tenants;
        this.passwords = passwords;
        this.tokens = tokens;
        this.limiter = limiter;
        this.audit = audit;
        this.dataSource = dataSource;
        this.logger = logger;
    }
    /** A new tenant with its first user as admin; answers like a login. */
    async register(dto, client) {
        await this.limiter.assertRegistrationAllowed(client.ip ?? 'unknown');
        this.passwords.assertPolicy(dto.password);
        if (await this.users.findByEmail(dto.email))
            throw new AppException('EMAIL_TAKEN');
        const passwordHash = await this.passwords.hash(dto.password);
        const user = await this.dataSource.transaction(async (manager) => {
            const tenant = await this.tenants.create(dto.tenant_name ?? dto.full_name, manager);
            const created = await this.users.insert({ id: prefixedId('usr'), tenantId: tenant.id, email: dto.email, passwordHash, fullName: dto.full_name, role: 'admin' }, manager);
            await this.users.addPasswordHistory(created.id, passwordHash, manager);
            await this.audit.record({ tenantId: tenant.id, actorId: created.id, action: 'auth.register', targetType: 'user', targetId: created.id, ip: client.ip }, manager);
            return created;
        });
        return this.startSession(user, 'password', client);
    }
    async login(dto, client) {
        const ip = client.ip ?? 'unknown';
        const attempt = await this.limiter.begin(dto.email, ip).catch((error) => this.auditRefusal(error, dto.email, client));
        let settled = false;
        try {
            const user = await this.users.findByEmail(dto.email);
            if (!user?.passwordHash) {
                await this.passwords.verifyAgainstDummy(dto.password);
                await attempt.failed();
                settled = true;
                this.logger.info({ ip, reason: 'unknown_account' }, 'login failed');
                throw new AppException('INVALID_CREDENTIALS');
            }
            const valid = await this.passwords.verify(user.passwordHash, dto.password);
            if (!valid || user.disabledAt) {
                await attempt.failed();
                settled = true;
                await this.auditLoginFailure(user, client, { reason: valid ? 'account_disabled' : 'invalid_password' });
                // A disabled account is only named to someone who proved the password.
                throw new AppException(valid ? 'ACCOUNT_DISABLED' : 'INVALID_CREDENTIALS');
            }
            await attempt.succeeded();
            settled = true;
            return await this.startSession(user, 'password', client);
        }
        finally {
            if (!settled)
                await attempt.abandon();
        }
    }
    auditLoginFailure(user, client, metadata) {
        return this.audit.record({
            tenantId: user.tenantId,
            actorId: user.id,
            action: 'auth.login',
            outcome: 'failure',
            targetType: 'user',
            targetId: user.id,
            ip: client.ip,
            metadata,
        });
    }
    /**
     * A login refused by the limiter (429) lands in the audit log of the account it named, once per
     * lock, so an admin sees that guessing went on (or that the user was locked out). Rethrows the 429
     * whatever happens to the audit entry.
     */
    async auditRefusal(error, email, client) {
        if (error instanceof AppException && error.code === 'RATE_LIMITED') {
            try {
                const seconds = Number(error.headers['Retry-After'] ?? 1);
                const user = (await this.limiter.firstRefusal(email, seconds)) ? await this.users.findByEmail(email) : null;
                if (user) {
                    await this.auditLoginFailure(user, client, { reason: 'rate_limited', retry_after_seconds: seconds });
                }
            }
            catch (auditError) {
                this.logger.warn({ err: auditError }, 'could not audit a refused login');
            }
        }
        throw error;
    }
    /** Opens a session for a user who has proved who they are (password or SSO) and returns tokens. */
    async startSession(user, method, client) {
        const now = new Date();
        const sessionId = randomUUID();
        const absoluteExpiresAt = new Date(now.getTime() + this.config.auth.refreshAbsoluteDays * DAY_MS);
        const idleExpiresAt = this.idleExpiry(now, absoluteExpiresAt);
        const refresh = this.tokens.signRefresh(user.id, sessionId, idleExpiresAt);
        await this.dataSource.transaction(async (manager) => {
            await this.sessions.insert({
                id: sessionId,
                tenantId: user.tenantId,
                userId: user.id,
                refreshTokenHash: refresh.hash,
                authMethod: method,
                ip: client.ip,
                userAgent: client.userAgent?.slice(0, 512) ?? null,
                lastUsedAt: now,
                idleExpiresAt,
                absoluteExpiresAt,
            }, manager);
            await this.users.update(user.id, { lastLoginAt: now }, manager);
            await this.audit.record({ tenantId: user.tenantId, actorId: user.id, action: 'auth.login', targetType: 'user', targetId: user.id, ip: client.ip, metadata: { method } }, manager);
        });
        return this.tokenPair(user, sessionId, refresh.token);
    }
    /** Rotates the refresh token; a token that was already used revokes the whole session. */
    async refresh(refreshToken, client) {
        const claims = this.tokens.verifyRefresh(refreshToken);
        const session = await this.sessions.findById(claims.sid);
        if (!session || session.userId !== claims.sub)
            throw new AppException('TOKEN_INVALID', 'The refresh token is invalid');
        if (session.revokedAt)
            throw new AppException('SESSION_REVOKED');
        const now = new Date();
        if (session.idleExpiresAt <= now || session.absoluteExpiresAt <= now) {
            await this.sessions.revoke(session.id, 'expired');
            throw new AppException('TOKEN_EXPIRED', 'The session has expired; sign in again');
        }
        const presentedHash = hashTokenId(claims.jti);
        const idleExpiresAt = this.idleExpiry(now, session.absoluteExpiresAt);
        const next = this.tokens.signRefresh(session.userId, session.id, idleExpiresAt);
        const rotated = presentedHash === session.refreshTokenHash &&
            (await this.sessions.rotate(session.id, presentedHash, { hash: next.hash, idleExpiresAt, now }));
        if (!rotated) {
            await this.sessions.revoke(session.id, 'refresh_token_reused');
            await this.audit.record({
                tenantId: session.tenantId,
                actorId: session.userId,
                action: 'auth.refresh_token_reused',
                outcome: 'failure',
                targetType: 'session',
                targetId: session.id,
                ip: client.ip,
            });
            throw new AppException('REFRESH_TOKEN_REUSED');
        }
        const user = await this.users.findById(session.userId);
        if (!user || user.disabledAt) {
            await this.sessions.revoke(session.id, 'account_disabled');
            throw new AppException('ACCOUNT_DISABLED');
        }
        return this.tokenPair(user, session.id, next.token);
    }
    async logout(sessionId) {
        await this.sessions.revoke(sessionId, 'logout');
    }
    idleExpiry(now, absolute) {
        return new Date(Math.min(now.getTime() + this.config.auth.refreshIdleDays * DAY_MS, absolute.getTime()));
    }
    tokenPair(user, sessionId, refreshToken) {
        return {
            access_token: this.tokens.signAccess({ sub: user.id, tid: user.tenantId, role: user.role, sid: sessionId }),
            refresh_token: refreshToken,
            token_type: 'bearer',
            expires_in: this.config.auth.accessTokenTtlSeconds,
            user: toUserDto(user),
        };
    }
};
AuthService = __decorate([
    Injectable(),
    __param(8, InjectDataSource()),
    __param(9, Inject(LOGGER)),
    __metadata("design:paramtypes", [AppConfig,
        UsersRepository,
        SessionsRepository,
        TenantsService,
        PasswordService,
        TokenService,
        LoginRateLimiter,
        AuditService, Function, Object])
], AuthService);
export { AuthService };
//# sourceMappingURL=auth.service.js.map