import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  AdmissionQueue,
  QueueWaitExceededError,
  type Release,
} from '../lib/admission-queue/admission-queue.ts';

export interface DatabaseQueueOptions {
  /** How many requests use the embedded database at once. */
  maxActive: number;
  /** How long a request may wait for its turn, in ms, before a 503. */
  maxWaitMs: number;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `false` on a route that reads and writes nothing in the database (a static page). */
    usesDatabase?: boolean;
  }
  interface FastifyInstance {
    /** The embedded database's admission queue (ADR 0025); absent on PostgreSQL. */
    databaseQueue?: AdmissionQueue;
  }
}

/** Where the database is used: the API, the server's pages, the sandboxes and the webhooks. */
const DATABASE_PREFIXES = ['/service/', '/security/', '/sandbox/', '/webhooks/'];

/**
 * The built web client's files, the health check and the pages that declare they use no
 * database (the sign-in page) never touch the queue: a page's scripts must load while the
 * database is busy, a person must reach the sign-in page, and a load balancer must not take a
 * busy instance for a dead one. Anything that writes goes through it.
 */
function usesDatabase(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return true;
  if (request.routeOptions.config.usesDatabase === false) return false;
  return DATABASE_PREFIXES.some((prefix) => request.url.startsWith(prefix));
}

/**
 * On the embedded PGlite database only (one connection): requests take their turn in arrival
 * order, a few at a time, from `onRequest` until their answer is sent; one that waited past the
 * bound is answered 503 `busy` with Retry-After and its handler never runs.
 */
async function databaseQueuePlugin(app: FastifyInstance, options: DatabaseQueueOptions) {
  const queue = new AdmissionQueue(options);
  app.decorate('databaseQueue', queue);
  const retryAfterSeconds = String(Math.max(1, Math.ceil(options.maxWaitMs / 1000)));
  const releases = new WeakMap<FastifyRequest, Release>();

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!usesDatabase(request)) return;
    let release: Release;
    try {
      release = await queue.acquire();
    } catch (error) {
      if (!(error instanceof QueueWaitExceededError)) throw error;
      request.log.warn({ waitedMs: error.waitedMs }, 'refused: the database queue is full');
      return reply
        .code(503)
        .header('retry-after', retryAfterSeconds)
        .send({ errorCode: 'busy', message: 'Too busy; retry shortly.' });
    }
    // A client that went away while it waited (a closed connection) gives its place back at
    // once: its close, and the abort hook, came before it had a place to free.
    if (request.raw.destroyed || reply.raw.destroyed || request.raw.socket.destroyed) {
      release();
      return reply.hijack();
    }
    releases.set(request, release);
    // A client that goes away before its answer frees its place too.
    reply.raw.once('close', release);
  });
  const releaseOf = async (request: FastifyRequest) => releases.get(request)?.();
  app.addHook('onResponse', releaseOf);
  app.addHook('onRequestAbort', releaseOf);
}

export const databaseQueue = fp(databaseQueuePlugin, {
  name: 'database-queue',
  dependencies: ['error-handler'],
});
