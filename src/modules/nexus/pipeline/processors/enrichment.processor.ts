import { InjectQueue } from '@nestjs/bull';
import { Inject, Injectable } from '@nestjs/common';
import type { Queue } from 'bull';
import type { Logger } from 'pino';
import { LOGGER } from '../../../../common/logging/logging.module.js';
import { queueName, type StageJob } from '../pipeline.constants.js';
import { StageRunner } from '../stage-runner.js';
import { EnrichmentStage } from '../stages/enrichment.stage.js';
import { StageProcessor } from './stage-processor.js';

/** Runs the enrichment stage's jobs from the `pipeline-enrichment` queue. */
@Injectable()
export class EnrichmentProcessor extends StageProcessor {
  constructor(@InjectQueue(queueName('enrichment')) queue: Queue<StageJob>, runner: StageRunner, stage: EnrichmentStage, @Inject(LOGGER) logger: Logger) {
    super(queue, runner, stage, logger);
  }
}
