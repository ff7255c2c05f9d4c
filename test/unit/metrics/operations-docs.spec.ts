import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { MetricsService } from '../../../src/modules/metrics/metrics.service.js';
import { OperationsMetrics } from '../../../src/modules/metrics/operations-metrics.js';

const read = (path: string) => readFileSync(new URL(`../../../${path}`, import.meta.url), 'utf8');

// The operator's metrics, as registered: the dashboard and docs/operations.md must name exactly these.
const service = new MetricsService();
new OperationsMetrics(service);
const OPERATIONS = service.registry.getMetricsAsArray().map((m) => (m as unknown as { name: string }).name).filter((name) => /^foliodesk_(pipeline|batch|client_report|webhook|llm)/.test(name));
// Registered elsewhere (by providers that need Redis or the HTTP layer), read by the dashboard too.
const ELSEWHERE = ['foliodesk_queue_depth', 'http_request_duration_seconds'];

describe('the operator view: docs and dashboard', () => {
  const dashboard = JSON.parse(read('docker/grafana/foliodesk-dashboard.json')) as { panels: Array<{ type: string; targets?: Array<{ expr: string }> }> };
  const exprs = dashboard.panels.flatMap((p) => p.targets ?? []).map((t) => t.expr);
  const read_ = new Set(exprs.flatMap((e) => e.match(/\b(?:foliodesk|http)_[a-z_]+/g) ?? []).map((n) => n.replace(/_(bucket|sum|count)$/, '')));

  it('has the metrics it expects', () => {
    expect(OPERATIONS).toHaveLength(13);
  });

  it('charts every operator metric, and reads no metric the service does not serve', () => {
    for (const name of OPERATIONS) expect(read_).toContain(name);
    expect([...read_].filter((name) => !OPERATIONS.includes(name) && !ELSEWHERE.includes(name))).toEqual([]);
  });

  it('documents every operator metric in docs/operations.md', () => {
    const docs = read('docs/operations.md');
    expect(OPERATIONS.filter((name) => !docs.includes(`\`${name}\``))).toEqual([]);
  });
});
