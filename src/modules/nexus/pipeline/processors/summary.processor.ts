import { Process, Processor } from '@nestjs/bull';
import type { Job } from 'bull';
import { PIPELINE_STAGE_CONCURRENCY, queueName, type StageJob } from '../pipeline.constants.js';
import { StageRunner } from '../stage-runner.js';
import { SummaryStage } from '../stages/summary.stage.js';

@Processor(queueName('summary'))
export class SummaryProcessor {
  constructor(
    private readonly runner: StageRunner,
    private readonly stage: SummaryStage,
  ) {}

  @Process({ concurrency: PIPELINE_STAGE_CONCURRENCY })
  handle(job: Job<StageJob>): Promise<void> {
    return this.runner.run(this.stage, job);
  }
}
