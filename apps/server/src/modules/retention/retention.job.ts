import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  DEFAULT_ABANDONED_AFTER_DAYS,
  DEFAULT_ABANDONED_REMINDER_DAYS_BEFORE,
  defaultRetentionPeriods,
} from '@portal/domain/retention/retention-rules';
import type { RetentionSettings } from '../../config-retention.ts';
import { serialPoller, type JobObserver, type PolledJob } from '../../lib/jobs/serial-poller.ts';
import type { DocumentVerificationProvider } from '../../providers/document-verification/document-verification-provider.ts';
import type { EsignProvider } from '../../providers/esign/esign-provider.ts';
import { failureReason } from '../outbox/dispatcher.ts';
import type { Database } from '../../db/client.ts';
import type { FieldCipher } from '../../lib/crypto/field-cipher.ts';
import {
  createAbandonedApplicationSweep,
  type AbandonedSweepCounts,
} from './abandoned-applications.ts';
import { createRetentionSweep, type RetentionSweepCounts } from './retention-sweep.ts';
import { retentionRoutes } from './retention.routes.ts';

/**
 * The retention job (issue 36, ADR 0044): each pass runs the retention sweep, then the
 * abandoned-application sweep, at the clock's `now`. Both are idempotent and work in batches;
 * a pass that failed half-way is run again by the next tick.
 */

export interface RetentionPass {
  retention: RetentionSweepCounts;
  abandoned: AbandonedSweepCounts;
}
export type RetentionJob = PolledJob<RetentionPass>;

export const defaultRetentionSettings: RetentionSettings = {
  periods: defaultRetentionPeriods,
  abandonedAfterDays: DEFAULT_ABANDONED_AFTER_DAYS,
  reminderDaysBefore: DEFAULT_ABANDONED_REMINDER_DAYS_BEFORE,
  pollMs: 0,
  batchSize: 100,
};

export interface RetentionJobOptions {
  db: Database;
  cipher: FieldCipher;
  publicUrl: string;
  settings: RetentionSettings;
  esign?: EsignProvider;
  documentVerification?: DocumentVerificationProvider;
  log: {
    warn(details: object, message: string): void;
    error(details: object, message: string): void;
  };
  observer?: JobObserver;
  /** The clock (tests move it). */
  now?: () => Date;
}

export function createRetentionJob(options: RetentionJobOptions): RetentionJob {
  const now = options.now ?? (() => new Date());
  const vendors = {
    ...(options.esign && { esign: options.esign }),
    ...(options.documentVerification && { documentVerification: options.documentVerification }),
  };
  const retention = createRetentionSweep(
    { db: options.db, log: options.log, ...vendors },
    { periods: options.settings.periods, batchSize: options.settings.batchSize },
  );
  const abandoned = createAbandonedApplicationSweep(
    {
      db: options.db,
      cipher: options.cipher,
      publicUrl: options.publicUrl,
      log: options.log,
      ...vendors,
    },
    options.settings,
  );
  return serialPoller(
    async () => {
      const at = now();
      return { retention: await retention(at), abandoned: await abandoned(at) };
    },
    (error) => options.log.error({ reason: failureReason(error) }, 'retention pass failed'),
    options.observer,
  );
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The retention sweeps; tests, which do not poll, call `runOnce()` themselves. */
    retention: RetentionJob;
  }
}

export interface RetentionPluginOptions {
  /** The API's prefix, for the operations console's routes. */
  apiPrefix: string;
  publicUrl: string;
  /** Absent (tests built in code): the defaults, and no polling. */
  settings?: RetentionSettings;
  /** Whether this instance polls (the other jobs' switch, SANDBOX_WEBHOOK_POLL_MS). */
  poll: boolean;
  esign?: EsignProvider;
  documentVerification?: DocumentVerificationProvider;
  now?: () => Date;
}

async function retentionPlugin(app: FastifyInstance, options: RetentionPluginOptions) {
  const settings = options.settings ?? defaultRetentionSettings;
  const job = createRetentionJob({
    db: app.db,
    cipher: app.cipher,
    publicUrl: options.publicUrl,
    settings,
    log: app.log.child({ module: 'retention' }),
    observer: app.metrics.job('retention'),
    ...(options.esign && { esign: options.esign }),
    ...(options.documentVerification && { documentVerification: options.documentVerification }),
    ...(options.now && { now: options.now }),
  });
  app.decorate('retention', job);
  await app.register(retentionRoutes, {
    prefix: options.apiPrefix,
    periods: settings.periods,
    ...(options.now && { now: options.now }),
  });
  if (options.poll && settings.pollMs > 0) {
    app.addHook('onReady', async () => job.start(settings.pollMs));
  }
  app.addHook('preClose', async () => job.stop());
}

/** Registered in app.ts after the vendors; polls hourly by default (RETENTION_POLL_MS). */
export const retentionJob = fp(retentionPlugin, {
  name: 'retention',
  dependencies: ['field-cipher'],
});
