import { randomBytes } from 'node:crypto';

/** A password every test account may use: it meets the policy. */
export const STRONG_PASSWORD = 'Str0ng-Passw0rd!';

/** An address no other test has used. */
export const uniqueEmail = (label = 'user') => `${label}.${randomBytes(6).toString('hex')}@example.in`;
