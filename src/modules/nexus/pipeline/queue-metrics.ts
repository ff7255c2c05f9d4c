import { Injectable, type OnModuleInit } from '@nestjs/common';
import { Gauge } from 'prom-client';
import { MetricsService } from '../../metrics/metrics.service.js';
import { PipelineQueues } from './pipeline-queues.js';

/** `foliodesk_queue_depth{queue}`: jobs waiting, running or delayed per stage, read at scrape time. */
@Injectable()
export class QueueMetrics implements OnModuleInit {
  constructor(
    private readonly metrics: MetricsService,
    private readonly queues: PipelineQueues,
  ) {}

  onModuleInit() {
    const queues = this.queues;
    new Gauge({
      name: 'foliodesk_queue_depth',
      help: 'Pipeline jobs waiting, active or delayed, per stage queue',
      labelNames: ['queue'] as const,
      registers: [this.metrics.registry],
      async collect() {
        const depths = await queues.depths().catch(() => null);
        // Redis unreadable: drop every series rather than keep serving the last depths as if current.
        this.reset();
        if (!depths) return;
        for (const [queue, depth] of Object.entries(depths)) this.set({ queue: `pipeline-${queue}` }, depth);
      },
    });
  }
}
