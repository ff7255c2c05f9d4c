import { randomBytes } from 'node:crypto';

/** Prefixed public ids such as `usr_3f9c…`, `ten_…`, `whk_…`, `inv_…` (invitations): 96 random bits, hex. */
type IdPrefix = 'usr' | 'ten' | 'whk' | 'inv';
export const prefixedId = (prefix: IdPrefix) => `${prefix}_${randomBytes(12).toString('hex')}`;
const PREFIXED_ID: Record<IdPrefix, RegExp> = { usr: /^usr_[0-9a-f]{24}$/, ten: /^ten_[0-9a-f]{24}$/, whk: /^whk_[0-9a-f]{24}$/, inv: /^inv_[0-9a-f]{24}$/ };
/** Whether `value` has the shape `prefixedId(prefix)` gives. */
export const isPrefixedId = (value: string, prefix: IdPrefix) => PREFIXED_ID[prefix].test(value);

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID_PATTERN.test(value);
