import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { pino } from 'pino';
import { loadConfig } from '../../../src/config/app-config.js';
import { NoWebSearchProvider } from '../../../src/modules/zen/web-search/no-web-search.provider.js';
import { SearxngWebSearchProvider, withoutIdentifiers } from '../../../src/modules/zen/web-search/searxng-web-search.provider.js';
import { webSearchProviderFor } from '../../../src/modules/zen/web-search/web-search.factory.js';

/** What SearxNG's JSON API answers (`GET /search?q=…&format=json`), trimmed to the fields that matter. */
const SEARXNG_ANSWER = {
  query: 'parag parikh flexi cap nav',
  number_of_results: 0,
  results: [
    {
      url: 'https://www.amfiindia.com/nav-history',
      title: 'NAV History - AMFI',
      content: 'Net asset value history of   mutual fund schemes\nin India.',
      engine: 'duckduckgo',
      engines: ['duckduckgo', 'bing'],
      score: 2.5,
      category: 'general',
    },
    { url: 'https://www.amfiindia.com/nav-history', title: 'duplicate', content: 'same URL again', engine: 'bing' },
    { url: 'javascript:alert(1)', title: 'not a web page', content: '' },
    { title: 'no url at all', content: 'x' },
    { url: 'https://ppfas.com/schemes/parag-parikh-flexi-cap-fund/', title: 'Parag Parikh Flexi Cap Fund', engine: 'google' },
    { url: 'https://example.in/3', title: 'Third', content: 'third result' },
  ],
  answers: [],
  corrections: [],
  infoboxes: [],
  suggestions: ['parag parikh flexi cap fund direct growth nav'],
  unresponsive_engines: [],
};

type Behaviour = { kind: 'json'; status?: number; body: unknown } | { kind: 'hang' } | { kind: 'html' };

describe('SearxngWebSearchProvider against a mock SearxNG server on 127.0.0.1 (stand-in for the outside service)', () => {
  let server: Server;
  let base: string;
  let behaviour: Behaviour = { kind: 'json', body: SEARXNG_ANSWER };
  const requests: URL[] = [];
  const warnings: string[] = [];
  const logger = pino({ level: 'warn' }, { write: (line: string) => void warnings.push(JSON.parse(line).msg) });

  beforeAll(async () => {
    server = createServer((req, res) => {
      requests.push(new URL(req.url ?? '/', 'http://127.0.0.1'));
      const b = behaviour;
      if (b.kind === 'hang') return;
      if (b.kind === 'html') {
        res.writeHead(200, { 'content-type': 'text/html' });
        return res.end('<html><body>results</body></html>');
      }
      res.writeHead(b.status ?? 200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(b.body));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });
  beforeEach(() => {
    requests.length = 0;
    warnings.length = 0;
    behaviour = { kind: 'json', body: SEARXNG_ANSWER };
  });

  it('asks GET /search?q=…&format=json and maps results to {title, url, snippet}, skipping duplicates and non-web URLs', async () => {
    const provider = new SearxngWebSearchProvider(base, 2000, logger);
    expect(provider.available).toBe(true);
    const results = await provider.search('parag parikh flexi cap nav', 5);
    expect(requests).toHaveLength(1);
    expect(requests[0].pathname).toBe('/search');
    expect(Object.fromEntries(requests[0].searchParams)).toEqual({ q: 'parag parikh flexi cap nav', format: 'json' });
    expect(results).toEqual([
      { title: 'NAV History - AMFI', url: 'https://www.amfiindia.com/nav-history', snippet: 'Net asset value history of mutual fund schemes in India.' },
      { title: 'Parag Parikh Flexi Cap Fund', url: 'https://ppfas.com/schemes/parag-parikh-flexi-cap-fund/', snippet: '' },
      { title: 'Third', url: 'https://example.in/3', snippet: 'third result' },
    ]);
    expect(await provider.search('parag parikh flexi cap nav', 1)).toHaveLength(1);
    expect(warnings).toEqual([]);
  });

  it('keeps a path prefix of SEARXNG_URL', async () => {
    await new SearxngWebSearchProvider(`${base}/searxng`, 2000, logger).search('nifty 50', 3);
    await new SearxngWebSearchProvider(`${base}/searxng/`, 2000, logger).search('nifty 50', 3);
    expect(requests.map((r) => r.pathname)).toEqual(['/searxng/search', '/searxng/search']);
  });

  it('never sends personal identifiers: PANs, e-mails, phone numbers and folios are removed from the query', async () => {
    await new SearxngWebSearchProvider(base, 2000, logger).search('ABCDE1234F folio 1234567 / 89 asha@example.in 9876543210 exit load HDFC Top 100', 3);
    expect(requests[0].searchParams.get('q')).toBe('folio exit load HDFC Top 100');
    expect(withoutIdentifiers('PAN ABCDE1234F')).toBe('PAN');
  });

  it.each<{ name: string; b: Behaviour; warning: RegExp }>([
    { name: 'an error status', b: { kind: 'json', status: 500, body: { error: 'boom' } }, warning: /HTTP 500/ },
    { name: '403 (JSON format not enabled on the instance)', b: { kind: 'json', status: 403, body: {} }, warning: /HTTP 403.*search\.formats/ },
    { name: 'a body that is not JSON', b: { kind: 'html' }, warning: /failed/ },
    { name: 'no answer within the timeout', b: { kind: 'hang' }, warning: /no answer within 300 ms/ },
  ])('answers no results and logs a warning on $name', async ({ b, warning }) => {
    behaviour = b;
    const results = await new SearxngWebSearchProvider(base, 300, logger).search('sensex today', 5);
    expect(results).toEqual([]);
    expect(warnings).toEqual([expect.stringMatching(warning)]);
  });

  it('answers no results when the JSON has no results array', async () => {
    behaviour = { kind: 'json', body: { query: 'x' } };
    expect(await new SearxngWebSearchProvider(base, 2000, logger).search('x', 5)).toEqual([]);
  });

  it('answers no results, without a request, for an empty query', async () => {
    expect(await new SearxngWebSearchProvider(base, 2000, logger).search('   ', 5)).toEqual([]);
    expect(requests).toEqual([]);
  });

  it('answers no results and a warning when nothing listens at SEARXNG_URL', async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    expect(await new SearxngWebSearchProvider(`http://127.0.0.1:${port}`, 2000, logger).search('x', 5)).toEqual([]);
    expect(warnings).toHaveLength(1);
  });
});

describe('webSearchProviderFor (WEB_SEARCH_PROVIDER)', () => {
  const logger = pino({ level: 'silent' });

  it('is NoWebSearchProvider (available=false, no results) by default and with none', async () => {
    for (const env of [{}, { WEB_SEARCH_PROVIDER: 'none' }]) {
      const provider = webSearchProviderFor(loadConfig(env), logger);
      expect(provider).toBeInstanceOf(NoWebSearchProvider);
      expect(provider.available).toBe(false);
      expect(await provider.search('anything', 5)).toEqual([]);
    }
  });

  it('is SearxngWebSearchProvider with searxng and SEARXNG_URL', () => {
    const provider = webSearchProviderFor(loadConfig({ WEB_SEARCH_PROVIDER: 'searxng', SEARXNG_URL: 'http://127.0.0.1:8888' }), logger);
    expect(provider).toBeInstanceOf(SearxngWebSearchProvider);
    expect(provider.available).toBe(true);
  });

  it('refuses searxng without a URL, a URL that is not http(s), and a bad timeout', () => {
    expect(() => loadConfig({ WEB_SEARCH_PROVIDER: 'searxng' })).toThrow(/SEARXNG_URL: required/);
    expect(() => loadConfig({ WEB_SEARCH_PROVIDER: 'searxng', SEARXNG_URL: 'ftp://search.local' })).toThrow(/SEARXNG_URL: must be an http/);
    expect(() => loadConfig({ WEB_SEARCH_TIMEOUT_MS: '5' })).toThrow(/WEB_SEARCH_TIMEOUT_MS/);
    expect(loadConfig({ WEB_SEARCH_TIMEOUT_MS: '2500' }).webSearch.timeoutMs).toBe(2500);
  });
});
