import { createHash, createSecretKey, randomUUID, type KeyObject } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import jwt from 'jsonwebtoken';
import { AppConfig } from '../../config/app-config.js';
import { AppException } from '../../common/errors/app.exception.js';
import type { Role } from '../../common/auth/roles.js';
import { isPrefixedId, isUuid } from '../../common/ids.js';

export const TOKEN_ISSUER = 'foliodesk';
export const ACCESS_AUDIENCE = 'foliodesk-api';
export const REFRESH_AUDIENCE = 'foliodesk-refresh';
export const JWT_ALGORITHM = 'HS256' as const;

export interface AccessClaims {
  sub: string;
  tid: string;
  role: Role;
  sid: string;
  jti: string;
}

export interface RefreshClaims {
  sub: string;
  sid: string;
  jti: string;
}

export const hashTokenId = (jti: string) => createHash('sha256').update(jti).digest('hex');

/**
 * The HS256 secret as a KeyObject, to build once and hand to jsonwebtoken. Given a string,
 * jsonwebtoken first tries to read it as a PEM key on every sign and verify (createPublicKey /
 * createPrivateKey), which throws for an HMAC secret: an exception with a stack trace per request,
 * measured at about a sixth of the CPU of an authenticated read (docs/benchmarks.md, "Load").
 * The key material and the accepted algorithms are unchanged.
 */
export const hmacKey = (secret: string): KeyObject => createSecretKey(Buffer.from(secret, 'utf8'));

/** Signs and checks Foliodesk's JWTs: HS256 only, fixed issuer and audience per token kind. */
@Injectable()
export class TokenService {
  private readonly key: KeyObject;

  constructor(private readonly config: AppConfig) {
    this.key = hmacKey(config.auth.jwtSecret);
  }

  signAccess(claims: Omit<AccessClaims, 'jti'>): string {
    return jwt.sign({ ...claims, jti: randomUUID() }, this.key, {
      algorithm: JWT_ALGORITHM,
      expiresIn: this.config.auth.accessTokenTtlSeconds,
      issuer: TOKEN_ISSUER,
      audience: ACCESS_AUDIENCE,
    });
  }

  /** A new refresh token for the session; returns the token and the hash to store. */
  signRefresh(userId: string, sessionId: string, expiresAt: Date): { token: string; hash: string } {
    const jti = randomUUID();
    const token = jwt.sign({ sub: userId, sid: sessionId, jti }, this.key, {
      algorithm: JWT_ALGORITHM,
      expiresIn: Math.max(1, Math.floor((expiresAt.getTime() - Date.now()) / 1000)),
      issuer: TOKEN_ISSUER,
      audience: REFRESH_AUDIENCE,
    });
    return { token, hash: hashTokenId(jti) };
  }

  verifyRefresh(token: string): RefreshClaims {
    try {
      const claims = jwt.verify(token, this.key, {
        algorithms: [JWT_ALGORITHM],
        issuer: TOKEN_ISSUER,
        audience: REFRESH_AUDIENCE,
      }) as jwt.JwtPayload;
      if (typeof claims.sub !== 'string' || typeof claims.sid !== 'string' || typeof claims.jti !== 'string') {
        throw new AppException('TOKEN_INVALID', 'The refresh token is malformed');
      }
      // Ids of the shapes this service issues only (see the JWT strategy's principalOf).
      if (!isPrefixedId(claims.sub, 'usr') || !isUuid(claims.sid)) throw new AppException('TOKEN_INVALID', 'The refresh token is invalid');
      return { sub: claims.sub, sid: claims.sid, jti: claims.jti };
    } catch (error) {
      if (error instanceof AppException) throw error;
      if (error instanceof jwt.TokenExpiredError) throw new AppException('TOKEN_EXPIRED', 'The refresh token has expired');
      throw new AppException('TOKEN_INVALID', 'The refresh token is invalid');
    }
  }
}
