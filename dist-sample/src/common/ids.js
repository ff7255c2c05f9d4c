import { randomBytes } from 'node:crypto';
export const prefixedId = (prefix) => `${prefix}_${randomBytes(12).toString('hex')}`;
/** Whether `value` has the shape `prefixedId(prefix)` gives. */
export const isPrefixedId = (value, prefix) => value.length === prefix.length + 25 && value.startsWith(`${prefix}_`) && /^[0-9a-f]{24}$/.test(value.slice(prefix.length + 1));
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
export const isUuid = (value) => UUID_PATTERN.test(value);
//# sourceMappingURL=ids.js.map