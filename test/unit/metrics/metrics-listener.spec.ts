import { describe, expect, it } from '@jest/globals';
import type { AddressInfo } from 'node:net';
import { Counter, Registry } from 'prom-client';
import { startMetricsListener } from '../../../src/modules/metrics/metrics-listener.js';

describe("a worker's metrics listener", () => {
  it('serves GET /metrics from the registry and nothing else', async () => {
    const registry = new Registry();
    new Counter({ name: 'foliodesk_test_total', help: 'a test counter', registers: [registry] }).inc(2);
    const server = await startMetricsListener(registry, 0, '127.0.0.1');
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const scrape = await fetch(`${base}/metrics`);
      expect(scrape.status).toBe(200);
      expect(scrape.headers.get('content-type')).toContain('text/plain');
      expect(await scrape.text()).toMatch(/^foliodesk_test_total 2$/m);
      expect((await fetch(`${base}/api/v1/health`)).status).toBe(404);
      expect((await fetch(`${base}/metrics`, { method: 'POST' })).status).toBe(404);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
