import { randomBytes } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { AppException } from '../../../src/common/errors/app.exception.js';
import { createLogger } from '../../../src/common/logging/logger.js';
import type { AppConfig } from '../../../src/config/app-config.js';
import { DiscardingMailer } from '../../../src/modules/mail/discarding-mailer.js';
import { mailerFor } from '../../../src/modules/mail/mail.module.js';
import { SmtpMailer } from '../../../src/modules/mail/smtp-mailer.js';
import { invitationLink, Mailbox } from '../../support/mailbox.js';

/** A logger at trace level that keeps what it writes. */
function capturingLogger() {
  const lines: string[] = [];
  return { lines, logger: createLogger('trace', { write: (line: string) => void lines.push(line) }) };
}

function invitationMail() {
  const token = randomBytes(32).toString('base64url');
  const to = `meera.${randomBytes(4).toString('hex')}@example.in`;
  return { token, to, mail: { to, subject: 'Your invitation to "Acme" on Foliodesk', text: `Accept:\nhttps://app.example.in/accept-invitation#token=${token}\n` } };
}

describe('mailers never write an invitation to the log', () => {
  it('the development mailer sends nothing and logs only that a mail was dropped', async () => {
    const { lines, logger } = capturingLogger();
    const { token, to, mail } = invitationMail();
    await new DiscardingMailer(logger).send(mail);
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]).msg).toBe('mail dropped: SMTP_URL is not set');
    const text = lines.join('\n');
    for (const secret of [token, to, 'accept-invitation']) expect(text).not.toContain(secret);
  });

  it('the SMTP mailer delivers to a real SMTP server on loopback, logging nothing of the message', async () => {
    const mailbox = await new Mailbox().start();
    const { lines, logger } = capturingLogger();
    const mailer = new SmtpMailer(mailbox.url, 'Foliodesk <no-reply@example.in>', logger);
    try {
      const { token, to, mail } = invitationMail();
      await mailer.send(mail);
      const received = await mailbox.nextMailTo(to, 0);
      expect(received.subject).toBe(mail.subject);
      expect(invitationLink(received).token).toBe(token);
      expect(lines.join('\n')).not.toContain(token);
    } finally {
      mailer.onModuleDestroy();
      await mailbox.stop();
    }
  });

  it('an SMTP server that is away answers MAIL_UNAVAILABLE with Retry-After, and the log names the failure, not the message', async () => {
    const closed = await new Mailbox().start();
    const url = closed.url;
    await closed.stop();
    const { lines, logger } = capturingLogger();
    const mailer = new SmtpMailer(url, 'Foliodesk <no-reply@example.in>', logger);
    const { token, to, mail } = invitationMail();
    const error = await mailer.send(mail).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppException);
    expect(error).toMatchObject({ code: 'MAIL_UNAVAILABLE', headers: { 'Retry-After': expect.any(String) } });
    expect(lines.some((l) => JSON.parse(l).msg === 'mail not sent')).toBe(true);
    for (const secret of [token, to]) expect(lines.join('\n')).not.toContain(secret);
    mailer.onModuleDestroy();
  });
});

describe('which mailer the configuration gives', () => {
  const config = (nodeEnv: string, smtpUrl: string | null) => ({ nodeEnv, mail: { smtpUrl, from: 'Foliodesk <no-reply@example.in>' } }) as unknown as AppConfig;

  it('in production without SMTP_URL, sending fails with 503 MAIL_UNAVAILABLE instead of dropping the invitation', async () => {
    const { lines, logger } = capturingLogger();
    const { token, to, mail } = invitationMail();
    const mailer = mailerFor(config('production', null), logger);
    const refused = await mailer.send(mail).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(AppException);
    expect((refused as AppException).code).toBe('MAIL_UNAVAILABLE');
    expect((refused as AppException).getStatus()).toBe(503);
    const text = lines.join('\n');
    for (const secret of [token, to, 'accept-invitation']) expect(text).not.toContain(secret);
  });

  it('in development and tests without SMTP_URL, the development mailer drops the mail', async () => {
    const { logger } = capturingLogger();
    for (const env of ['development', 'test']) expect(mailerFor(config(env, null), logger)).toBeInstanceOf(DiscardingMailer);
  });

  it('with SMTP_URL, SMTP in every environment', () => {
    const { logger } = capturingLogger();
    for (const env of ['development', 'production']) expect(mailerFor(config(env, 'smtp://127.0.0.1:2525'), logger)).toBeInstanceOf(SmtpMailer);
  });
});
