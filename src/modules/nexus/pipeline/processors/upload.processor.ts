import { InjectQueue } from '@nestjs/bull';
import { Inject, Injectable } from '@nestjs/common';
import type { Queue } from 'bull';
import type { Logger } from 'pino';
import { LOGGER } from '../../../../common/logging/logging.module.js';
import { queueName, type StageJob } from '../pipeline.constants.js';
import { StageRunner } from '../stage-runner.js';
import { UploadStage } from '../stages/upload.stage.js';
import { StageProcessor } from './stage-processor.js';

/** Runs the upload stage's jobs from the `pipeline-upload` queue. */
@Injectable()
export class UploadProcessor extends StageProcessor {
  constructor(@InjectQueue(queueName('upload')) queue: Queue<StageJob>, runner: StageRunner, stage: UploadStage, @Inject(LOGGER) logger: Logger) {
    super(queue, runner, stage, logger);
  }
}
