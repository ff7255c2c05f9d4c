import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { Logger } from 'pino';
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
@Injectable()
export class StageProcessors implements OnModuleInit {
  constructor(
    private readonly moduleRef: ModuleRef,
    private readonly queues: PipelineQueues,
    private readonly runner: StageRunner,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onModuleInit() {
    for (const { name, stage } of PIPELINE) {
      const work = this.moduleRef.get(stage);
      this.queues
        .process(name, (job) => this.runner.run(name, work, job))
        .catch((err) => this.logger.warn({ err, queue: queueName(name) }, 'stage processor stopped; Bull reconnects when Redis is back'));
    }
  }
}
