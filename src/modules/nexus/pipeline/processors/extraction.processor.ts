import { Process, Processor } from '@nestjs/bull';
import type { Job } from 'bull';
import { PIPELINE_STAGE_CONCURRENCY, queueName, type StageJob } from '../pipeline.constants.js';
import { StageRunner } from '../stage-runner.js';
import { ExtractionStage } from '../stages/extraction.stage.js';

@Processor(queueName('extraction'))
export class ExtractionProcessor {
  constructor(
    private readonly runner: StageRunner,
    private readonly stage: ExtractionStage,
  ) {}

  @Process({ concurrency: PIPELINE_STAGE_CONCURRENCY })
  handle(job: Job<StageJob>): Promise<void> {
    return this.runner.run(this.stage, job);
  }
}
