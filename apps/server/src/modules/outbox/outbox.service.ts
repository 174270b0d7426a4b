import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/client.ts';
import type { FieldCipher } from '../../lib/crypto/field-cipher.ts';
import * as repo from './outbox.repo.ts';

export type Channel = 'email' | 'sms';
export type MessageLanguage = 'en' | 'fr';

/** What a message says, already in the recipient's language. SMS use `text` only. */
export interface MessageContent {
  subject: string;
  text: string;
  html?: string;
}

export interface OutgoingMessage {
  channel: Channel;
  recipient: string;
  language: MessageLanguage;
  /** Which message this is (`jointInvitation`, `coAuthCode`, ...). */
  template: string;
  content: MessageContent;
  applicationId?: string;
}

/** The cipher context of a message's content: bound to its row. */
export const contentContext = (id: string) => `outbox_messages:${id}:content`;

/**
 * Queues a message in the caller's transaction: it goes out once that transaction commits and
 * never if it rolls back (architecture: transactional outbox). Answers the message's id.
 */
export async function enqueueMessage(
  db: Database,
  cipher: FieldCipher,
  message: OutgoingMessage,
): Promise<string> {
  const id = randomUUID();
  await repo.insertMessage(db, {
    id,
    channel: message.channel,
    recipient: message.recipient,
    language: message.language,
    template: message.template,
    contentEncrypted: cipher.encrypt(JSON.stringify(message.content), contentContext(id)),
    applicationId: message.applicationId ?? null,
  });
  return id;
}
