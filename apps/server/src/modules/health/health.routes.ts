import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pingDatabase } from '../../db/client.ts';
import { migrationsBehind } from '../../db/migration-state.ts';

/**
 * Health (issue 36). `/healthz` is kept as it was (the README, CI and scripts wait on it): the
 * server and its database answer. `/healthz/live` says the process runs (a supervisor restarts
 * it when it does not answer); `/healthz/ready` says whether it should be sent requests: its
 * database answers, has every migration this code ships, and it is not draining (SIGTERM turns
 * it to 503 first, main.ts). Vendors need no check here: an instance whose roles are not
 * configured never starts (config.ts, `sandboxedRoles`). Nothing in them names a host, a
 * version or a secret.
 */

declare module 'fastify' {
  interface FastifyInstance {
    /** The instance's state the readiness check reports; main.ts sets `draining` on SIGTERM. */
    lifecycle: { draining: boolean };
  }
}

const readiness = z.object({
  status: z.enum(['ready', 'notReady']),
  database: z.enum(['ok', 'unavailable']),
  migrations: z.enum(['current', 'behind', 'unknown']),
  draining: z.boolean(),
});

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['operations'];

  app.get(
    '/healthz',
    {
      schema: {
        tags,
        summary: 'Ready when the server and its database answer',
        response: {
          200: z.object({ status: z.literal('ok'), database: z.string() }),
          503: z.object({ status: z.literal('unavailable'), database: z.string() }),
        },
      },
      logLevel: 'warn',
    },
    async (_request, reply) => {
      try {
        await pingDatabase(app.db);
        reply.header('cache-control', 'no-store');
        return { status: 'ok' as const, database: app.dbDriver };
      } catch (error) {
        app.log.error({ err: error }, 'health check: database did not answer');
        return reply.code(503).send({ status: 'unavailable' as const, database: app.dbDriver });
      }
    },
  );

  app.get(
    '/healthz/live',
    {
      schema: {
        tags,
        summary: 'The process runs and answers (restart it when this does not answer)',
        response: { 200: z.object({ status: z.literal('live') }) },
      },
      logLevel: 'warn',
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { status: 'live' as const };
    },
  );

  app.get(
    '/healthz/ready',
    {
      schema: {
        tags,
        summary:
          'Whether to send this instance requests: database answering, migrations current, ' +
          'not draining',
        response: { 200: readiness, 503: readiness },
      },
      logLevel: 'warn',
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      let database: 'ok' | 'unavailable' = 'ok';
      let migrations: 'current' | 'behind' | 'unknown' = 'unknown';
      try {
        await pingDatabase(app.db);
        migrations = (await migrationsBehind(app.db)) === 0 ? 'current' : 'behind';
      } catch (error) {
        database = 'unavailable';
        app.log.error({ err: error }, 'readiness check: database did not answer');
      }
      const draining = app.lifecycle.draining;
      const ready = database === 'ok' && migrations === 'current' && !draining;
      return reply
        .code(ready ? 200 : 503)
        .send({ status: ready ? 'ready' : 'notReady', database, migrations, draining });
    },
  );
};
