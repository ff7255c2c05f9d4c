import { Process, Processor } from '@nestjs/bull';
import type { Job } from 'bull';
import { PIPELINE_STAGE_CONCURRENCY, queueName, type StageJob } from '../pipeline.constants.js';
import { StageRunner } from '../stage-runner.js';
import { CalculationStage } from '../stages/calculation.stage.js';

@Processor(queueName('calculation'))
export class CalculationProcessor {
  constructor(
    private readonly runner: StageRunner,
    private readonly stage: CalculationStage,
  ) {}

  @Process({ concurrency: PIPELINE_STAGE_CONCURRENCY })
  handle(job: Job<StageJob>): Promise<void> {
    return this.runner.run(this.stage, job);
  }
}
