import { describe, expect, it } from '@jest/globals';
import { MetricsService } from '../../../src/modules/metrics/metrics.service.js';
import { BoundedLabel, OperationsMetrics, statusClass } from '../../../src/modules/metrics/operations-metrics.js';

const LABELS: Record<string, string[]> = {
  foliodesk_pipeline_runs_total: ['family', 'outcome'],
  foliodesk_pipeline_run_duration_seconds: ['family', 'outcome'],
  foliodesk_pipeline_stage_duration_seconds: ['stage', 'outcome'],
  foliodesk_pipeline_failures_total: ['stage', 'code'],
  foliodesk_batches_total: ['source'],
  foliodesk_batch_files_total: ['outcome'],
  foliodesk_client_reports_total: ['outcome', 'code'],
  foliodesk_client_report_duration_seconds: ['outcome'],
  foliodesk_webhook_delivery_attempts_total: ['event', 'outcome'],
  foliodesk_webhook_delivery_failures_total: ['event', 'status_class'],
  foliodesk_webhook_subscriptions_paused_total: ['reason'],
  foliodesk_llm_tokens_total: ['provider', 'model', 'direction'],
  foliodesk_llm_cost_inr_total: ['provider', 'model'],
};

function setup() {
  const service = new MetricsService();
  return { service, metrics: new OperationsMetrics(service) };
}

async function series(service: MetricsService, name: string) {
  return (await service.registry.getSingleMetric(name)!.get()).values;
}

describe('OperationsMetrics', () => {
  it('registers each metric with its tenant-free labels', async () => {
    const { service } = setup();
    const all = await service.registry.getMetricsAsJSON();
    for (const [name, labels] of Object.entries(LABELS)) {
      expect(all.map((m) => m.name)).toContain(name);
      expect((service.registry.getSingleMetric(name) as unknown as { labelNames: string[] }).labelNames).toEqual(labels);
    }
    for (const labels of Object.values(LABELS)) expect(labels.filter((l) => /tenant|user|client|document|file|pan|name/i.test(l))).toEqual([]);
  });

  it('counts a completed and a failed run, its duration and the failure by stage and code', async () => {
    const { service, metrics } = setup();
    metrics.runEnded({ family: 'CAMS_DETAILED_CAS', outcome: 'completed', durationMs: 4200 });
    metrics.runEnded({ family: 'UNKNOWN', outcome: 'failed', durationMs: 900, stage: 'parsing', code: 'PDF_PASSWORD_REQUIRED' });
    expect((await series(service, 'foliodesk_pipeline_runs_total')).map((v) => [v.labels, v.value])).toEqual([
      [{ family: 'CAMS_DETAILED_CAS', outcome: 'completed' }, 1],
      [{ family: 'UNKNOWN', outcome: 'failed' }, 1],
    ]);
    expect((await series(service, 'foliodesk_pipeline_failures_total')).map((v) => [v.labels, v.value])).toEqual([[{ stage: 'parsing', code: 'PDF_PASSWORD_REQUIRED' }, 1]]);
    const sum = (await series(service, 'foliodesk_pipeline_run_duration_seconds')).find((v) => (v as { metricName?: string }).metricName === 'foliodesk_pipeline_run_duration_seconds_sum' && v.labels.outcome === 'completed');
    expect(sum!.value).toBeCloseTo(4.2);
  });

  it('counts webhook attempts, failures by status class and pauses by reason', async () => {
    const { service, metrics } = setup();
    metrics.deliveryAttempted('document.completed', true, 200);
    metrics.deliveryAttempted('document.completed', false, 503);
    metrics.deliveryAttempted('document.failed', false, null);
    metrics.subscriptionPaused('gone');
    expect((await series(service, 'foliodesk_webhook_delivery_attempts_total')).map((v) => [v.labels.outcome, v.value])).toEqual([
      ['succeeded', 1],
      ['failed', 1],
      ['failed', 1],
    ]);
    expect((await series(service, 'foliodesk_webhook_delivery_failures_total')).map((v) => v.labels.status_class)).toEqual(['5xx', 'network']);
    expect((await series(service, 'foliodesk_webhook_subscriptions_paused_total'))[0]).toMatchObject({ labels: { reason: 'gone' }, value: 1 });
  });

  it('adds model tokens, and a cost only when the model has a price (never 0 for an unknown one)', async () => {
    const { service, metrics } = setup();
    metrics.modelUsed('openai', 'gpt-4o-mini', 1000, 200, 0.05);
    metrics.modelUsed('openai', 'unpriced-model', 10, 5, null);
    expect((await series(service, 'foliodesk_llm_tokens_total')).map((v) => [v.labels.model, v.labels.direction, v.value])).toEqual([
      ['gpt-4o-mini', 'input', 1000],
      ['gpt-4o-mini', 'output', 200],
      ['unpriced-model', 'input', 10],
      ['unpriced-model', 'output', 5],
    ]);
    expect((await series(service, 'foliodesk_llm_cost_inr_total')).map((v) => [v.labels.model, v.value])).toEqual([['gpt-4o-mini', 0.05]]);
  });

  it('counts batches, their files by outcome and reports with their duration', async () => {
    const { service, metrics } = setup();
    metrics.batchCreated('zip');
    metrics.batchFiles('waiting', 3);
    metrics.batchFiles('admitted', 0);
    metrics.reportEnded('completed', 1500);
    metrics.reportEnded('failed', 200, 'CLIENT_NOT_FOUND');
    expect((await series(service, 'foliodesk_batch_files_total')).map((v) => [v.labels.outcome, v.value])).toEqual([['waiting', 3]]);
    expect((await series(service, 'foliodesk_client_reports_total')).map((v) => [v.labels, v.value])).toEqual([
      [{ outcome: 'completed', code: '' }, 1],
      [{ outcome: 'failed', code: 'CLIENT_NOT_FOUND' }, 1],
    ]);
  });
});

describe('BoundedLabel', () => {
  it('keeps the first values, then answers other, and refuses values that are not label-like', () => {
    const label = new BoundedLabel(2);
    expect([label.of('a'), label.of('b'), label.of('c'), label.of('a')]).toEqual(['a', 'b', 'other', 'a']);
    expect(new BoundedLabel().of('Mr A Kumar, ABCDE1234F')).toBe('other');
    expect(new BoundedLabel().of(null)).toBe('other');
  });

  it('classes a status code, and no answer as network', () => {
    expect([statusClass(404), statusClass(500), statusClass(null)]).toEqual(['4xx', '5xx', 'network']);
  });
});
