import { IsBoolean, IsIn, IsInt, IsString, IsUrl, Max, MaxLength, Min, MinLength } from 'class-validator';
import { isUrlWithProtocol } from './parsers.js';
/** The sections of the configuration table (README.md, .env.example), in the order they are shown. */
export const GROUPS = [
    'Service',
    'Database and queues',
    'Secrets and sessions',
    'Rate limits and quotas',
    'Invitations and mail',
    'Single sign-on',
    'Documents and pipeline',
    'Document store',
    'Webhooks',
    'Language model, web search, market data and chat',
    'Logging',
];
const text = (value) => value;
const number = (value) => Number(value);
const show = (value) => String(value);
/** true/false/1/0 (any case) become booleans; anything else stays a string, which @IsBoolean reports. */
function toBool(value) {
    const lower = value.trim().toLowerCase();
    return lower === 'true' || lower === '1' ? true : lower === 'false' || lower === '0' ? false : value;
}
const bounds = (min, max) => [...(min === undefined ? [] : [Min(min)]), ...(max === undefined ? [] : [Max(max)])];
export function int(about) {
    return { ...about, kind: { read: number, rules: [IsInt(), ...bounds(about.min, about.max)], show } };
}
/** A number that may have a fraction. */
export function decimal(about) {
    return { ...about, kind: { read: number, rules: bounds(about.min, about.max), show } };
}
export function bool(about) {
    return { ...about, kind: { read: toBool, rules: [IsBoolean()], show } };
}
export function str(about) {
    const rules = [IsString(), ...(about.minLength ? [MinLength(about.minLength)] : []), ...(about.maxLength ? [MaxLength(about.maxLength)] : [])];
    return { ...about, kind: { read: text, rules, show } };
}
export function oneOf(values, about) {
    return { ...about, kind: { read: text, rules: [IsIn([...values])], show } };
}
/** An http: or https: URL (class-validator's IsUrl, any host name). */
export function httpUrl(about) {
    return { ...about, kind: { read: text, rules: [IsUrl({ require_tld: false, protocols: ['http', 'https'] })], show } };
}
/** A URL with one of `protocols`; `refusal` is the message otherwise (e.g. 'must be a redis: or rediss: URL'). */
export function url(protocols, refusal, about) {
    const parse = (value) => (isUrlWithProtocol(value, protocols) ? { value } : { problems: [refusal] });
    return { ...about, kind: { read: text, rules: [IsString()], parse, show } };
}
/** Text read by a parser of its own (src/config/parsers.ts). */
export function parsed(parse, about) {
    return { ...about, kind: { read: text, rules: [IsString()], parse, show } };
}
//# sourceMappingURL=variable.js.map