import { Injectable } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';

/** The process's Prometheus registry: Node runtime metrics plus HTTP latency by route template. */
@Injectable()
export class MetricsService {
  readonly registry = new Registry();
  private readonly httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency by method, route template and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry, prefix: 'foliodesk_' });
  }

  /** Express middleware: observes each request when its response finishes. */
  readonly middleware = (req: Request, res: Response, next: NextFunction) => {
    const end = this.httpDuration.startTimer();
    res.once('finish', () => {
      // The route template (never the raw path, whose ids would explode the label set).
      const route = req.route?.path ? `${req.baseUrl}${String(req.route.path)}` : 'unmatched';
      end({ method: req.method, route, status_code: String(res.statusCode) });
    });
    next();
  };
}
