import { randomBytes } from 'node:crypto';

/** Prefixed public ids such as `usr_3f9c…`, `ten_…`, `whk_…`: 96 random bits, hex. */
export const prefixedId = (prefix: 'usr' | 'ten' | 'whk') => `${prefix}_${randomBytes(12).toString('hex')}`;

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID_PATTERN.test(value);
