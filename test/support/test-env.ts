// Environment for the end-to-end suite: its own database and Redis database, never the dev ones.
process.env.NODE_ENV = 'test';
// TEST_DATABASE_URL (dropped and recreated by the global setup), never an inherited DATABASE_URL.
process.env.DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/foliodesk_test';
process.env.TEST_REDIS_URL ??= 'redis://127.0.0.1:6379/15';
process.env.REDIS_URL = process.env.TEST_REDIS_URL;
process.env.LOG_LEVEL ??= 'silent';
process.env.JWT_SECRET ??= 'test-jwt-secret-0123456789abcdef0123456789';
process.env.APP_ENCRYPTION_KEY ??= 'test-encryption-key-0123456789abcdef012345';
process.env.STORAGE_DIR = process.env.TEST_STORAGE_DIR ?? './var/test-storage';
// Every suite logs in from 127.0.0.1; the brute-force suite sets its own low limits.
process.env.LOGIN_MAX_FAILURES_PER_IP ??= '100000';
process.env.REGISTRATIONS_PER_IP_PER_HOUR ??= '100000';
process.env.SSO_LOGINS_PER_IP_PER_MINUTE ??= '100000';
// Suites add many users; the invitation limits are proven with low limits of their own.
process.env.USER_INVITES_PER_ADMIN_PER_HOUR ??= '100000';
process.env.USER_INVITES_PER_TENANT_PER_HOUR ??= '100000';
