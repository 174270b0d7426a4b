import { createHmac } from 'node:crypto';
import rateLimit, { normalizeIP, type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { messageFor } from '@portal/domain';
import type { ApiRateLimits } from '../config.ts';

export interface ApiRateLimitOptions {
  limits: ApiRateLimits;
  /** The API's prefix (`/service/jaxrs`): only routes under it are counted. */
  prefix: string;
  /** Keys the hash of a caller's address, so the counters never hold an address. */
  secret: string;
  /**
   * Where the counts live: the PostgreSQL store shared by every instance
   * (lib/rate-limit/postgres-rate-limit-store.ts), closed with the server so that its last
   * counts are written; the library's memory store when absent (the embedded PGlite runs as one
   * process).
   */
  store?: { Store: FastifyRateLimitStoreCtor; close(): Promise<void> };
}

type Check = ReturnType<FastifyInstance['createRateLimit']>;

interface Limit {
  /** Names the limit in the counters' keys. */
  name: string;
  errorCode: 'rateLimited' | 'tooManyNewApplications';
  perPerson: number;
  timeWindowMs: number;
  /** Whether a request of this method to this route counts against the limit. */
  counts(method: string, url: string): boolean;
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function limitsOf(limits: ApiRateLimits, prefix: string): Limit[] {
  return [
    {
      name: 'requests',
      errorCode: 'rateLimited',
      perPerson: limits.requestsPerMinute,
      timeWindowMs: MINUTE_MS,
      counts: () => true,
    },
    {
      name: 'writes',
      errorCode: 'rateLimited',
      perPerson: limits.writesPerMinute,
      timeWindowMs: MINUTE_MS,
      counts: (method) => STATE_CHANGING.has(method),
    },
    {
      name: 'applications',
      errorCode: 'tooManyNewApplications',
      perPerson: limits.applicationsPerHour,
      timeWindowMs: HOUR_MS,
      counts: (method, url) => method === 'POST' && url === `${prefix}/applications`,
    },
  ];
}

/** The Accept-Language's language, else the signed-in caller's, else English. */
function languageOf(request: FastifyRequest): 'en' | 'fr' {
  const header = request.headers['accept-language'];
  if (typeof header === 'string' && header.trim() !== '') {
    return /^\s*fr\b/i.test(header) ? 'fr' : 'en';
  }
  return request.user?.language === 'fr' ? 'fr' : 'en';
}

/**
 * The API's rate limit (issue 30, security.md G10) with `@fastify/rate-limit`. Each API route
 * gets one preHandler, appended after the route's own hooks, so the caller is known: a
 * signed-in person is counted by their id, anyone else by (a keyed hash of) their address with
 * `addressFactor` times the allowance. Three limits, each its own counter: any request, the
 * state-changing ones, and new applications. The first one over answers 429 with Retry-After
 * and the API's error body, in the caller's language. Routes outside the prefix (webhooks,
 * `/healthz`, the sign-in pages with their own throttles, the sandboxes) are not counted.
 */
async function apiRateLimitPlugin(app: FastifyInstance, options: ApiRateLimitOptions) {
  const { limits, prefix, secret } = options;
  // `global: false`: the library's own hook would count one limit per request; the three
  // limits are its limiters (`createRateLimit`), run by the hook below.
  await app.register(rateLimit, {
    global: false,
    hook: 'preHandler',
    cache: 10_000,
    ...(options.store && { store: options.store.Store }),
  });
  const { store } = options;
  if (store) app.addHook('onClose', () => store.close());

  const subjectOf = (request: FastifyRequest): string => {
    if (request.user) return `user:${request.user.id}`;
    const address = createHmac('sha256', secret)
      .update(normalizeIP(request.ip))
      .digest('base64url');
    return `address:${address}`;
  };
  const checks = limitsOf(limits, prefix).map((limit) => ({
    limit,
    check: app.createRateLimit({
      keyGenerator: (request) => `${limit.name}:${subjectOf(request)}`,
      max: (request) => (request.user ? limit.perPerson : limit.perPerson * limits.addressFactor),
      timeWindow: limit.timeWindowMs,
    }),
  }));

  const limitRequest =
    (candidates: { limit: Limit; check: Check }[], url: string) =>
    async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | void> => {
      for (const { limit, check } of candidates) {
        if (!limit.counts(request.method, url)) continue;
        const result = await check(request);
        if (result.isAllowed || !result.isExceeded) continue;
        return reply
          .code(429)
          .header('retry-after', String(Math.max(1, result.ttlInSeconds)))
          .send({
            errorCode: limit.errorCode,
            message: messageFor(limit.errorCode, languageOf(request)),
          });
      }
    };

  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.url.startsWith(`${prefix}/`)) return;
    const methods = [route.method].flat();
    const candidates = checks.filter(({ limit }) =>
      methods.some((method) => limit.counts(method, route.url)),
    );
    const existing = route.preHandler ? [route.preHandler].flat() : [];
    route.preHandler = [...existing, limitRequest(candidates, route.url)];
  });
}

export const apiRateLimit = fp(apiRateLimitPlugin, {
  name: 'api-rate-limit',
  dependencies: ['auth'],
});
