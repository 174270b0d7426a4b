import type { Database } from '../../db/client.ts';
import { MailDeliveryError, type MailTransport, type OutboundMessage } from './mail-transport.ts';
import * as repo from './sandbox-mailbox.repo.ts';

/** One message as the sandbox mailbox shows it. */
export interface MailboxMessage {
  id: string;
  outboxMessageId: string;
  channel: 'email' | 'sms';
  recipient: string;
  subject: string;
  text: string;
  html: string | null;
  deliveredAt: Date;
}

/**
 * The simulated mail and SMS vendor (architecture: sandbox vendors): what it "delivers" is
 * stored in `sandbox_mailbox` and read at `/sandbox/mailbox`. Documented outcome
 * (docs/sandbox.md): a recipient at a `.invalid` domain is refused every time, so the retry with
 * backoff can be watched.
 */
export interface SandboxMailbox extends MailTransport {
  list(filter?: { to?: string; limit?: number }): Promise<MailboxMessage[]>;
  find(id: string): Promise<MailboxMessage | undefined>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DEFAULT_LIST_LIMIT = 200;

const messageOf = (row: repo.MailboxRow): MailboxMessage => ({
  id: row.id,
  outboxMessageId: row.outboxMessageId,
  channel: row.channel === 'sms' ? 'sms' : 'email',
  recipient: row.recipient,
  subject: row.subject,
  text: row.text,
  html: row.html,
  deliveredAt: row.deliveredAt,
});

export function createSandboxMailbox(db: Database): SandboxMailbox {
  return {
    async send(message: OutboundMessage) {
      if (/\.invalid$/i.test(message.recipient.split('@')[1] ?? '')) {
        throw new MailDeliveryError('SandboxUndeliverable');
      }
      await repo.insertDelivered(db, {
        outboxMessageId: message.id,
        channel: message.channel,
        recipient: message.recipient,
        subject: message.subject,
        text: message.text,
        html: message.html ?? null,
      });
    },
    async list({ to, limit = DEFAULT_LIST_LIMIT } = {}) {
      const rows = await repo.listDelivered(db, { to: to?.trim() || undefined, limit });
      return rows.map(messageOf);
    },
    async find(id: string) {
      // Not a uuid: nothing to find, and PostgreSQL would refuse the comparison.
      if (!UUID.test(id)) return undefined;
      const row = await repo.findDelivered(db, id);
      return row && messageOf(row);
    },
  };
}
