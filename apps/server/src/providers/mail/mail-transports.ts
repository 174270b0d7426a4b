import type { MailConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { FieldCipher } from '../../lib/crypto/field-cipher.ts';
import type { MailTransport } from './mail-transport.ts';
import { createSandboxMailbox, type SandboxMailbox } from './sandbox-mailbox.ts';
import { createSmtpMailTransport } from './smtp-mail-transport.ts';

/**
 * The transport the configuration names: SMTP when `smtpUrl` is set, the sandbox mailbox
 * otherwise. `mailbox` is the sandbox to show at `/sandbox/mailbox`, only when it is the
 * transport of mail: with SMTP configured its pages must not exist.
 */
export function createMailTransport(
  mail: Pick<MailConfig, 'smtpUrl' | 'from'>,
  db: Database,
  cipher: FieldCipher,
): { transport: MailTransport; mailbox?: SandboxMailbox } {
  const sandbox = createSandboxMailbox(db, cipher);
  if (!mail.smtpUrl) return { transport: sandbox, mailbox: sandbox };
  return {
    // No SMS vendor yet: SMS are stored by the sandbox even with SMTP (docs/sandbox.md).
    transport: createSmtpMailTransport({ url: mail.smtpUrl, from: mail.from, sms: sandbox }),
  };
}
