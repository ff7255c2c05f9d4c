import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { pino } from 'pino';
import { loadConfig } from '../../../src/config/app-config.js';
import { MetricsService } from '../../../src/modules/metrics/metrics.service.js';
import { MarketDataService } from '../../../src/modules/nexus/market-data/market-data.service.js';
import { NavSource } from '../../../src/modules/nexus/market-data/nav-source.js';
import type { ExtractionDraft } from '../../../src/modules/extraction/types.js';
import { makeHolding } from '../../support/holding.js';

const NAV_FILE = readFileSync(new URL('../../fixtures/amfi/NAVAll.txt', import.meta.url), 'utf8');
const ERROR_PAGE = readFileSync(new URL('../../fixtures/amfi/NAVAll-error-page.txt', import.meta.url), 'utf8');

/** A source whose answers the test decides, counting reads. */
class ScriptedSource extends NavSource {
  readonly description = 'scripted';
  reads = 0;
  constructor(public answer: () => Promise<string>) {
    super();
  }
  read() {
    this.reads++;
    return this.answer();
  }
}

const draft = (isin: string): ExtractionDraft => ({
  classification: 'CAMS_DETAILED_CAS',
  period: { from: null, to: null },
  entities: [{ entity_name: 'A', pan: null, stated_total: null, holdings: [makeHolding({ scheme_name: 'S', isin, units: 10, nav: 300, market_value: 3000 })] }],
  stated_total: null,
  currency: 'INR',
});
const latestNav = (d: ExtractionDraft) => d.entities[0].holdings[0].latest_nav;

describe('MarketDataService', () => {
  const logger = pino({ level: 'silent' });
  const service = (source: NavSource | null, refreshMs = 60_000, metrics = new MetricsService()) =>
    new MarketDataService(loadConfig({ MARKET_DATA_NAV_SOURCE: '/unused', MARKET_DATA_REFRESH_MS: String(refreshMs) }), source, logger, metrics);
  /** The market-data series of the scrape, `name{labels} value` lines. */
  const scrape = async (metrics: MetricsService) => (await metrics.registry.metrics()).split('\n').filter((l) => l.startsWith('foliodesk_market_data_'));

  beforeEach(() => {
    jest.useFakeTimers({ now: new Date('2025-10-17T10:00:00Z'), doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('is off without a source and leaves drafts as they are', async () => {
    const d = draft('INF200K017V5');
    expect(await service(null).addLatestNavs(d)).toBe(d);
  });

  it('reads once for concurrent callers, then serves from the cache until the refresh interval', async () => {
    const source = new ScriptedSource(async () => NAV_FILE);
    const s = service(source);
    const [a, b] = await Promise.all([s.addLatestNavs(draft('INF200K017V5')), s.addLatestNavs(draft('INF174K01PB9'))]);
    expect([latestNav(a), latestNav(b)]).toEqual([331.2458, 53.8127]);
    expect(source.reads).toBe(1);
    jest.advanceTimersByTime(59_000);
    await s.addLatestNavs(draft('INF200K017V5'));
    expect(source.reads).toBe(1);
    jest.advanceTimersByTime(2_000);
    source.answer = async () => NAV_FILE.replace('331.2458', '333.0000');
    expect(latestNav(await s.addLatestNavs(draft('INF200K017V5')))).toBe(331.2458); // stale answer at once, refresh behind it
    await new Promise((r) => setImmediate(r));
    expect(source.reads).toBe(2);
    expect(latestNav(await s.addLatestNavs(draft('INF200K017V5')))).toBe(333);
  });

  it('keeps the previous prices when a refresh finds a malformed file', async () => {
    const source = new ScriptedSource(async () => NAV_FILE);
    const s = service(source);
    await s.navFile();
    jest.advanceTimersByTime(61_000);
    source.answer = async () => ERROR_PAGE;
    await s.navFile();
    await new Promise((r) => setImmediate(r));
    expect(source.reads).toBe(2);
    expect(latestNav(await s.addLatestNavs(draft('INF200K017V5')))).toBe(331.2458);
  });

  it('goes without latest NAVs while the source is broken, and reads it again a minute later', async () => {
    const source = new ScriptedSource(async () => ERROR_PAGE);
    const s = service(source, 3_600_000);
    await expect(s.navFile()).rejects.toThrow(/not an AMFI NAV file/);
    expect(latestNav(await s.addLatestNavs(draft('INF200K017V5')))).toBeUndefined();
    expect(source.reads).toBe(1); // the failure stands for a while
    source.answer = async () => {
      throw new Error('ENOENT: no such file');
    };
    jest.advanceTimersByTime(61_000);
    await expect(s.navFile()).rejects.toThrow(/ENOENT/);
    source.answer = async () => NAV_FILE;
    jest.advanceTimersByTime(61_000);
    expect(latestNav(await s.addLatestNavs(draft('INF200K017V5')))).toBe(331.2458);
    expect(source.reads).toBe(3);
  });

  it('reports off, loading, up and degraded, and serves them as Prometheus metrics', async () => {
    expect(service(null).status()).toMatchObject({ state: 'off', error: null });
    const offMetrics = new MetricsService();
    service(null, 60_000, offMetrics);
    expect(await scrape(offMetrics)).toEqual([]);

    const source = new ScriptedSource(async () => NAV_FILE);
    const metrics = new MetricsService();
    const s = service(source, 60_000, metrics);
    expect(s.status().state).toBe('loading');
    expect(await scrape(metrics)).toEqual([
      'foliodesk_market_data_up 0',
      'foliodesk_market_data_last_success_timestamp_seconds 0',
      'foliodesk_market_data_skipped_lines 0',
      'foliodesk_market_data_load_failures_total{reason="read"} 0',
      'foliodesk_market_data_load_failures_total{reason="format"} 0',
    ]);
    await s.navFile();
    expect(s.status()).toEqual({ state: 'up', error: null, loadedAt: Date.now(), skipped: 0 });
    expect(await scrape(metrics)).toEqual(
      expect.arrayContaining(['foliodesk_market_data_up 1', `foliodesk_market_data_last_success_timestamp_seconds ${Date.now() / 1000}`]),
    );

    // AMFI changes the file's columns again: a format failure, the earlier prices kept
    jest.advanceTimersByTime(61_000);
    source.answer = async () => NAV_FILE.replace('ISIN Div Payout/ ISIN Growth;ISIN Div Reinvestment', 'Growth Code;Reinvestment Code');
    await s.navFile();
    await new Promise((r) => setImmediate(r));
    expect(s.status()).toMatchObject({ state: 'degraded', error: expect.stringMatching(/header has no ISIN column/) });
    expect(latestNav(await s.addLatestNavs(draft('INF200K017V5')))).toBe(331.2458);
    expect(await scrape(metrics)).toEqual(
      expect.arrayContaining(['foliodesk_market_data_up 0', 'foliodesk_market_data_load_failures_total{reason="format"} 1', 'foliodesk_market_data_load_failures_total{reason="read"} 0']),
    );

    // unreachable, then back
    jest.advanceTimersByTime(61_000);
    source.answer = async () => {
      throw new Error('connect ECONNREFUSED');
    };
    await s.navFile();
    await new Promise((r) => setImmediate(r));
    expect(await scrape(metrics)).toEqual(expect.arrayContaining(['foliodesk_market_data_load_failures_total{reason="read"} 1']));
    jest.advanceTimersByTime(61_000);
    source.answer = async () => NAV_FILE;
    await s.navFile();
    await new Promise((r) => setImmediate(r));
    expect(s.status().state).toBe('up');
    expect(await scrape(metrics)).toEqual(expect.arrayContaining(['foliodesk_market_data_up 1']));
  });

  it('looks up records by ISIN, unpriced ones included (their category counts), and gives null when off or broken', async () => {
    const lookup = await service(new ScriptedSource(async () => NAV_FILE)).lookup();
    expect(lookup!('INF174K01RE9')).toMatchObject({ nav: null, category: 'Open Ended Schemes(Equity Scheme - Flexi Cap Fund)' });
    expect(lookup!('INF000000000')).toBeUndefined();
    expect(await service(null).lookup()).toBeNull();
    expect(await service(new ScriptedSource(async () => ERROR_PAGE)).lookup()).toBeNull();
  });
});
