import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { serialPoller, type PolledJob } from '../../lib/jobs/serial-poller.ts';
import { failureReason } from '../outbox/dispatcher.ts';
import { anchorAuditChain, type AnchorSettings } from './audit-anchor.ts';
import { chainAuditEvents } from './audit-chain.ts';

/**
 * Links the audit events written since the last pass into the chain, then appends the new links
 * and the head to the anchor log (issue 36, ADR 0040). Every instance runs it; the chaining is
 * serialised by an advisory lock, and an anchoring that finds nothing new appends nothing.
 */
export interface AuditChainPass {
  chained: number;
  anchoredTo: number | undefined;
}

export type AuditChainJob = PolledJob<AuditChainPass>;

declare module 'fastify' {
  interface FastifyInstance {
    auditChain: AuditChainJob;
  }
}

export interface AuditChainPluginOptions {
  /** Without an anchor log (a configuration built in code), events are chained only. */
  anchor?: AnchorSettings;
  pollMs: number;
}

async function auditChainPlugin(app: FastifyInstance, options: AuditChainPluginOptions) {
  const log = app.log.child({ module: 'audit-chain' });
  const job = serialPoller<AuditChainPass>(
    async () => {
      let chained = 0;
      for (;;) {
        const count = await chainAuditEvents(app.db);
        chained += count;
        if (count === 0) break;
      }
      const anchoredTo = options.anchor
        ? await anchorAuditChain(app.db, options.anchor)
        : undefined;
      if (chained > 0) log.info({ chained, anchoredTo }, 'audit events chained');
      return { chained, anchoredTo };
    },
    (error) => log.error({ reason: failureReason(error) }, 'audit chain pass failed'),
    app.metrics.job('auditChain'),
  );
  app.decorate('auditChain', job);
  if (options.pollMs > 0) app.addHook('onReady', async () => job.start(options.pollMs));
  app.addHook('preClose', async () => job.stop());
}

export const auditChainJob = fp(auditChainPlugin, { name: 'audit-chain' });
