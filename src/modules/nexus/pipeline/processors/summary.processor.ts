import { InjectQueue } from '@nestjs/bull';
import { Inject, Injectable } from '@nestjs/common';
import type { Queue } from 'bull';
import type { Logger } from 'pino';
import { LOGGER } from '../../../../common/logging/logging.module.js';
import { queueName, type StageJob } from '../pipeline.constants.js';
import { StageRunner } from '../stage-runner.js';
import { SummaryStage } from '../stages/summary.stage.js';
import { StageProcessor } from './stage-processor.js';

/** Runs the summary stage's jobs from the `pipeline-summary` queue. */
@Injectable()
export class SummaryProcessor extends StageProcessor {
  constructor(@InjectQueue(queueName('summary')) queue: Queue<StageJob>, runner: StageRunner, stage: SummaryStage, @Inject(LOGGER) logger: Logger) {
    super(queue, runner, stage, logger);
  }
}
