import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { serialPoller, type PolledJob } from '../../lib/jobs/serial-poller.ts';
import { failureReason } from '../outbox/dispatcher.ts';
import { reencryptAll, type ReencryptionPass } from './re-encryption.ts';

/**
 * The background re-encryption (ADR 0043): while the key ring holds more than one key, each pass
 * moves what is still under an older key to the current one, a batch at a time. Every instance
 * may run it: the batches lock their rows and skip those another holds.
 */
export type KeyRotationJob = PolledJob<ReencryptionPass>;

declare module 'fastify' {
  interface FastifyInstance {
    keyRotation: KeyRotationJob;
  }
}

export interface KeyRotationPluginOptions {
  pollMs: number;
  /** Batches per pass, so one pass never holds the database long; the next pass goes on. */
  maxBatches?: number;
}

async function keyRotationPlugin(app: FastifyInstance, options: KeyRotationPluginOptions) {
  const log = app.log.child({ module: 'key-rotation' });
  const job = serialPoller<ReencryptionPass>(
    async () => {
      const pass = await reencryptAll(app.db, app.cipher, {
        ...(options.maxBatches !== undefined && { maxBatches: options.maxBatches }),
      });
      if (pass.rewritten > 0 || pass.unreadable > 0) {
        // Counts and key ids only: never a value.
        log.info(
          {
            currentKey: app.cipher.currentKeyId,
            rewritten: pass.rewritten,
            unreadable: pass.unreadable,
            complete: pass.complete,
          },
          'values re-encrypted under the current key',
        );
      }
      return pass;
    },
    (error) => log.error({ reason: failureReason(error) }, 'key rotation pass failed'),
    app.metrics.job('keyRotation'),
  );
  app.decorate('keyRotation', job);
  // With one key there is nothing to move: no timer at all.
  if (options.pollMs > 0 && app.cipher.keyIds.length > 1) {
    app.addHook('onReady', async () => job.start(options.pollMs));
  }
  app.addHook('preClose', async () => job.stop());
}

export const keyRotationJob = fp(keyRotationPlugin, { name: 'key-rotation' });
