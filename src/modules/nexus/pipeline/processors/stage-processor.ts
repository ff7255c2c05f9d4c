import type { OnModuleInit } from '@nestjs/common';
import type { Job, Queue } from 'bull';
import type { Logger } from 'pino';
import { PIPELINE_STAGE_CONCURRENCY, type StageJob } from '../pipeline.constants.js';
import type { PipelineStage } from '../pipeline-stage.js';
import type { StageRunner } from '../stage-runner.js';

/**
 * The shape of every stage processor: it takes jobs from its stage's queue and hands each to the
 * runner with its stage. Registered here rather than with `@Process()` so that the promise Bull's
 * `process()` returns (rejected when Redis is unreachable) is handled instead of left unhandled.
 */
export abstract class StageProcessor implements OnModuleInit {
  constructor(
    private readonly queue: Queue<StageJob>,
    private readonly runner: StageRunner,
    private readonly stage: PipelineStage,
    private readonly logger: Logger,
  ) {}

  onModuleInit() {
    this.queue
      .process(PIPELINE_STAGE_CONCURRENCY, (job: Job<StageJob>) => this.runner.run(this.stage, job))
      .catch((err) => this.logger.warn({ err, queue: this.queue.name }, 'stage processor stopped; Bull reconnects when Redis is back'));
  }
}
