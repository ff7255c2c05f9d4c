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
import { ModuleRef } from '@nestjs/core';
import { LOGGER } from '../../../common/logging/logging.module.js';
import { queueName } from './pipeline.constants.js';
import { PipelineQueues } from './pipeline-queues.js';
import { PIPELINE } from './stage-registry.js';
import { StageRunner } from './stage-runner.js';
/**
 * The stage processors, one per stage of the registry: each takes jobs from its stage's queue and
 * hands them to the runner with the stage's service. Registered through Bull's `process()` rather
 * than `@Process()` so that the promise it returns (rejected when Redis is unreachable) is handled
 * instead of left unhandled.
 */
let StageProcessors = class StageProcessors {
    constructor(moduleRef, queues, runner, logger) {
        this.moduleRef = moduleRef;
        this.queues = queues;
        this.runner = runner;
        this.logger = logger;
    }
    onModuleInit() {
        for (const { name, stage } of PIPELINE) {
            const work = this.moduleRef.get(stage);
            this.queues
                .process(name, (job) => this.runner.run(name, work, job))
                .catch((err) => this.logger.warn({ err, queue: queueName(name) }, 'stage processor stopped; Bull reconnects when Redis is back'));
        }
    }
};
StageProcessors = __decorate([
    Injectable(),
    __param(3, Inject(LOGGER)),
    __metadata("design:paramtypes", [ModuleRef,
        PipelineQueues,
        StageRunner, Object])
], StageProcessors);
export { StageProcessors };
//# sourceMappingURL=stage-processors.js.map