import type { Logger } from 'pino';
import { withoutIdentifiers } from '../../llm/pii-masker.js';
import { WebSearchProvider, type WebResult } from './web-search-provider.js';

/** Longest snippet kept per result (SearxNG passes on whatever the engines return). */
const MAX_SNIPPET_CHARS = 500;
const MAX_TITLE_CHARS = 300;

interface SearxngResult {
  title?: unknown;
  url?: unknown;
  content?: unknown;
}

export { withoutIdentifiers };

const text = (value: unknown, max: number): string => (typeof value === 'string' ? value.replace(/\s+/g, ' ').trim().slice(0, max) : '');

function isHttpUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    const { protocol } = new URL(value);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

/** The results of a SearxNG JSON answer (`{results: [{title, url, content}, …]}`), deduplicated by URL. */
export function parseSearxngResults(body: unknown, limit: number): WebResult[] {
  const results = (body as { results?: unknown } | null)?.results;
  if (!Array.isArray(results)) return [];
  const seen = new Set<string>();
  const out: WebResult[] = [];
  for (const r of results as SearxngResult[]) {
    if (out.length >= limit) break;
    if (!r || !isHttpUrl(r.url) || seen.has(r.url)) continue;
    seen.add(r.url);
    out.push({ title: text(r.title, MAX_TITLE_CHARS) || r.url, url: r.url, snippet: text(r.content, MAX_SNIPPET_CHARS) });
  }
  return out;
}

/**
 * Web search through a self-hosted SearxNG instance's JSON API (`GET /search?q=…&format=json`; the
 * instance must list `json` in `search.formats`). A search that fails — unreachable, too slow, an
 * error status, a body that is not SearxNG's JSON — answers no results and logs a warning: a chat
 * answer goes on without the web rather than failing. Personal identifiers are removed from the query.
 */
export class SearxngWebSearchProvider extends WebSearchProvider {
  readonly available = true;
  private readonly endpoint: URL;

  constructor(
    baseUrl: string,
    private readonly timeoutMs: number,
    private readonly logger: Logger,
  ) {
    super();
    // Keep a path prefix (https://host/searxng/) : resolve "search" relative to it.
    this.endpoint = new URL('search', baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
  }

  async search(query: string, limit: number): Promise<WebResult[]> {
    const q = withoutIdentifiers(query);
    if (!q || limit < 1) return [];
    const url = new URL(this.endpoint);
    url.searchParams.set('q', q);
    url.searchParams.set('format', 'json');
    const started = Date.now();
    try {
      const res = await fetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(this.timeoutMs), redirect: 'follow' });
      if (!res.ok) {
        await res.body?.cancel().catch(() => undefined);
        const hint = res.status === 403 ? ' (is "json" listed in the instance\'s search.formats?)' : '';
        this.logger.warn({ status: res.status, endpoint: this.endpoint.origin }, `SearxNG answered HTTP ${res.status}${hint}: web search skipped`);
        return [];
      }
      return parseSearxngResults(await res.json(), Math.floor(limit));
    } catch (error) {
      const e = error as { name?: string; message?: string };
      const reason = e.name === 'TimeoutError' ? `no answer within ${this.timeoutMs} ms` : (e.message ?? String(error));
      this.logger.warn({ endpoint: this.endpoint.origin, elapsed_ms: Date.now() - started }, `SearxNG search failed (${reason}): web search skipped`);
      return [];
    }
  }
}
