import { Module } from '@nestjs/common';
import type { Logger } from 'pino';
import { AppConfig } from '../../config/app-config.js';
import { LOGGER } from '../../common/logging/logging.module.js';
import { DiscardingMailer } from './discarding-mailer.js';
import { Mailer } from './mailer.js';
import { SmtpMailer } from './smtp-mailer.js';
import { UnconfiguredMailer } from './unconfigured-mailer.js';

/**
 * SMTP when SMTP_URL is set; without it, in production every send fails with 503 MAIL_UNAVAILABLE
 * (an invitation must not silently reach nobody), elsewhere the development mailer sends nothing.
 */
export function mailerFor(config: AppConfig, logger: Logger): Mailer {
  if (config.mail.smtpUrl) return new SmtpMailer(config.mail.smtpUrl, config.mail.from, logger);
  return config.nodeEnv === 'production' ? new UnconfiguredMailer(logger) : new DiscardingMailer(logger);
}

/** Outgoing e-mail (`mailerFor`). */
@Module({
  providers: [
    {
      provide: Mailer,
      inject: [AppConfig, LOGGER],
      useFactory: mailerFor,
    },
  ],
  exports: [Mailer],
})
export class MailModule {}
