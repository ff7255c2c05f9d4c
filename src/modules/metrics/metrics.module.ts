import { Global, Module } from '@nestjs/common';
import { MetricsController } from './metrics.controller.js';
import { MetricsService } from './metrics.service.js';
import { OperationsMetrics } from './operations-metrics.js';

@Global()
@Module({ controllers: [MetricsController], providers: [MetricsService, OperationsMetrics], exports: [MetricsService, OperationsMetrics] })
export class MetricsModule {}
