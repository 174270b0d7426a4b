import { mailboxAddress, type MailboxSecret } from './modules/outbox/sandbox-mailbox-access.ts';

/**
 * The one line `npm start` prints for a person, beside the JSON log (issue 30 item 15): where
 * to open the portal and, in sandbox mode, the sandbox mailbox with its key. A key an operator
 * gave in SANDBOX_MAILBOX_SECRET is never printed: they know it, and output may be collected.
 */
export function startLine(publicUrl: string, mailbox: MailboxSecret | null): string {
  const open = `Open ${publicUrl} to use the portal (demo users and a test SIN in README.md).`;
  if (!mailbox) return open;
  const address = mailboxAddress(publicUrl, mailbox);
  const key =
    mailbox.origin === 'given'
      ? ' with the key in SANDBOX_MAILBOX_SECRET'
      : ' (its key is kept in sandbox-mailbox.secret in the data folder)';
  return `${open} Mail and SMS sent: ${address}${key}.`;
}
