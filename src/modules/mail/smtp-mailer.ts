import type { OnModuleDestroy } from '@nestjs/common';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import { AppException } from '../../common/errors/app.exception.js';
import { RETRY_AFTER_SECONDS } from '../../common/errors/error-codes.js';
import { Mailer, type OutgoingMail } from './mailer.js';

/** Seconds to wait for the SMTP server at each step (connect, greeting, each command). */
const SMTP_TIMEOUT_MS = 10_000;

/** Delivery through an SMTP server (nodemailer), e.g. `smtps://user:password@smtp.example.in:465`. */
export class SmtpMailer extends Mailer implements OnModuleDestroy {
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
    private readonly logger: Logger,
  ) {
    super();
    this.transport = nodemailer.createTransport({
      url: smtpUrl,
      connectionTimeout: SMTP_TIMEOUT_MS,
      greetingTimeout: SMTP_TIMEOUT_MS,
      socketTimeout: SMTP_TIMEOUT_MS,
      // Never log message contents: an invitation carries a one-time token.
      logger: false,
      debug: false,
    });
  }

  async send(mail: OutgoingMail): Promise<void> {
    try {
      await this.transport.sendMail({ from: this.from, to: mail.to, subject: mail.subject, text: mail.text });
    } catch (error) {
      // What failed, not the message: nodemailer's error text can quote the recipient.
      const { code, responseCode, command } = error as { code?: string; responseCode?: number; command?: string };
      this.logger.warn({ smtp: { code, responseCode, command } }, 'mail not sent');
      throw new AppException('MAIL_UNAVAILABLE', undefined, { headers: { 'Retry-After': RETRY_AFTER_SECONDS } });
    }
  }

  onModuleDestroy() {
    this.transport.close();
  }
}
