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
import { AppConfig } from '../../../config/app-config.js';
import { LOGGER } from '../../../common/logging/logging.module.js';
import { IntervalTask } from '../../../common/scheduling/interval-task.js';
import { PipelineQueues } from './pipeline-queues.js';
import { PipelineRepository } from './pipeline.repository.js';
import { StageRunner } from './stage-runner.js';
/**
 * Recovers what the queue lost. Every few seconds it looks at running processes that have not moved
 * for a while: past their deadline they fail with EXTRACTION_TIMEOUT; otherwise, if their current
 * stage has no job in Redis (flushed, or the enqueue never happened), the job is enqueued again.
 * A worker killed mid-job is Bull's to recover (its stalled-job check); both paths are idempotent.
 */
let PipelineReconciler = class PipelineReconciler {
    constructor(config, repo, queues, runner, logger) {
        this.config = config;
        this.repo = repo;
        this.queues = queues;
        this.runner = runner;
        this.logger = logger;
        this.task = new IntervalTask({ everyMs: config.pipeline.reconcileIntervalMs, failureMessage: 'pipeline reconciliation pass failed; will retry', logger }, (now) => this.reconcile(now));
    }
    onApplicationBootstrap() {
        this.task.start();
    }
    onApplicationShutdown() {
        this.task.stop();
    }
    /** One pass (none while another runs); returns how many processes it re-enqueued or failed. */
    async tick(now = new Date()) {
        return (await this.task.run(now)) ?? { requeued: 0, timedOut: 0 };
    }
    async reconcile(now) {
        let requeued = 0;
        let timedOut = 0;
        const staleBefore = new Date(now.getTime() - this.config.pipeline.staleAfterMs);
        for (const process of await this.repo.findNeedingAttention(staleBefore, now)) {
            if (process.deadlineAt <= now) {
                await this.runner.fail(process, this.runner.timeoutReason(process.currentStage));
                timedOut++;
                continue;
            }
            const stage = process.currentStage;
            if (!(await this.queues.has(process.id, stage))) {
                await this.runner.enqueue(process, stage);
                requeued++;
                this.logger.warn({ processId: process.id, stage }, 'reconciler re-enqueued a lost pipeline job');
            }
            await this.repo.touch([process.id]);
        }
        return { requeued, timedOut };
    }
};
PipelineReconciler = __decorate([
    Injectable(),
    __param(4, Inject(LOGGER)),
    __metadata("design:paramtypes", [AppConfig,
        PipelineRepository,
        PipelineQueues,
        StageRunner, Object])
], PipelineReconciler);
export { PipelineReconciler };
//# sourceMappingURL=pipeline-reconciler.js.map