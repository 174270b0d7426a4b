import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import type { FieldCipher } from '../../lib/crypto/field-cipher.ts';
import {
  MailDeliveryError,
  type DeliveryReceipt,
  type MailTransport,
} from '../../providers/mail/mail-transport.ts';
import * as repo from './outbox.repo.ts';
import { contentContext } from './outbox.service.ts';

/**
 * The outbox dispatcher (architecture: transactional outbox, scale-out). Any number of them,
 * one per instance, share the table:
 *
 * 1. claim: a short transaction takes due rows with `FOR UPDATE SKIP LOCKED`, counts the
 *    attempt and sets a lease (`locked_until`), then commits, so no row lock is held while a
 *    vendor is slow;
 * 2. send each message outside any transaction;
 * 3. mark it sent, or release it with a later `next_attempt_at` (exponential backoff), only if
 *    the claim is still ours (same `attempts`, still pending).
 *
 * A dispatcher killed between 1 and 3 leaves its rows leased; once the lease ends another
 * dispatcher claims them again. Delivery is therefore at least once: the sandbox mailbox
 * ignores a second delivery of the same message, and SMTP mail carries the same Message-ID.
 * Nothing is dropped: a message keeps being retried at the cap, unless the vendor refused it
 * for good (an invalid number, a recipient who opted out): it is then `refused`, with why.
 */
export interface OutboxDispatcher {
  /** One pass: claims up to a batch of due messages and sends them. Answers how many were sent. */
  runOnce(): Promise<number>;
  /** Polls every `intervalMs` (at once again while full batches come back) until `stop`. */
  start(intervalMs: number): void;
  /** Stops polling and waits for the pass under way, so its claims are settled, not leased. */
  stop(): Promise<void>;
}

type LogFn = (fields: Record<string, unknown>, message: string) => void;
/** Fastify's pino logger fits; only ids, templates, counts and error codes are ever logged. */
export interface OutboxLog {
  debug: LogFn;
  info: LogFn;
  warn: LogFn;
  error: LogFn;
}

export interface DispatcherOptions {
  db: Database;
  cipher: FieldCipher;
  transport: MailTransport;
  /** How long a claim holds a message before another dispatcher may take it over. */
  leaseMs: number;
  /** At most this many messages per pass. */
  batchSize: number;
  /**
   * A send that has not settled by then counts as failed (default: half the lease), so the
   * dispatcher releases the message itself rather than letting its lease run out under it.
   */
  sendTimeoutMs?: number;
  /**
   * The clock; by default the database's, shared by every instance. Tests give one to move
   * past leases and backoffs.
   */
  now?: () => Date;
  /** Jitter source in [0, 1) (tests pin it). */
  random?: () => number;
  log?: OutboxLog;
}

export const BASE_BACKOFF_MS = 30_000;
export const MAX_BACKOFF_MS = 3_600_000;
/** From this attempt on, a failure is logged as a warning: someone should look. */
export const WARN_AFTER_ATTEMPTS = 5;

/**
 * The wait after the `attempts`-th failed attempt: 30 s · 2^(attempts-1), at most an hour, less
 * up to a quarter at random, so messages that failed together (a relay down) do not all come
 * back in the same instant, and the cap is never exceeded.
 */
export function backoffMs(attempts: number, random: () => number = Math.random): number {
  const exponent = Math.min(Math.max(attempts - 1, 0), 30);
  const ceiling = Math.min(MAX_BACKOFF_MS, BASE_BACKOFF_MS * 2 ** exponent);
  return Math.round(ceiling * (1 - 0.25 * random()));
}

/**
 * A reason safe to store in `last_error` and to log: the error's name and code and an SMTP
 * status number, never its message (which may quote the recipient or the content).
 */
export function failureReason(error: unknown): string {
  if (!(error instanceof Error)) return 'UnknownError';
  const { code, responseCode } = error as { code?: unknown; responseCode?: unknown };
  const parts = [error.name, code, responseCode]
    .filter((part) => typeof part === 'string' || typeof part === 'number')
    .map(String)
    .filter((part) => /^[\w.-]{1,40}$/.test(part));
  return parts.length > 0 ? [...new Set(parts)].join(' ') : 'Error';
}

class SendTimeout extends Error {
  override name = 'SendTimeout';
}

const contentSchema = z.object({
  subject: z.string(),
  text: z.string(),
  html: z.string().optional(),
});

const silent: OutboxLog = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };

export function createDispatcher({
  db,
  cipher,
  transport,
  leaseMs,
  batchSize,
  sendTimeoutMs = Math.floor(leaseMs / 2),
  now,
  random = Math.random,
  log = silent,
}: DispatcherOptions): OutboxDispatcher {
  /** Undefined: the repository uses the database's clock. */
  const at = (): Date | undefined => now?.();

  function withTimeout<T>(sending: Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new SendTimeout('send timed out')), sendTimeoutMs);
    });
    return Promise.race([sending, timeout]).finally(() => clearTimeout(timer));
  }

  /** Sends one claimed message and settles its claim; answers whether it was sent. */
  async function deliver(row: repo.ClaimedRow): Promise<boolean> {
    const claim = { id: row.id, attempts: row.attempts };
    const fields = { messageId: row.id, template: row.template, attempts: row.attempts };
    let receipt: DeliveryReceipt | void;
    try {
      const content = contentSchema.parse(
        JSON.parse(cipher.decrypt(row.contentEncrypted, contentContext(row.id))),
      );
      receipt = await withTimeout(
        transport.send({
          id: row.id,
          channel: row.channel === 'sms' ? 'sms' : 'email',
          recipient: row.recipient,
          subject: content.subject,
          text: content.text,
          ...(content.html !== undefined && { html: content.html }),
        }),
      );
    } catch (error) {
      const reason = failureReason(error);
      if (error instanceof MailDeliveryError && error.refusal?.permanent) {
        // No retry can succeed: the message stops here and the person is told why.
        await repo.markRefused(db, claim, {
          at: at(),
          lastError: error.code,
          reason: error.refusal.reason,
        });
        log.warn(
          { ...fields, reason: error.code, refusal: error.refusal.reason },
          'outbox message refused by the vendor for good; not retried',
        );
        return false;
      }
      const nextAttemptAt = await repo.reschedule(db, claim, {
        at: at(),
        delayMs: backoffMs(row.attempts, random),
        lastError: reason,
      });
      const level = row.attempts >= WARN_AFTER_ATTEMPTS ? 'warn' : 'info';
      log[level](
        // No next attempt: the lease had ended and a newer claim decides.
        { ...fields, reason, nextAttemptAt: nextAttemptAt?.toISOString() ?? null },
        row.attempts >= WARN_AFTER_ATTEMPTS
          ? 'outbox message still failing; retrying with backoff'
          : 'outbox message failed; retrying with backoff',
      );
      return false;
    }
    if (await repo.markSent(db, claim, at(), receipt?.vendorReference)) {
      log.info(fields, 'outbox message sent');
      return true;
    }
    // Our lease ran out and another dispatcher claimed the message: its outcome stands.
    log.warn(fields, 'outbox message sent after its lease ended; the newer claim decides');
    return false;
  }

  async function pass(): Promise<{ claimed: number; sent: number }> {
    const claimed = await db.transaction((tx) =>
      repo.claimDue(tx, { at: at(), leaseMs, limit: batchSize }),
    );
    // Every send settles before the pass ends (stop() relies on it), even when one of them
    // could not record its outcome; that claim is then taken over once its lease ends.
    const outcomes = await Promise.allSettled(claimed.map(deliver));
    const failed = outcomes.find((outcome) => outcome.status === 'rejected');
    if (failed) throw failed.reason;
    return {
      claimed: claimed.length,
      sent: outcomes.filter((o) => o.status === 'fulfilled' && o.value).length,
    };
  }

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let polling = false;
  /** Bumped by start and stop, so a pass from before a restart does not schedule a second loop. */
  let generation = 0;

  function schedule(delayMs: number, intervalMs: number, loop: number) {
    timer = setTimeout(() => {
      timer = undefined;
      const current = pass().then(
        ({ claimed }) => claimed >= batchSize,
        (error: unknown) => {
          // The database may be briefly away (failover): the next tick tries again.
          log.error({ reason: failureReason(error) }, 'outbox pass failed');
          return false;
        },
      );
      running = current;
      void current.then((more) => {
        if (running === current) running = undefined;
        // A full batch means more may be due: go on at once instead of waiting a tick.
        if (polling && loop === generation) schedule(more ? 0 : intervalMs, intervalMs, loop);
      });
    }, delayMs);
    // The HTTP server keeps the process alive; a poll timer alone must not.
    timer.unref();
  }

  return {
    async runOnce() {
      return (await pass()).sent;
    },
    start(intervalMs: number) {
      if (polling || intervalMs <= 0) return;
      polling = true;
      generation += 1;
      schedule(0, intervalMs, generation);
    },
    async stop() {
      polling = false;
      generation += 1;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await running;
    },
  };
}
