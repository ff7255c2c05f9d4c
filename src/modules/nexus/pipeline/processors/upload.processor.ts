import { Process, Processor } from '@nestjs/bull';
import type { Job } from 'bull';
import { PIPELINE_STAGE_CONCURRENCY, queueName, type StageJob } from '../pipeline.constants.js';
import { StageRunner } from '../stage-runner.js';
import { UploadStage } from '../stages/upload.stage.js';

@Processor(queueName('upload'))
export class UploadProcessor {
  constructor(
    private readonly runner: StageRunner,
    private readonly stage: UploadStage,
  ) {}

  @Process({ concurrency: PIPELINE_STAGE_CONCURRENCY })
  handle(job: Job<StageJob>): Promise<void> {
    return this.runner.run(this.stage, job);
  }
}
