import type { Logger } from 'pino';
import { Mailer, type OutgoingMail } from './mailer.js';

/**
 * The development default when SMTP_URL is not set: nothing is sent, and the log says only that a
 * message was dropped (never the recipient's address, the text, or the link it carried).
 */
export class DiscardingMailer extends Mailer {
  constructor(private readonly logger: Logger) {
    super();
  }

  async send(mail: OutgoingMail): Promise<void> {
    void mail;
    this.logger.warn('mail dropped: SMTP_URL is not set');
  }
}
