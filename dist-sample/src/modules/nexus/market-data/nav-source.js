import { readFile } from 'node:fs/promises';
import { isAllowedNavUrl } from '../../../config/parsers.js';
/** A download or a file larger than this is not a NAV file (AMFI's full file is a few MB). */
const MAX_BYTES = 64 * 1024 * 1024;
const FETCH_TIMEOUT_MS = 30_000;
const MAX_REDIRECTS = 5;
/**
 * Where the NAV file comes from: the only code that touches the file system or the network for
 * market data. Another feed (a vendor API, an object store) is another implementation.
 */
export class NavSource {
}
export class FileNavSource extends NavSource {
    constructor(path) {
        super();
        this.path = path;
        this.description = `file ${path}`;
    }
    async read() {
        const buffer = await readFile(this.path);
        if (buffer.length > MAX_BYTES)
            throw new Error(`${this.description} is larger than ${MAX_BYTES} bytes`);
        return buffer.toString('utf8');
    }
}
export class HttpNavSource extends NavSource {
    /** `maxBytes` is lowered only by tests; the feed is never allowed more than the default. */
    constructor(url, maxBytes = MAX_BYTES) {
        super();
        this.url = url;
        this.maxBytes = maxBytes;
        this.description = `URL ${url}`;
    }
    async read() {
        const tooLarge = () => new Error(`${this.description} is larger than ${this.maxBytes} bytes`);
        const aborter = new AbortController();
        const signal = AbortSignal.any([aborter.signal, AbortSignal.timeout(FETCH_TIMEOUT_MS)]);
        const res = await this.fetchFollowing(signal);
        try {
            if (!res.ok)
                throw new Error(`${this.description} answered HTTP ${res.status}`);
            const length = Number(res.headers.get('content-length') ?? 0);
            if (length > this.maxBytes)
                throw tooLarge();
            if (!res.body)
                return '';
            // Counted as it arrives: a chunked (or lying) feed is cut off at the limit, not buffered whole.
            const reader = res.body.getReader();
            const chunks = [];
            let received = 0;
            for (;;) {
                const { done, value } = await reader.read();
                if (done)
                    break;
                received += value.byteLength;
                if (received > this.maxBytes) {
                    await reader.cancel().catch(() => undefined);
                    throw tooLarge();
                }
                chunks.push(value);
            }
            return Buffer.concat(chunks, received).toString('utf8');
        }
        finally {
            // Closes the connection if the body was not read to the end (a refusal above); a no-op otherwise.
            aborter.abort();
        }
    }
    /** Follows redirects itself, so that each one is held to isAllowedNavUrl (no downgrade to http). */
    async fetchFollowing(signal) {
        let url = new URL(this.url);
        for (let redirects = 0;; redirects++) {
            if (!isAllowedNavUrl(url))
                throw new Error(`${this.description}: refused ${url.protocol} URL ${url.origin} (https only)`);
            const res = await fetch(url, { headers: { accept: 'text/plain' }, signal, redirect: 'manual' });
            const location = res.status >= 300 && res.status < 400 ? res.headers.get('location') : null;
            if (location === null)
                return res;
            await res.body?.cancel().catch(() => undefined);
            if (redirects === MAX_REDIRECTS)
                throw new Error(`${this.description}: more than ${MAX_REDIRECTS} redirects`);
            url = new URL(location, url);
        }
    }
}
/** The source `MARKET_DATA_NAV_SOURCE` names; null when market data is off. */
export function navSourceFor(location) {
    if (!location)
        return null;
    return location.kind === 'url' ? new HttpNavSource(location.url) : new FileNavSource(location.path);
}
//# sourceMappingURL=nav-source.js.map