import { InjectQueue } from '@nestjs/bull';
import { Inject, Injectable } from '@nestjs/common';
import type { Queue } from 'bull';
import type { Logger } from 'pino';
import { LOGGER } from '../../../../common/logging/logging.module.js';
import { queueName, type StageJob } from '../pipeline.constants.js';
import { StageRunner } from '../stage-runner.js';
import { ExtractionStage } from '../stages/extraction.stage.js';
import { StageProcessor } from './stage-processor.js';

/** Runs the extraction stage's jobs from the `pipeline-extraction` queue. */
@Injectable()
export class ExtractionProcessor extends StageProcessor {
  constructor(@InjectQueue(queueName('extraction')) queue: Queue<StageJob>, runner: StageRunner, stage: ExtractionStage, @Inject(LOGGER) logger: Logger) {
    super(queue, runner, stage, logger);
  }
}
