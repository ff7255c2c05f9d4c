/** One message to one recipient, plain text. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

/**
 * Sends the product's e-mail (invitations). Chosen by configuration in MailModule: SMTP when
 * SMTP_URL is set, otherwise a development mailer that sends nothing. Another transport (an e-mail
 * API) is one more implementation of this class.
 */
export abstract class Mailer {
  /** Resolves once the transport has accepted the message; rejects with MAIL_UNAVAILABLE otherwise. */
  abstract send(mail: OutgoingMail): Promise<void>;
}
