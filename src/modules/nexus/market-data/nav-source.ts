import { readFile } from 'node:fs/promises';
import type { NavSourceLocation } from '../../../config/app-config.js';

/** A download or a file larger than this is not a NAV file (AMFI's full file is a few MB). */
const MAX_BYTES = 64 * 1024 * 1024;
const FETCH_TIMEOUT_MS = 30_000;

/**
 * Where the NAV file comes from: the only code that touches the file system or the network for
 * market data. Another feed (a vendor API, an object store) is another implementation.
 */
export abstract class NavSource {
  /** Where it reads from, for logs and error messages. */
  abstract readonly description: string;
  /** The file's text; rejects when it cannot be read. */
  abstract read(): Promise<string>;
}

export class FileNavSource extends NavSource {
  readonly description: string;

  constructor(private readonly path: string) {
    super();
    this.description = `file ${path}`;
  }

  async read(): Promise<string> {
    const buffer = await readFile(this.path);
    if (buffer.length > MAX_BYTES) throw new Error(`${this.description} is larger than ${MAX_BYTES} bytes`);
    return buffer.toString('utf8');
  }
}

export class HttpNavSource extends NavSource {
  readonly description: string;

  constructor(private readonly url: string) {
    super();
    this.description = `URL ${url}`;
  }

  async read(): Promise<string> {
    const res = await fetch(this.url, { headers: { accept: 'text/plain' }, signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), redirect: 'follow' });
    if (!res.ok) throw new Error(`${this.description} answered HTTP ${res.status}`);
    const length = Number(res.headers.get('content-length') ?? 0);
    if (length > MAX_BYTES) throw new Error(`${this.description} is larger than ${MAX_BYTES} bytes`);
    const text = await res.text();
    if (text.length > MAX_BYTES) throw new Error(`${this.description} is larger than ${MAX_BYTES} bytes`);
    return text;
  }
}

/** The source `MARKET_DATA_NAV_SOURCE` names; null when market data is off. */
export function navSourceFor(location: NavSourceLocation | null): NavSource | null {
  if (!location) return null;
  return location.kind === 'url' ? new HttpNavSource(location.url) : new FileNavSource(location.path);
}
