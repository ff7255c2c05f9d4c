import { Module } from '@nestjs/common';
import type { Logger } from 'pino';
import { AppConfig } from '../../config/app-config.js';
import { LOGGER } from '../../common/logging/logging.module.js';
import { DiscardingMailer } from './discarding-mailer.js';
import { Mailer } from './mailer.js';
import { SmtpMailer } from './smtp-mailer.js';

/** Outgoing e-mail: SMTP when SMTP_URL is set, otherwise the development mailer that sends nothing. */
@Module({
  providers: [
    {
      provide: Mailer,
      inject: [AppConfig, LOGGER],
      useFactory: (config: AppConfig, logger: Logger): Mailer =>
        config.mail.smtpUrl ? new SmtpMailer(config.mail.smtpUrl, config.mail.from, logger) : new DiscardingMailer(logger),
    },
  ],
  exports: [Mailer],
})
export class MailModule {}
