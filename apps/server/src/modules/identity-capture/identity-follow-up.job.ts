import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { and, asc, eq, isNotNull, lt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { identityAttempts } from '../../db/schema.ts';
import type { FieldCipher } from '../../lib/crypto/field-cipher.ts';
import { serialPoller, type JobObserver, type PolledJob } from '../../lib/jobs/serial-poller.ts';
import type { DocumentVerificationProvider } from '../../providers/document-verification/document-verification-provider.ts';
import { failureReason, type OutboxLog } from '../outbox/dispatcher.ts';
import {
  applyDecisionToAttempt,
  decisionSchema,
  forgetCheckOnceDecided,
} from './identity-webhook.ts';

/**
 * Photo-ID attempts whose decision never arrived (issue 30, B-F7): the vendor's webhook is a
 * notice, and one may be lost or kept for staff. Past `PENDING_FOLLOW_UP_AFTER_MS` from its
 * start, an attempt still `pending` is asked about at the vendor's API, and a decision found
 * there is applied as the webhook would have (completed once: a webhook arriving afterwards
 * changes nothing). Each attempt is claimed with `FOR UPDATE SKIP LOCKED` in the transaction
 * that applies the answer, so two instances never apply it twice; the vendor is asked before,
 * outside any lock.
 */

/**
 * Thirty minutes: the hand-off's 15, the vendor's comparison of up to 10, and a margin, so an
 * attempt is asked about only once its webhook is overdue.
 */
export const PENDING_FOLLOW_UP_AFTER_MS = 30 * 60_000;
/** Attempts asked about in one pass: a vendor's API is not to be flooded after an outage. */
const BATCH_SIZE = 50;

export interface IdentityFollowUpPass {
  asked: number;
  applied: number;
}
export type IdentityFollowUpJob = PolledJob<IdentityFollowUpPass>;

export interface IdentityFollowUpOptions {
  /** Told of each pass (the metrics, issue 36). */
  observer?: JobObserver;
  db: Database;
  cipher: FieldCipher;
  provider: DocumentVerificationProvider;
  log: OutboxLog;
  /** The clock (tests move it). */
  now?: () => Date;
  /** The site's address, for the links in the mails a verification sends (the next turn). */
  publicUrl?: string;
}

export function createIdentityFollowUpJob(options: IdentityFollowUpOptions): IdentityFollowUpJob {
  const { db, cipher, provider, log } = options;
  const now = options.now ?? (() => new Date());

  async function pass(): Promise<IdentityFollowUpPass> {
    const at = now();
    const overdue = await db
      .select({ id: identityAttempts.id, vendorReference: identityAttempts.vendorReference })
      .from(identityAttempts)
      .where(
        and(
          eq(identityAttempts.outcome, 'pending'),
          eq(identityAttempts.vendor, provider.name),
          isNotNull(identityAttempts.vendorReference),
          lt(identityAttempts.startedAt, new Date(at.getTime() - PENDING_FOLLOW_UP_AFTER_MS)),
        ),
      )
      .orderBy(asc(identityAttempts.startedAt))
      .limit(BATCH_SIZE);
    let applied = 0;
    for (const { id, vendorReference } of overdue) {
      try {
        const answer = await provider.decisionOf(vendorReference ?? '');
        if (!answer) continue;
        const decision = decisionSchema.parse(answer);
        const done = await db.transaction(async (tx) => {
          const [attempt] = await tx
            .select({
              id: identityAttempts.id,
              userId: identityAttempts.userId,
              applicationId: identityAttempts.applicationId,
            })
            .from(identityAttempts)
            .where(and(eq(identityAttempts.id, id), eq(identityAttempts.outcome, 'pending')))
            .for('update', { skipLocked: true });
          if (!attempt) return false;
          await applyDecisionToAttempt(
            tx,
            {
              cipher,
              vendor: provider.name,
              now: () => at,
              ...(options.publicUrl && { publicUrl: options.publicUrl }),
            },
            attempt,
            decision,
          );
          return true;
        });
        if (done) {
          applied += 1;
          // Our record is kept: the vendor forgets the person and the images (a review's
          // only once staff have decided it).
          await forgetCheckOnceDecided(db, provider, vendorReference ?? '');
        }
      } catch (error) {
        // One attempt's failure does not stop the others; the next pass asks again.
        log.error({ attemptId: id, reason: failureReason(error) }, 'identity follow-up failed');
      }
    }
    return { asked: overdue.length, applied };
  }

  return serialPoller(
    pass,
    (error) => log.error({ reason: failureReason(error) }, 'identity follow-up pass failed'),
    options.observer,
  );
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Asks the vendor about overdue photo-ID attempts; tests call `runOnce()` themselves. */
    identityFollowUp: IdentityFollowUpJob;
  }
}

async function identityFollowUpPlugin(
  app: FastifyInstance,
  options: {
    provider: DocumentVerificationProvider;
    pollMs: number;
    now?: () => Date;
    publicUrl?: string;
  },
) {
  const job = createIdentityFollowUpJob({
    observer: app.metrics.job('identityFollowUp'),
    db: app.db,
    cipher: app.cipher,
    provider: options.provider,
    log: app.log.child({ module: 'identity-follow-up' }),
    ...(options.now && { now: options.now }),
    ...(options.publicUrl && { publicUrl: options.publicUrl }),
  });
  app.decorate('identityFollowUp', job);
  if (options.pollMs > 0) app.addHook('onReady', async () => job.start(options.pollMs));
  app.addHook('preClose', async () => job.stop());
}

export const identityFollowUp = fp(identityFollowUpPlugin, { name: 'identity-follow-up' });
