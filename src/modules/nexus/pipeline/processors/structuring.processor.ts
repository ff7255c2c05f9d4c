import { Process, Processor } from '@nestjs/bull';
import type { Job } from 'bull';
import { PIPELINE_STAGE_CONCURRENCY, queueName, type StageJob } from '../pipeline.constants.js';
import { StageRunner } from '../stage-runner.js';
import { StructuringStage } from '../stages/structuring.stage.js';

@Processor(queueName('structuring'))
export class StructuringProcessor {
  constructor(
    private readonly runner: StageRunner,
    private readonly stage: StructuringStage,
  ) {}

  @Process({ concurrency: PIPELINE_STAGE_CONCURRENCY })
  handle(job: Job<StageJob>): Promise<void> {
    return this.runner.run(this.stage, job);
  }
}
