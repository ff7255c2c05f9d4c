import { InjectQueue } from '@nestjs/bull';
import { Inject, Injectable } from '@nestjs/common';
import type { Queue } from 'bull';
import type { Logger } from 'pino';
import { LOGGER } from '../../../../common/logging/logging.module.js';
import { queueName, type StageJob } from '../pipeline.constants.js';
import { StageRunner } from '../stage-runner.js';
import { ValidationStage } from '../stages/validation.stage.js';
import { StageProcessor } from './stage-processor.js';

/** Runs the validation stage's jobs from the `pipeline-validation` queue. */
@Injectable()
export class ValidationProcessor extends StageProcessor {
  constructor(@InjectQueue(queueName('validation')) queue: Queue<StageJob>, runner: StageRunner, stage: ValidationStage, @Inject(LOGGER) logger: Logger) {
    super(queue, runner, stage, logger);
  }
}
