import type { MailConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { FieldCipher } from '../../lib/crypto/field-cipher.ts';
import type { MailTransport } from './mail-transport.ts';
import { createSandboxMailbox, type SandboxMailbox } from './sandbox-mailbox.ts';
import { createSmtpMailTransport } from './smtp-mail-transport.ts';

/**
 * The transports of mail and SMS: a real one given in code, else SMTP for mail when `smtpUrl` is
 * set, else the sandbox mailbox. `mailbox` is the sandbox to show at `/sandbox/mailbox`, only
 * while it carries mail or SMS: once both have real vendors its pages must not exist.
 */
export function createMailTransport(
  mail: Pick<MailConfig, 'smtpUrl' | 'from'>,
  db: Database,
  cipher: FieldCipher,
  real: { mail?: MailTransport; sms?: MailTransport } = {},
): { transport: MailTransport; mailbox?: SandboxMailbox } {
  const sandbox = createSandboxMailbox(db, cipher);
  const sms = real.sms ?? sandbox;
  const email =
    real.mail ??
    (mail.smtpUrl ? createSmtpMailTransport({ url: mail.smtpUrl, from: mail.from, sms }) : sandbox);
  const transport: MailTransport = {
    send: (message) => (message.channel === 'sms' ? sms : email).send(message),
    async close() {
      await Promise.all([email.close?.(), sms === email ? undefined : sms.close?.()]);
    },
  };
  return { transport, ...((email === sandbox || sms === sandbox) && { mailbox: sandbox }) };
}
