import { describe, expect, it } from '@jest/globals';
import { MetricsService } from '../../../src/modules/metrics/metrics.service.js';
import { QueueMetrics } from '../../../src/modules/nexus/pipeline/queue-metrics.js';
import type { PipelineQueues } from '../../../src/modules/nexus/pipeline/pipeline-queues.js';

describe('foliodesk_queue_depth', () => {
  it('serves current depths, and no series at all while Redis cannot be read', async () => {
    let redisUp = true;
    const queues = {
      depths: async () => {
        if (!redisUp) throw new Error('Connection is closed.');
        return { extract: 3, enrich: 1 };
      },
    } as unknown as PipelineQueues;
    const metrics = new MetricsService();
    new QueueMetrics(metrics, queues).onModuleInit();
    const depth = () => metrics.registry.getSingleMetric('foliodesk_queue_depth')!.get();

    const up = await depth();
    expect(up.values.map((v) => [v.labels.queue, v.value])).toEqual([
      ['pipeline-extract', 3],
      ['pipeline-enrich', 1],
    ]);

    redisUp = false;
    expect((await depth()).values).toEqual([]);
    expect(await metrics.registry.metrics()).not.toMatch(/^foliodesk_queue_depth\{/m);

    redisUp = true;
    expect((await depth()).values).toHaveLength(2);
  });
});
