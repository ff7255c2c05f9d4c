import { InjectQueue } from '@nestjs/bull';
import { Inject, Injectable } from '@nestjs/common';
import type { Queue } from 'bull';
import type { Logger } from 'pino';
import { LOGGER } from '../../../../common/logging/logging.module.js';
import { queueName, type StageJob } from '../pipeline.constants.js';
import { StageRunner } from '../stage-runner.js';
import { ParsingStage } from '../stages/parsing.stage.js';
import { StageProcessor } from './stage-processor.js';

/** Runs the parsing stage's jobs from the `pipeline-parsing` queue. */
@Injectable()
export class ParsingProcessor extends StageProcessor {
  constructor(@InjectQueue(queueName('parsing')) queue: Queue<StageJob>, runner: StageRunner, stage: ParsingStage, @Inject(LOGGER) logger: Logger) {
    super(queue, runner, stage, logger);
  }
}
