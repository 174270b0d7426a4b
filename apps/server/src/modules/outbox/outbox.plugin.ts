import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { MailConfig } from '../../config.ts';
import type { MailTransport } from '../../providers/mail/mail-transport.ts';
import { createMailTransport } from '../../providers/mail/mail-transports.ts';
import { createDispatcher, type OutboxDispatcher } from './dispatcher.ts';
import {
  mailboxAccess,
  resolveMailboxSecret,
  type MailboxSecret,
  type MailboxSecretSource,
} from './sandbox-mailbox-access.ts';
import { sandboxMailboxRoutes, sandboxMailboxStaffRoute } from './sandbox-mailbox.routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The outbox dispatcher; tests, which do not poll, call `runOnce()` themselves. */
    outbox: OutboxDispatcher;
    /**
     * The sandbox mailbox's secret, or null when no sandbox carries mail or SMS: `npm start`
     * prints the address that opens it (`mailboxAddress`); the log never holds it.
     */
    sandboxMailboxSecret: MailboxSecret | null;
  }
}

/**
 * A claim outlives a slow relay (sends time out at half of it) yet a crashed instance's
 * messages wait at most this long before another instance takes them over.
 */
const LEASE_MS = 120_000;
const BATCH_SIZE = 20;

/**
 * Mail and SMS: the transport the configuration names, the dispatcher (polling from `ready`
 * until the server closes, when `pollMs` > 0) and, with the sandbox transport only, the
 * sandbox mailbox pages under `/sandbox/mailbox`.
 */
export interface OutboxOptions {
  mail: MailConfig;
  /** A real mail vendor built in code (tests); SMTP or the sandbox otherwise. */
  mailTransport?: MailTransport;
  /** A real SMS vendor built in code; the sandbox otherwise (no SMS adapter yet). */
  smsTransport?: MailTransport;
  /** Where the sandbox mailbox's secret comes from; derived from `appSecret` when absent. */
  mailboxSecret?: MailboxSecretSource;
  appSecret: string;
}

async function outboxPlugin(app: FastifyInstance, options: OutboxOptions) {
  const { mail } = options;
  const { transport, mailbox } = createMailTransport(mail, app.db, app.cipher, {
    mail: options.mailTransport,
    sms: options.smsTransport,
  });
  const dispatcher = createDispatcher({
    db: app.db,
    cipher: app.cipher,
    transport,
    leaseMs: LEASE_MS,
    batchSize: BATCH_SIZE,
    log: app.log.child({ module: 'outbox' }),
  });
  app.decorate('outbox', dispatcher);
  if (mail.pollMs > 0) app.addHook('onReady', async () => dispatcher.start(mail.pollMs));
  // Before the database closes (onClose): the pass under way settles its claims first.
  app.addHook('preClose', async () => {
    await dispatcher.stop();
    await transport.close?.();
  });
  app.decorate('sandboxMailboxSecret', null);
  if (!mailbox) return;
  const secret = resolveMailboxSecret(options.mailboxSecret, options.appSecret);
  const access = mailboxAccess(secret.secret);
  app.sandboxMailboxSecret = secret;
  await app.register(sandboxMailboxRoutes, { prefix: '/sandbox/mailbox', mailbox, access });
  await app.register(sandboxMailboxStaffRoute, { prefix: '/security/sandbox-mailbox', access });
}

export const outbox = fp(outboxPlugin, { name: 'outbox', dependencies: ['field-cipher'] });
