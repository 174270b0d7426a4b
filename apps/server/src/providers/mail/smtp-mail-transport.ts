import { createTransport } from 'nodemailer';
import type { MailTransport, OutboundMessage } from './mail-transport.ts';

export interface SmtpMailTransportOptions {
  /** nodemailer's connection URL (`smtp://`, `smtps://`); its query may tune the connection. */
  url: string;
  /** The From of every mail (`Name <address>` or an address). */
  from: string;
  /**
   * Where SMS go. We have no SMS vendor yet, so the server hands the sandbox mailbox in here:
   * text messages are stored in `sandbox_mailbox` even when mail leaves by SMTP.
   */
  sms: MailTransport;
}

/**
 * Timeouts well inside the dispatcher's send timeout (half its lease): a relay that stops
 * answering fails the attempt, which is retried later, instead of holding the claim until
 * another dispatcher takes the message over and sends it a second time. nodemailer applies
 * these only where the URL's query does not set them.
 */
const CONNECTION_DEFAULTS = {
  connectionTimeout: 15_000,
  greetingTimeout: 10_000,
  socketTimeout: 30_000,
  // Messages are our own rendered text: nothing in them may make nodemailer read a file or URL.
  disableFileAccess: true,
  disableUrlAccess: true,
};

/** The domain of the From address, for Message-IDs under our own name. */
function domainOf(from: string): string {
  const address = /<([^>]+)>/.exec(from)?.[1] ?? from;
  return address.split('@')[1]?.trim() || 'localhost';
}

/** Mail through an SMTP server with nodemailer; SMS through `options.sms` (see there). */
export function createSmtpMailTransport({
  url,
  from,
  sms,
}: SmtpMailTransportOptions): MailTransport {
  const mailer = createTransport({ ...CONNECTION_DEFAULTS, url }, { from });
  const domain = domainOf(from);
  return {
    async send(message: OutboundMessage) {
      if (message.channel === 'sms') return sms.send(message);
      await mailer.sendMail({
        to: message.recipient,
        subject: message.subject,
        text: message.text,
        ...(message.html !== undefined && { html: message.html }),
        // The same Message-ID on every attempt: should a resend after a crash reach the
        // recipient twice, mail clients show it once.
        messageId: `<${message.id}@${domain}>`,
      });
    },
    async close() {
      mailer.close();
      await sms.close?.();
    },
  };
}
