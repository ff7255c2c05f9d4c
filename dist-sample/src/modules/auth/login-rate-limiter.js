var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var __metadata = (this && this.__metadata) || function (k, v) {
    if (typeof Reflect === "object" && typeof Reflect.metadata === "function") return Reflect.metadata(k, v);
};
import { Injectable } from '@nestjs/common';
import { AppConfig } from '../../config/app-config.js';
import { AppException } from '../../common/errors/app.exception.js';
import { rateLimitSubject } from '../../common/http/client-info.js';
import { WindowCounters } from '../redis/window-counters.js';
/**
 * Reserves a login attempt, atomically: refused when the failures in the window, plus the attempts
 * still being checked, reach the limit; otherwise counted as in flight. Counting failures only after
 * Argon2 had answered let a burst of parallel guesses all pass the check. KEYS: account failures,
 * address failures, account in flight, address in flight. ARGV: account limit, address limit, seconds
 * an in-flight mark outlives its last attempt (a process that died mid-check).
 * Answers {0, 0} when allowed, else {1 (account) or 2 (address), seconds to wait}: the rest of the
 * window when the failures alone reach the limit, a second when attempts in flight do.
 */
const RESERVE = `
local limits = { tonumber(ARGV[1]), tonumber(ARGV[2]) }
for i = 1, 2 do
  local failures = tonumber(redis.call('GET', KEYS[i]) or '0')
  if failures >= limits[i] then return { i, redis.call('TTL', KEYS[i]) } end
  if failures + tonumber(redis.call('GET', KEYS[i + 2]) or '0') >= limits[i] then return { i, 1 } end
end
for i = 3, 4 do
  redis.call('INCR', KEYS[i])
  redis.call('EXPIRE', KEYS[i], ARGV[3])
end
return { 0, 0 }`;
/**
 * Settles a reserved attempt (same KEYS): it is no longer in flight; ARGV[1] = 'failure' counts it in
 * both failure windows (ARGV[2] seconds, started by the first failure; a key without a time to live
 * gets one), 'success' clears the account's failures, 'abandon' (no verdict on the password, e.g.
 * PostgreSQL away) counts nothing.
 */
const SETTLE = `
for i = 3, 4 do
  if tonumber(redis.call('GET', KEYS[i]) or '0') > 0 then redis.call('DECR', KEYS[i]) end
end
if ARGV[1] == 'failure' then
  for i = 1, 2 do
    redis.call('INCR', KEYS[i])
    if redis.call('TTL', KEYS[i]) < 0 then redis.call('EXPIRE', KEYS[i], ARGV[2]) end
  end
elseif ARGV[1] == 'success' then
  redis.call('DEL', KEYS[1])
end
return 0`;
/** Seconds an in-flight mark outlives its last attempt, should the process checking it die. */
const IN_FLIGHT_TTL_SECONDS = 60;
/**
 * Brute-force protection kept in Redis so every API process shares it: failed logins are counted per
 * account and per client IP in a fixed window; past the limit, logins answer 429 with Retry-After.
 * Attempts whose password is still being checked count against the limit too, so parallel guesses
 * cannot overtake it. The other limits here are plain windows of WindowCounters. If Redis is
 * unreachable the limiter lets requests through (logged): Argon2 still bounds guessing.
 */
let LoginRateLimiter = class LoginRateLimiter {
    constructor(config, counters) {
        this.config = config;
        this.counters = counters;
    }
    /** The address counts as rateLimitSubject says: an IPv6 client by its /64. */
    keys(email, clientIp) {
        const prefix = `${this.config.redis.prefix}:rl:login`;
        const account = `acct:${email.toLowerCase()}`;
        const ip = rateLimitSubject(clientIp);
        return [`${prefix}:${account}`, `${prefix}:ip:${ip}`, `${prefix}:inflight:${account}`, `${prefix}:inflight:ip:${ip}`];
    }
    /** Reserves an attempt for this account and address, or throws 429 RATE_LIMITED with Retry-After. */
    async begin(email, ip) {
        const keys = this.keys(email, ip);
        const { loginMaxFailuresPerAccount, loginMaxFailuresPerIp, loginFailureWindowSeconds } = this.config.auth;
        const result = (await this.counters.attempt((redis) => redis.eval(RESERVE, keys.length, ...keys, loginMaxFailuresPerAccount, loginMaxFailuresPerIp, IN_FLIGHT_TTL_SECONDS)));
        if (result && result[0] !== 0)
            this.refuse(Number(result[1]), result[0] === 1 ? 'this account' : 'this address');
        const reserved = result !== null;
        const settle = async (outcome) => {
            if (reserved)
                await this.counters.attempt((redis) => redis.eval(SETTLE, keys.length, ...keys, outcome, loginFailureWindowSeconds));
        };
        return { failed: () => settle('failure'), succeeded: () => settle('success'), abandon: () => settle('abandon') };
    }
    /**
     * Whether this is the first refused login of the account in the next `seconds` (the refusal's
     * Retry-After): the audit log records one refusal per lock, not every attempt of a flood.
     */
    async firstRefusal(email, seconds) {
        const key = `${this.config.redis.prefix}:rl:login:refused:acct:${email.toLowerCase()}`;
        return (await this.counters.attempt((redis) => redis.set(key, '1', 'EX', Math.max(1, seconds), 'NX'))) === 'OK';
    }
    /** Counts registrations per IP (an IPv6 client by its /64) in an hourly window; throws 429 past the limit. */
    async assertRegistrationAllowed(clientIp) {
        const ip = rateLimitSubject(clientIp);
        await this.countHourly(`register:${ip}`, this.config.auth.registrationsPerIpPerHour, 'this address');
    }
    /** Counts `POST /api/v1/users` (invitations) per admin and per tenant in hourly windows; throws 429 past either limit. */
    async assertInvitationAllowed(tenantId, adminId) {
        const { perAdminPerHour, perTenantPerHour } = this.config.invitations;
        await this.countHourly(`invite:user:${adminId}`, perAdminPerHour, 'this admin');
        await this.countHourly(`invite:tenant:${tenantId}`, perTenantPerHour, 'this tenant');
    }
    /** Counts anonymous SSO sign-in starts per IP (an IPv6 client by its /64) in a one-minute window; throws 429 past the limit. */
    async assertSsoLoginAllowed(clientIp) {
        const ip = rateLimitSubject(clientIp);
        await this.countInWindow(`sso-login:${ip}`, this.config.auth.ssoLoginsPerIpPerMinute, 60, 'this address');
    }
    countHourly(name, limit, subject) {
        return this.countInWindow(name, limit, 3600, subject);
    }
    /** One more event in a fixed window of `seconds` started by the first; past `limit`, 429 with the rest of the window. */
    async countInWindow(name, limit, seconds, subject) {
        const counted = await this.counters.increment(`${this.config.redis.prefix}:rl:${name}`, seconds);
        if (counted && counted.count > limit)
            this.refuse(counted.secondsLeft, subject);
    }
    refuse(ttlSeconds, subject) {
        const retryAfter = String(Math.max(1, ttlSeconds));
        throw new AppException('RATE_LIMITED', `Too many attempts from ${subject}; retry in ${retryAfter} s`, {
            headers: { 'Retry-After': retryAfter },
        });
    }
};
LoginRateLimiter = __decorate([
    Injectable(),
    __metadata("design:paramtypes", [AppConfig,
        WindowCounters])
], LoginRateLimiter);
export { LoginRateLimiter };
//# sourceMappingURL=login-rate-limiter.js.map