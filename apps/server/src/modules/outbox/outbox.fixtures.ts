import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type {
  DeliveryReceipt,
  MailTransport,
  OutboundMessage,
} from '../../providers/mail/mail-transport.ts';
import { uniqueEmail } from '../../test/users.ts';
import type { OutboxLog } from './dispatcher.ts';
import {
  contentContext,
  enqueueMessage,
  type MessageContent,
  type OutgoingMessage,
} from './outbox.service.ts';

/** Test support for the outbox: messages, transports and a logger that remember. */

/** Queues a message (a unique recipient unless given) and answers its id and what was queued. */
export async function enqueueTestMessage(
  app: FastifyInstance,
  overrides: Partial<OutgoingMessage> = {},
): Promise<{ id: string; message: OutgoingMessage }> {
  const message: OutgoingMessage = {
    channel: 'email',
    recipient: uniqueEmail('outbox'),
    language: 'en',
    template: 'testMessage',
    content: {
      subject: 'Your code',
      text: 'Your code is 4827. Continue at http://127.0.0.1:8080/#/auth-code.',
      html: '<p>Your code is <strong>4827</strong>.</p>',
    },
    ...overrides,
  };
  return { id: await enqueueMessage(app.db, app.cipher, message), message };
}

/** A message queued in the outbox, with its content decrypted the way the dispatcher does. */
export interface QueuedMail {
  id: string;
  recipient: string;
  language: string;
  template: string;
  applicationId: string | null;
  contentEncrypted: string;
  content: MessageContent;
}

/**
 * The messages queued to an address, oldest first, decrypted (without the address's own
 * verification codes, which every signed-in test person is sent).
 */
export async function queuedMailsTo(
  app: FastifyInstance,
  recipient: string,
): Promise<QueuedMail[]> {
  const result = await app.db.execute(
    sql`select id, recipient, language, template, application_id as "applicationId",
          content_encrypted as "contentEncrypted"
        from outbox_messages where recipient = ${recipient.toLowerCase()}
          and template <> 'emailVerification'
        order by created_at, id`,
  );
  const found = (result as unknown as { rows: Omit<QueuedMail, 'content'>[] }).rows;
  return found.map((row) => ({
    ...row,
    content: JSON.parse(app.cipher.decrypt(row.contentEncrypted, contentContext(row.id))),
  }));
}

/** A transport that keeps every message it is handed and behaves as `behaviour` says. */
export function recordingTransport(
  behaviour: (message: OutboundMessage) => Promise<DeliveryReceipt | void> = async () => {},
): MailTransport & { sent: OutboundMessage[]; countOf(id: string): number } {
  const sent: OutboundMessage[] = [];
  return {
    sent,
    countOf: (id) => sent.filter((message) => message.id === id).length,
    async send(message) {
      sent.push(message);
      return behaviour(message);
    },
  };
}

export interface Deferred<T> {
  promise: Promise<T>;
  resolve(value: T): void;
  reject(error: unknown): void;
}

export function deferred<T = void>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

/** A logger keeping each call, to prove what the logs never contain. */
export function collectingLog(): OutboxLog & {
  entries: { level: string; fields: Record<string, unknown>; message: string }[];
} {
  const entries: { level: string; fields: Record<string, unknown>; message: string }[] = [];
  const at =
    (level: string) =>
    (fields: Record<string, unknown>, message: string): void => {
      entries.push({ level, fields, message });
    };
  return { entries, debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

/** A clock that reads `offsetMs` past the real time. */
export const later = (offsetMs: number) => () => new Date(Date.now() + offsetMs);
