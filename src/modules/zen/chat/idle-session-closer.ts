import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from 'pino';
import { LOGGER } from '../../../common/logging/logging.module.js';
import { AppConfig } from '../../../config/app-config.js';
import { ChatRepository } from './chat.repository.js';
import { ChatService } from './chat.service.js';

/** Closes sessions idle for CHAT_IDLE_TIMEOUT_MS (each close writes chat.session.closed). */
@Injectable()
export class IdleSessionCloser implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly config: AppConfig,
    private readonly repo: ChatRepository,
    private readonly chat: ChatService,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap() {
    this.timer = setInterval(() => void this.sweep(), this.config.chat.idleSweepMs);
    this.timer.unref();
  }

  onApplicationShutdown() {
    if (this.timer) clearInterval(this.timer);
  }

  async sweep(now = new Date()): Promise<number> {
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
