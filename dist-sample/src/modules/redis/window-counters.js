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
import { Inject, Injectable } from '@nestjs/common';
import { LOGGER } from '../../common/logging/logging.module.js';
import { REDIS } from './redis.tokens.js';
/**
 * Checks every counter, then counts in all of them or in none, atomically (one script, so parallel
 * requests cannot all pass a check that only one of them fits). KEYS: the counters. ARGV[1]: seconds
 * the counters live; then per counter its limit, what must still fit under it, and what to add.
 * Answers {0, 0} when counted, else {index of the first counter that refused, its value}.
 */
const RESERVE = `
for i = 1, #KEYS do
  local used = tonumber(redis.call('GET', KEYS[i]) or '0')
  if used + tonumber(ARGV[i * 3]) > tonumber(ARGV[i * 3 - 1]) then return { i, used } end
end
for i = 1, #KEYS do
  local add = tonumber(ARGV[i * 3 + 1])
  if add ~= 0 then
    redis.call('INCRBY', KEYS[i], add)
    redis.call('EXPIRE', KEYS[i], ARGV[1])
  end
end
return { 0, 0 }`;
/** Adds ARGV[1] (negative to give back; never below zero) to every counter; ARGV[2]: seconds they live. */
const ADD = `
for i = 1, #KEYS do
  if redis.call('INCRBY', KEYS[i], ARGV[1]) < 0 then redis.call('SET', KEYS[i], 0) end
  redis.call('EXPIRE', KEYS[i], ARGV[2])
end
return 0`;
/**
 * Counters of events in fixed windows, kept in Redis so that every process shares them: the one
 * place that counts requests against limits (the usage quotas, and the login, registration,
 * invitation and SSO sign-in limits). If Redis cannot be asked, nothing is counted and the request
 * is let through (logged): these limits bound usage and guessing, they are not what keeps data safe.
 */
let WindowCounters = class WindowCounters {
    constructor(redis, logger) {
        this.redis = redis;
        this.logger = logger;
    }
    /**
     * One more event in a window of `seconds` started by the key's first event: the count so far
     * (this one included) and the seconds the window has left; null when Redis cannot be asked.
     */
    async increment(key, seconds) {
        const result = await this.attempt((redis) => redis.multi().incr(key).expire(key, seconds, 'NX').ttl(key).exec());
        if (!result)
            return null;
        return { count: Number(result[0][1]), secondsLeft: Number(result[2][1]) };
    }
    /**
     * Counts every check's `add` (each key living `ttlSeconds`), or none: answers the index of the first
     * check that refused and its counter's value, or null (counted, or Redis cannot be asked).
     */
    async reserve(checks, ttlSeconds) {
        const args = checks.flatMap((c) => [c.limit, c.need, c.add]);
        const result = (await this.attempt((redis) => redis.eval(RESERVE, checks.length, ...checks.map((c) => c.key), ttlSeconds, ...args)));
        if (!result || result[0] === 0)
            return null;
        return { refused: result[0] - 1, used: Number(result[1]) };
    }
    /** Adds `amount` (negative to give back, never below zero) to every counter, each living `ttlSeconds`. */
    async add(keys, amount, ttlSeconds) {
        if (keys.length === 0 || amount === 0)
            return;
        await this.attempt((redis) => redis.eval(ADD, keys.length, ...keys, amount, ttlSeconds));
    }
    /** The counters' values (0 for a counter never written, or when Redis cannot be asked). */
    async read(keys) {
        if (keys.length === 0)
            return [];
        const values = await this.attempt((redis) => redis.mget(...keys));
        return keys.map((_, i) => Math.max(0, Number(values?.[i] ?? 0) || 0));
    }
    /** A counting operation of the caller's own (a script of its own on these counters); null when Redis cannot be asked. */
    async attempt(op) {
        try {
            return await op(this.redis);
        }
        catch (error) {
            this.logger.warn({ err: error }, 'rate and quota counters unavailable (Redis); allowing the request');
            return null;
        }
    }
};
WindowCounters = __decorate([
    Injectable(),
    __param(0, Inject(REDIS)),
    __param(1, Inject(LOGGER)),
    __metadata("design:paramtypes", [Function, Object])
], WindowCounters);
export { WindowCounters };
//# sourceMappingURL=window-counters.js.map