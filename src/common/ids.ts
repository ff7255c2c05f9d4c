import { randomBytes } from 'node:crypto';

/**
 * Prefixed public ids such as `usr_3f9c…`, `ten_…`, `whk_…`, `inv_…` (invitations), `cli_…` (clients),
 * `hh_…` (households), `bat_…` (batch uploads): 96 random bits, hex.
 */
type IdPrefix = 'usr' | 'ten' | 'whk' | 'inv' | 'cli' | 'hh' | 'bat';
export const prefixedId = (prefix: IdPrefix) => `${prefix}_${randomBytes(12).toString('hex')}`;
/** Whether `value` has the shape `prefixedId(prefix)` gives. */
export const isPrefixedId = (value: string, prefix: IdPrefix) => value.length === prefix.length + 25 && value.startsWith(`${prefix}_`) && /^[0-9a-f]{24}$/.test(value.slice(prefix.length + 1));

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID_PATTERN.test(value);
