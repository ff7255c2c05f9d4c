import type { Logger } from 'pino';
import { AppException } from '../../common/errors/app.exception.js';
import { Mailer, type OutgoingMail } from './mailer.js';

/**
 * Production without SMTP_URL: nothing can be sent, and the caller is told so (503
 * MAIL_UNAVAILABLE), so an admin's invitation fails visibly instead of reaching nobody.
 */
export class UnconfiguredMailer extends Mailer {
  constructor(private readonly logger: Logger) {
    super();
  }

  async send(mail: OutgoingMail): Promise<void> {
    void mail;
    this.logger.error('mail not sent: SMTP_URL is not set');
    throw new AppException('MAIL_UNAVAILABLE', 'No mail server is configured (SMTP_URL); ask the operator to set one');
  }
}
