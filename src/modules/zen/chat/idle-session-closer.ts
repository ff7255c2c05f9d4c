import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from 'pino';
import { LOGGER } from '../../../common/logging/logging.module.js';
import { IntervalTask } from '../../../common/scheduling/interval-task.js';
import { AppConfig } from '../../../config/app-config.js';
import { ChatRepository } from './chat.repository.js';
import { ChatService } from './chat.service.js';

/**
 * Closes sessions idle for CHAT_IDLE_TIMEOUT_MS (each close writes chat.session.closed), every
 * CHAT_IDLE_SWEEP_MS; one sweep at a time in a process.
 */
@Injectable()
export class IdleSessionCloser implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly task: IntervalTask<number>;

  constructor(
    private readonly config: AppConfig,
    private readonly repo: ChatRepository,
    private readonly chat: ChatService,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.task = new IntervalTask({ everyMs: config.chat.idleSweepMs, failureMessage: 'idle chat sweep failed; will retry', logger }, (now) => this.closeIdle(now));
  }

  onApplicationBootstrap() {
    this.task.start();
  }

  onApplicationShutdown() {
    this.task.stop();
  }

  /** One sweep (none while another runs); answers how many sessions it closed. */
  async sweep(now = new Date()): Promise<number> {
    return (await this.task.run(now)) ?? 0;
  }

  private async closeIdle(now: Date): Promise<number> {
    let closed = 0;
    try {
      for (const session of await this.repo.idleSessions(new Date(now.getTime() - this.config.chat.idleTimeoutMs))) {
        if (await this.repo.transaction((m) => this.chat.closeWithin(m, session))) closed++;
      }
    } catch (error) {
      this.logger.warn({ err: error }, 'idle chat sweep failed; will retry');
    }
    return closed;
  }
}
