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
import { WindowCounters } from '../redis/window-counters.js';
/** Counters outlive their window by this much, so a late give-back still finds its own window's key. */
const KEY_SLACK_SECONDS = 300;
/**
 * Usage counted per window in Redis (WindowCounters), shared by every API process. The only place
 * that names the quota counters. If Redis is unreachable the counters let requests through (logged),
 * like the login limiter: quotas bound usage, they are not what keeps data safe.
 */
let QuotaCountersRepository = class QuotaCountersRepository {
    constructor(config, counters) {
        this.config = config;
        this.counters = counters;
    }
    /** Counts every check's `add`, or none: answers the first check that refused with the counter's value, or null. */
    async reserve(checks) {
        const refusal = await this.counters.reserve(checks.map((c) => ({ key: this.key(c.counter), limit: c.limit, need: c.need, add: c.add })), this.ttl(checks.map((c) => c.counter)));
        return refusal && { refused: checks[refusal.refused], used: refusal.used };
    }
    /** Adds `amount` (negative to give back) to every counter. */
    async add(counters, amount) {
        if (counters.length === 0)
            return;
        await this.counters.add(counters.map((c) => this.key(c)), amount, this.ttl(counters));
    }
    /** The counters' values (0 for a counter never written, or when Redis cannot be asked). */
    read(counters) {
        return this.counters.read(counters.map((c) => this.key(c)));
    }
    key({ quantity, window, scope, id }) {
        return `${this.config.redis.prefix}:quota:${quantity}:${window.period}:${window.index}:${scope}:${id}`;
    }
    /** Seconds the counters live: to the end of the longest window, and a little more. */
    ttl(counters) {
        return Math.max(...counters.map((c) => c.window.secondsLeft)) + KEY_SLACK_SECONDS;
    }
};
QuotaCountersRepository = __decorate([
    Injectable(),
    __metadata("design:paramtypes", [AppConfig,
        WindowCounters])
], QuotaCountersRepository);
export { QuotaCountersRepository };
//# sourceMappingURL=quota-counters.repository.js.map