/** The injection token of the service's shared Redis client (see RedisModule). */
export const REDIS = Symbol('REDIS');
//# sourceMappingURL=redis.tokens.js.map