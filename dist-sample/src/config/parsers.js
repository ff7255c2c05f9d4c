import { createPrivateKey, X509Certificate } from 'node:crypto';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
export function isUrlWithProtocol(value, protocols) {
    try {
        return protocols.includes(new URL(value).protocol);
    }
    catch {
        return false;
    }
}
/**
 * `LLM_PRICE_TABLE`: a JSON object `{"<model>": {"input": <INR/Mtok>, "output": <INR/Mtok>}}`.
 * Answers the entries, or every problem found (so the boot message names them all).
 */
export function parsePriceTable(json) {
    let parsed;
    try {
        parsed = JSON.parse(json);
    }
    catch {
        return { entries: {}, problems: ['must be a JSON object like {"gpt-4o-mini":{"input":12.75,"output":51}}'] };
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
        return { entries: {}, problems: ['must be a JSON object of model names to {input, output} prices'] };
    }
    const entries = {};
    const problems = [];
    for (const [model, value] of Object.entries(parsed)) {
        if (!model.trim()) {
            problems.push('model names must not be empty');
            continue;
        }
        const price = value;
        const keys = typeof price === 'object' && price !== null && !Array.isArray(price) ? Object.keys(price) : null;
        const valid = (n) => typeof n === 'number' && Number.isFinite(n) && n >= 0;
        if (!keys || !valid(price?.input) || !valid(price?.output) || keys.some((k) => k !== 'input' && k !== 'output')) {
            problems.push(`"${model}" must be {"input": <INR per million tokens>, "output": <INR per million tokens>}, both numbers ≥ 0`);
            continue;
        }
        entries[model] = { input: price.input, output: price.output };
    }
    return { entries, problems };
}
/**
 * Where NAVs may be downloaded from: https only, since every holding's latest value is computed from
 * them and a plain-http feed can be rewritten on the way. The one exception is http to a loopback
 * address literal (127.0.0.0/8, ::1), which never leaves the machine: a local mirror, or a test's feed.
 * Checked when the configuration is loaded and again for every redirect.
 */
export function isAllowedNavUrl(url) {
    if (url.protocol === 'https:')
        return true;
    const host = url.hostname.replace(/^\[|\]$/g, '');
    return url.protocol === 'http:' && isIP(host) !== 0 && ipaddr.process(host).range() === 'loopback';
}
/**
 * MARKET_DATA_NAV_SOURCE: an https URL (http only to a loopback address: see isAllowedNavUrl), or else
 * a file path (a Windows drive letter is a path, any other scheme is refused).
 */
export function navSourceLocation(value) {
    const scheme = /^([a-z][a-z0-9+.-]+):/i.exec(value)?.[1].toLowerCase();
    if (!scheme)
        return { value: { kind: 'file', path: value } };
    if ((scheme === 'http' || scheme === 'https') && isUrlWithProtocol(value, ['http:', 'https:']) && isAllowedNavUrl(new URL(value))) {
        return { value: { kind: 'url', url: value } };
    }
    return { problems: ['must be a file path or an https: URL (http: only to a loopback address)'] };
}
/** Names Express's `trust proxy` knows for address ranges. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];
/**
 * TRUST_PROXY: which hops in front of the service may say who the client is (X-Forwarded-For).
 * `false` (default) or `0`: none; the client is the connection's address. A number n: the n proxies in
 * front of the service; the client is the n-th address from the right of X-Forwarded-For (each proxy
 * appends the address it was reached from). A comma-separated list of the proxies' addresses, CIDRs
 * or the names loopback, linklocal, uniquelocal: the client is the right-most address not in the list.
 * `true` is refused: Express would take the left-most address, which the client itself writes, so a
 * client could choose the address that rate limits count and the audit log records.
 */
export function trustProxySetting(value) {
    const text = value.trim().toLowerCase();
    if (text === 'false')
        return { value: false };
    if (text === 'true') {
        return {
            problems: [
                'true is refused: it takes the client address from the left-most X-Forwarded-For entry, which the client writes. ' +
                    'Give the number of proxies in front of the service (e.g. 1) or their addresses or CIDRs (e.g. 10.0.0.0/8,loopback)',
            ],
        };
    }
    if (/^\d+$/.test(text))
        return { value: Number(text) === 0 ? false : Number(text) };
    const entries = text.split(',').map((entry) => entry.trim());
    const bad = entries.filter((entry) => !PROXY_RANGE_NAMES.includes(entry) && !isAddressOrCidr(entry));
    if (bad.length > 0) {
        return { problems: [`must be false, a number of proxies, or addresses, CIDRs or ${PROXY_RANGE_NAMES.join(', ')}; not ${bad.map((b) => `"${b}"`).join(', ')}`] };
    }
    return { value: entries };
}
function isAddressOrCidr(value) {
    const [address, prefix, ...rest] = value.split('/');
    const family = isIP(address);
    if (family === 0 || rest.length > 0)
        return false;
    return prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
}
/** APP_ENCRYPTION_KEYS_PREVIOUS: comma-separated keys, each at least 32 characters. */
export function keyList(value) {
    const keys = value.split(',').map((k) => k.trim()).filter(Boolean);
    return keys.some((k) => k.length < 32) ? { problems: ['each key must be at least 32 characters'] } : { value: keys };
}
/** PEM text from one environment variable (literal `\n` sequences stand for line breaks), checked by `parse`. */
export function pem(what, parse) {
    return (value) => {
        const text = value.replace(/\\n/g, '\n').trim();
        try {
            parse(text);
            return { value: text };
        }
        catch {
            return { problems: [`must be a PEM ${what}`] };
        }
    };
}
export const pemPrivateKey = pem('private key', (text) => createPrivateKey(text));
export const pemCertificate = pem('X.509 certificate', (text) => new X509Certificate(text));
/**
 * An S3 key prefix: path segments of letters, digits and `!-_.*'()` joined by `/`, no leading or
 * trailing `/` and no empty, `.` or `..` segment (at most 256 characters).
 */
export function s3Prefix(value) {
    if (value === '')
        return { value };
    const segments = value.split('/');
    const fine = value.length <= 256 && segments.every((s) => /^[A-Za-z0-9!_.*'()-]+$/.test(s) && s !== '.' && s !== '..');
    return fine ? { value } : { problems: ["must be path segments of letters, digits and !-_.*'() joined by / (no leading or trailing /)"] };
}
//# sourceMappingURL=parsers.js.map