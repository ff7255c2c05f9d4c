/** Calendar days as integers (days since 1970-01-01, UTC), for ranges of ISO dates. */
const DAY_MS = 86_400_000;
export const dayNumber = (iso) => Math.floor(Date.parse(`${iso}T00:00:00Z`) / DAY_MS);
export const isoDay = (day) => new Date(day * DAY_MS).toISOString().slice(0, 10);
export const isIsoDate = (s) => typeof s === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`));
/** Orders ISO dates and identifiers by code unit (ISO dates sort as text; no locale rules wanted). */
export const compareText = (a, b) => (a < b ? -1 : a > b ? 1 : 0);
//# sourceMappingURL=dates.js.map