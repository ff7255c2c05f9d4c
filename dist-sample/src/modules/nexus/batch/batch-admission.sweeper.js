var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var __metadata = (this && this.__metadata) || function (k, v) {
    if (typeof Reflect === "object" && typeof Reflect.metadata === "function") return Reflect.metadata(k, v);
};
var __param = (this && this.__param) || function (paramIndex, decorator) {
    return function (target, key) { decorator(target, key, paramIndex); }
};
import { Inject, Injectable } from '@nestjs/common';
import { LOGGER } from '../../../common/logging/logging.module.js';
import { IntervalTask } from '../../../common/scheduling/interval-task.js';
import { AppConfig } from '../../../config/app-config.js';
import { BatchAdmission } from './batch-admission.js';
import { BatchRepository } from './batch.repository.js';
/**
 * The batch admission's recovery, where workers run (the pipeline reconciler's pattern): on start and
 * every PIPELINE_RECONCILE_INTERVAL_MS it admits the waiting files of every tenant that has some (an
 * admission lost with its process, or a run that ended while PostgreSQL was away), and opens and
 * starts again the admitted documents that never started within BATCH_RELAUNCH_AFTER_MS.
 */
let BatchAdmissionSweeper = class BatchAdmissionSweeper {
    constructor(config, repo, admission, logger) {
        this.config = config;
        this.repo = repo;
        this.admission = admission;
        this.logger = logger;
        this.task = new IntervalTask({ everyMs: config.pipeline.reconcileIntervalMs, firstAfterMs: 0, failureMessage: 'batch admission sweep failed; will retry', logger }, (now) => this.sweep(now));
    }
    onApplicationBootstrap() {
        this.task.start();
    }
    onApplicationShutdown() {
        this.task.stop();
    }
    /** One pass (none while another runs); returns how many tenants it admitted for and how many stalled documents it started again. */
    async tick(now = new Date()) {
        return (await this.task.run(now)) ?? { tenants: 0, relaunched: 0 };
    }
    async sweep(now) {
        const tenants = await this.repo.tenantsWaiting();
        for (const tenantId of tenants)
            await this.admission.admit(tenantId);
        const stalled = await this.repo.leaseStalled(new Date(now.getTime() - this.config.batch.relaunchAfterMs));
        for (const file of stalled)
            await this.admission.launch(file);
        if (stalled.length)
            this.logger.warn({ count: stalled.length }, 'batch sweep started admitted documents again');
        return { tenants: tenants.length, relaunched: stalled.length };
    }
};
BatchAdmissionSweeper = __decorate([
    Injectable(),
    __param(3, Inject(LOGGER)),
    __metadata("design:paramtypes", [AppConfig,
        BatchRepository,
        BatchAdmission, Object])
], BatchAdmissionSweeper);
export { BatchAdmissionSweeper };
//# sourceMappingURL=batch-admission.sweeper.js.map