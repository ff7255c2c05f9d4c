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
import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';
/** The process's Prometheus registry: Node runtime metrics plus HTTP latency by route template. */
let MetricsService = class MetricsService {
    constructor() {
        this.registry = new Registry();
        this.httpDuration = new Histogram({
            name: 'http_request_duration_seconds',
            help: 'HTTP request latency by method, route template and status code',
            labelNames: ['method', 'route', 'status_code'],
            buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
            registers: [this.registry],
        });
        /** Express middleware: observes each request when its response finishes. */
        this.middleware = (req, res, next) => {
            const end = this.httpDuration.startTimer();
            res.once('finish', () => {
                // The route template (never the raw path, whose ids would explode the label set).
                const route = req.route?.path ? `${req.baseUrl}${String(req.route.path)}` : 'unmatched';
                end({ method: req.method, route, status_code: String(res.statusCode) });
            });
            next();
        };
        collectDefaultMetrics({ register: this.registry, prefix: 'foliodesk_' });
    }
};
MetricsService = __decorate([
    Injectable(),
    __metadata("design:paramtypes", [])
], MetricsService);
export { MetricsService };
//# sourceMappingURL=metrics.service.js.map