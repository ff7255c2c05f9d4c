import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** Envelope recipients, lower-cased. */
  to: string[];
  subject: string;
  text: string;
}

/** A real SMTP receiver on loopback (smtp-server): records every message, parsed (mailparser). */
export class Mailbox {
  readonly mails: ReceivedMail[] = [];
  private server: SMTPServer | null = null;
  port = 0;

  async start(): Promise<this> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData: (stream, session, callback) => {
        simpleParser(stream).then(
          (parsed) => {
            this.mails.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), subject: parsed.subject ?? '', text: parsed.text ?? '' });
            callback();
          },
          (error: Error) => callback(error),
        );
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    this.server = server;
    this.port = (server.server.address() as { port: number }).port;
    return this;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  mailsTo(address: string): ReceivedMail[] {
    return this.mails.filter((m) => m.to.includes(address.toLowerCase()));
  }

  /** The next message to `address` after the `seen` it already had. */
  async nextMailTo(address: string, seen: number, ms = 10_000): Promise<ReceivedMail> {
    const deadline = Date.now() + ms;
    for (;;) {
      const mails = this.mailsTo(address);
      if (mails.length > seen) return mails[seen];
      if (Date.now() > deadline) throw new Error(`mailbox: no new mail to ${address} within ${ms} ms (had ${seen})`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    return server ? new Promise((resolve) => server.close(() => resolve())) : Promise.resolve();
  }
}

/** The invitation link a message carries, and the token in its fragment. */
export function invitationLink(mail: ReceivedMail): { link: string; token: string } {
  const m = /(\S+)#token=([A-Za-z0-9_-]+)/.exec(mail.text);
  if (!m) throw new Error(`no invitation link in: ${mail.text}`);
  return { link: m[0], token: m[2] };
}
