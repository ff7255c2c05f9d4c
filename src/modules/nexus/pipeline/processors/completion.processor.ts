import { InjectQueue } from '@nestjs/bull';
import { Inject, Injectable } from '@nestjs/common';
import type { Queue } from 'bull';
import type { Logger } from 'pino';
import { LOGGER } from '../../../../common/logging/logging.module.js';
import { queueName, type StageJob } from '../pipeline.constants.js';
import { StageRunner } from '../stage-runner.js';
import { CompletionStage } from '../stages/completion.stage.js';
import { StageProcessor } from './stage-processor.js';

/** Runs the completion stage's jobs from the `pipeline-completion` queue. */
@Injectable()
export class CompletionProcessor extends StageProcessor {
  constructor(@InjectQueue(queueName('completion')) queue: Queue<StageJob>, runner: StageRunner, stage: CompletionStage, @Inject(LOGGER) logger: Logger) {
    super(queue, runner, stage, logger);
  }
}
