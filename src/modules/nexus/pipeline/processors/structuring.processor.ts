import { InjectQueue } from '@nestjs/bull';
import { Inject, Injectable } from '@nestjs/common';
import type { Queue } from 'bull';
import type { Logger } from 'pino';
import { LOGGER } from '../../../../common/logging/logging.module.js';
import { queueName, type StageJob } from '../pipeline.constants.js';
import { StageRunner } from '../stage-runner.js';
import { StructuringStage } from '../stages/structuring.stage.js';
import { StageProcessor } from './stage-processor.js';

/** Runs the structuring stage's jobs from the `pipeline-structuring` queue. */
@Injectable()
export class StructuringProcessor extends StageProcessor {
  constructor(@InjectQueue(queueName('structuring')) queue: Queue<StageJob>, runner: StageRunner, stage: StructuringStage, @Inject(LOGGER) logger: Logger) {
    super(queue, runner, stage, logger);
  }
}
