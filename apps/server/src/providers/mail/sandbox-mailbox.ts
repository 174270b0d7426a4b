import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/client.ts';
import type { FieldCipher } from '../../lib/crypto/field-cipher.ts';
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

/** The cipher context of a delivered message's content: bound to its mailbox row. */
const contentContext = (id: string) => `sandbox_mailbox:${id}:content`;

interface StoredContent {
  subject: string;
  text: string;
  html: string | null;
}

/**
 * The mailbox holds one-time codes and sign-in links: its content is encrypted at rest like the
 * outbox's, and read back only to show it on the sandbox pages.
 */
export function createSandboxMailbox(db: Database, cipher: FieldCipher): SandboxMailbox {
  const messageOf = (row: repo.MailboxRow): MailboxMessage => {
    const content = JSON.parse(
      cipher.decrypt(row.contentEncrypted, contentContext(row.id)),
    ) as StoredContent;
    return {
      id: row.id,
      outboxMessageId: row.outboxMessageId,
      channel: row.channel === 'sms' ? 'sms' : 'email',
      recipient: row.recipient,
      subject: content.subject,
      text: content.text,
      html: content.html,
      deliveredAt: row.deliveredAt,
    };
  };
  return {
    async send(message: OutboundMessage) {
      if (/\.invalid$/i.test(message.recipient.split('@')[1] ?? '')) {
        throw new MailDeliveryError('SandboxUndeliverable');
      }
      const id = randomUUID();
      const content: StoredContent = {
        subject: message.subject,
        text: message.text,
        html: message.html ?? null,
      };
      await repo.insertDelivered(db, {
        id,
        outboxMessageId: message.id,
        channel: message.channel,
        recipient: message.recipient,
        contentEncrypted: cipher.encrypt(JSON.stringify(content), contentContext(id)),
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
