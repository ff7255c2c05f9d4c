import { InjectQueue } from '@nestjs/bull';
import { Inject, Injectable } from '@nestjs/common';
import type { Queue } from 'bull';
import type { Logger } from 'pino';
import { LOGGER } from '../../../../common/logging/logging.module.js';
import { queueName, type StageJob } from '../pipeline.constants.js';
import { StageRunner } from '../stage-runner.js';
import { ClassificationStage } from '../stages/classification.stage.js';
import { StageProcessor } from './stage-processor.js';

/** Runs the classification stage's jobs from the `pipeline-classification` queue. */
@Injectable()
export class ClassificationProcessor extends StageProcessor {
  constructor(@InjectQueue(queueName('classification')) queue: Queue<StageJob>, runner: StageRunner, stage: ClassificationStage, @Inject(LOGGER) logger: Logger) {
    super(queue, runner, stage, logger);
  }
}
