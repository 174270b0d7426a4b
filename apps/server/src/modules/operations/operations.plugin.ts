import type { FastifyPluginAsync } from 'fastify';
import { claimsRoutes } from './claims.routes.ts';
import { operationsApplicationsRoutes } from './operations-applications.routes.ts';
import { paymentFilesRoutes } from './payment-files.routes.ts';
import { workQueuesRoutes } from './work-queues.routes.ts';
import type { DocumentVerificationProvider } from '../../providers/document-verification/document-verification-provider.ts';
import type { BankClock } from '../../providers/sandbox-bank/bank-clock.ts';

export interface OperationsOptions {
  publicUrl: string;
  /** The bank's today (funding retries are dated on it). */
  clock?: BankClock;
  /** A real photo-ID vendor, which forgets a check once staff decide it (issue 34). */
  documentVerification?: DocumentVerificationProvider;
}

/**
 * The operations console's API (issue 16; ADR 0023) under `/service/jaxrs/ops/*`: staff only,
 * 404 to everyone else (each routes file adds the `requireRoleOr404('staff')` guard to its own routes).
 */
export const operations: FastifyPluginAsync<OperationsOptions> = async (app, _options) => {
  await app.register(claimsRoutes);
  await app.register(operationsApplicationsRoutes, { publicUrl: _options.publicUrl });
  await app.register(workQueuesRoutes, {
    publicUrl: _options.publicUrl,
    ...(_options.clock && { clock: _options.clock }),
    ...(_options.documentVerification && { documentVerification: _options.documentVerification }),
  });
  await app.register(paymentFilesRoutes);
};
