var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var __metadata = (this && this.__metadata) || function (k, v) {
    if (typeof Reflect === "object" && typeof Reflect.metadata === "function") return Reflect.metadata(k, v);
};
import { Injectable } from '@nestjs/common';
import { Gauge } from 'prom-client';
import { MetricsService } from '../../metrics/metrics.service.js';
import { PipelineQueues } from './pipeline-queues.js';
/** `foliodesk_queue_depth{queue}`: jobs waiting, running or delayed per stage, read at scrape time. */
let QueueMetrics = class QueueMetrics {
    constructor(metrics, queues) {
        this.metrics = metrics;
        this.queues = queues;
    }
    onModuleInit() {
        const queues = this.queues;
        new Gauge({
            name: 'foliodesk_queue_depth',
            help: 'Pipeline jobs waiting, active or delayed, per stage queue',
            labelNames: ['queue'],
            registers: [this.metrics.registry],
            async collect() {
                const depths = await queues.depths().catch(() => null);
                // Redis unreadable: drop every series rather than keep serving the last depths as if current.
                this.reset();
                if (!depths)
                    return;
                for (const [queue, depth] of Object.entries(depths))
                    this.set({ queue: `pipeline-${queue}` }, depth);
            },
        });
    }
};
QueueMetrics = __decorate([
    Injectable(),
    __metadata("design:paramtypes", [MetricsService,
        PipelineQueues])
], QueueMetrics);
export { QueueMetrics };
//# sourceMappingURL=queue-metrics.js.map