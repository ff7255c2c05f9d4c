import { InjectQueue } from '@nestjs/bull';
import { Inject, Injectable } from '@nestjs/common';
import type { Queue } from 'bull';
import type { Logger } from 'pino';
import { LOGGER } from '../../../../common/logging/logging.module.js';
import { queueName, type StageJob } from '../pipeline.constants.js';
import { StageRunner } from '../stage-runner.js';
import { CalculationStage } from '../stages/calculation.stage.js';
import { StageProcessor } from './stage-processor.js';

/** Runs the calculation stage's jobs from the `pipeline-calculation` queue. */
@Injectable()
export class CalculationProcessor extends StageProcessor {
  constructor(@InjectQueue(queueName('calculation')) queue: Queue<StageJob>, runner: StageRunner, stage: CalculationStage, @Inject(LOGGER) logger: Logger) {
    super(queue, runner, stage, logger);
  }
}
