import type { FastifyPluginAsync } from 'fastify';
import { claimsRoutes } from './claims.routes.ts';
import { operationsApplicationsRoutes } from './operations-applications.routes.ts';

export interface OperationsOptions {
  publicUrl: string;
}

/**
 * The operations console's API (issue 16; ADR 0023) under `/service/jaxrs/ops/*`: staff only,
 * 404 to everyone else (each routes file adds the `staffOnly` guard to its own routes).
 */
export const operations: FastifyPluginAsync<OperationsOptions> = async (app, _options) => {
  await app.register(claimsRoutes);
  await app.register(operationsApplicationsRoutes, { publicUrl: _options.publicUrl });
};
