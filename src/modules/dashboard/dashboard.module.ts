import { Module } from '@nestjs/common';
import { DashboardController } from './dashboard.controller.js';
import { DashboardRepository } from './dashboard.repository.js';
import { DashboardService } from './dashboard.service.js';

/** The caller's overview: summary figures and the activity feed. */
@Module({ controllers: [DashboardController], providers: [DashboardRepository, DashboardService] })
export class DashboardModule {}
