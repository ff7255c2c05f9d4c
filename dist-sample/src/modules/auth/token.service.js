var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var __metadata = (this && this.__metadata) || function (k, v) {
    if (typeof Reflect === "object" && typeof Reflect.metadata === "function") return Reflect.metadata(k, v);
};
import { createHash, createSecretKey, randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import jwt from 'jsonwebtoken';
import { AppConfig } from '../../config/app-config.js';
import { AppException } from '../../common/errors/app.exception.js';
import { isPrefixedId, isUuid } from '../../common/ids.js';
export const TOKEN_ISSUER = 'foliodesk';
export const ACCESS_AUDIENCE = 'foliodesk-api';
export const REFRESH_AUDIENCE = 'foliodesk-refresh';
export const JWT_ALGORITHM = 'HS256';
export const hashTokenId = (jti) => createHash('sha256').update(jti).digest('hex');
/**
 * The HS256 secret as a KeyObject, to build once and hand to jsonwebtoken. Given a string,
 * jsonwebtoken first tries to read it as a PEM key on every sign and verify (createPublicKey /
 * createPrivateKey), which throws for an HMAC secret: an exception with a stack trace per request,
 * measured at about a sixth of the CPU of an authenticated read (docs/benchmarks.md, "Load").
 * The key material and the accepted algorithms are unchanged.
 */
export const hmacKey = (secret) => createSecretKey(Buffer.from(secret, 'utf8'));
/** Signs and checks Foliodesk's JWTs: HS256 only, fixed issuer and audience per token kind. */
let TokenService = class TokenService {
    constructor(config) {
        this.config = config;
        this.key = hmacKey(config.auth.jwtSecret);
    }
    signAccess(claims) {
        return jwt.sign({ ...claims, jti: randomUUID() }, this.key, {
            algorithm: JWT_ALGORITHM,
            expiresIn: this.config.auth.accessTokenTtlSeconds,
            issuer: TOKEN_ISSUER,
            audience: ACCESS_AUDIENCE,
        });
    }
    /** A new refresh token for the session; returns the token and the hash to store. */
    signRefresh(userId, sessionId, expiresAt) {
        const jti = randomUUID();
        const token = jwt.sign({ sub: userId, sid: sessionId, jti }, this.key, {
            algorithm: JWT_ALGORITHM,
            expiresIn: Math.max(1, Math.floor((expiresAt.getTime() - Date.now()) / 1000)),
            issuer: TOKEN_ISSUER,
            audience: REFRESH_AUDIENCE,
        });
        return { token, hash: hashTokenId(jti) };
    }
    verifyRefresh(token) {
        try {
            const claims = jwt.verify(token, this.key, {
                algorithms: [JWT_ALGORITHM],
                issuer: TOKEN_ISSUER,
                audience: REFRESH_AUDIENCE,
            });
            if (typeof claims.sub !== 'string' || typeof claims.sid !== 'string' || typeof claims.jti !== 'string') {
                throw new AppException('TOKEN_INVALID', 'The refresh token is malformed');
            }
            // Ids of the shapes this service issues only (see the JWT strategy's principalOf).
            if (!isPrefixedId(claims.sub, 'usr') || !isUuid(claims.sid))
                throw new AppException('TOKEN_INVALID', 'The refresh token is invalid');
            return { sub: claims.sub, sid: claims.sid, jti: claims.jti };
        }
        catch (error) {
            if (error instanceof AppException)
                throw error;
            if (error instanceof jwt.TokenExpiredError)
                throw new AppException('TOKEN_EXPIRED', 'The refresh token has expired');
            throw new AppException('TOKEN_INVALID', 'The refresh token is invalid');
        }
    }
};
TokenService = __decorate([
    Injectable(),
    __metadata("design:paramtypes", [AppConfig])
], TokenService);
export { TokenService };
//# sourceMappingURL=token.service.js.map