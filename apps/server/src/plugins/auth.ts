import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { DatabaseHandle } from '../db/client.ts';
import { TOKEN_REVOKED_CHANNEL, TokenCache } from '../lib/token-cache/token-cache.ts';
import {
  authenticate,
  type AuthenticatedUser,
  type Role,
  type SecurityPolicy,
} from '../modules/security/security.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller, set by `app.requireUser`. */
    user?: AuthenticatedUser;
    /** The sign-in session behind the caller's token, set by `app.requireUser`. */
    sessionId?: string;
  }
  interface FastifyInstance {
    /** The person a live bearer token names, or null; answers nothing (the caller decides). */
    bearerUser(request: FastifyRequest): Promise<AuthenticatedUser | null>;
    /** preHandler: answers 401 unless a live bearer token names the caller. */
    requireUser(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | void>;
    /**
     * Hook factory for an API kept to some roles (operations, advisors, express acceptance):
     * 401 without a live token, and 404 to a signed-in caller of another role, as for a path
     * that does not exist, so the API is not even confirmed to them.
     */
    requireRoleOr404(
      ...roles: Role[]
    ): (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply | void>;
    /**
     * preHandler after `requireUser`: 403 `emailNotVerified` unless the caller proved their
     * address (joining a joint application, signing, funding).
     */
    requireVerifiedEmail(
      request: FastifyRequest,
      reply: FastifyReply,
    ): Promise<FastifyReply | void>;
    /** The live tokens checked lately (ADR 0025); services evict what they end. */
    tokenCache: TokenCache<AuthenticatedUser>;
  }
}

export interface AuthOptions {
  policy: SecurityPolicy;
  /** How long a checked token is answered from memory, in ms; 0 (the default) reads every call. */
  tokenCacheMs?: number;
  /** At most this many tokens in memory. */
  tokenCacheEntries?: number;
  /**
   * The database's notifications (`DatabaseHandle.listen`). Without it nothing tells this
   * instance what others revoke, so the cache stays off.
   */
  listen?: DatabaseHandle['listen'];
}

const DEFAULT_CACHE_ENTRIES = 10_000;
/** Past this, a revocation answers though an instance did not acknowledge it (it may be dying). */
const PROPAGATION_TIMEOUT_MS = 2_000;

/** Writes, and the server's own pages (sign-out and reset links are GETs and forms). */
const mayWrite = (request: FastifyRequest) =>
  (request.method !== 'GET' && request.method !== 'HEAD') || request.url.startsWith('/security/');

/**
 * Every route of the plugin needs a signed-in person, and no answer is cached anywhere (they
 * carry a person's own data). Registered inside a routes plugin, it covers that plugin's routes.
 */
export function signedInAndUncached(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    await app.requireUser(request, reply);
    if (!request.user) return reply;
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });
}

/** The caller, for handlers behind `requireUser`. */
export function callerOf(request: FastifyRequest): AuthenticatedUser {
  if (!request.user) throw new Error('route is missing the requireUser preHandler');
  return request.user;
}

/** Accept-Language picks the language of an answer; the caller's own language without one. */
export function answerLanguageOf(request: FastifyRequest): 'en' | 'fr' {
  const header = request.headers['accept-language'];
  if (typeof header === 'string' && header.trim() !== '') {
    return /^\s*fr\b/i.test(header) ? 'fr' : 'en';
  }
  return callerOf(request).language === 'fr' ? 'fr' : 'en';
}

async function authPlugin(app: FastifyInstance, options: AuthOptions) {
  const { policy, listen } = options;
  app.decorateRequest('user', undefined);
  app.decorateRequest('sessionId', undefined);

  const ttlMs = listen ? (options.tokenCacheMs ?? 0) : 0;
  // Deaf until the listener says otherwise: nothing is served from memory before then.
  const cache = new TokenCache<AuthenticatedUser>(
    { ttlMs, maxEntries: options.tokenCacheEntries ?? DEFAULT_CACHE_ENTRIES },
    { listening: false },
  );
  app.decorate('tokenCache', cache);
  if (ttlMs > 0 && listen) {
    const listener = await listen(TOKEN_REVOKED_CHANNEL, {
      onPayload: (payload) => cache.applyNotification(payload),
      onListening: (listening) => cache.setListening(listening),
    });
    app.addHook('onClose', () => listener.stop());
    cache.setPropagation(() => listener.barrier(PROPAGATION_TIMEOUT_MS));
    // A request that may have changed a person or ended a session answers only once this
    // instance has heard its own notifications: the caller's next call sees the change here.
    app.addHook('onSend', (request, _reply, payload, done) => {
      if (!mayWrite(request)) {
        done(null, payload);
        return;
      }
      listener.sync().then(() => done(null, payload), done);
    });
  }

  const bearerSession = async (request: FastifyRequest) => {
    const token = request.headers.authorization?.match(/^Bearer ([\w-]{20,100})$/)?.[1];
    return token ? await authenticate(app.db, policy, token, new Date(), cache) : null;
  };
  app.decorate(
    'bearerUser',
    async (request: FastifyRequest) => (await bearerSession(request))?.user ?? null,
  );

  app.decorate('requireUser', async (request: FastifyRequest, reply: FastifyReply) => {
    const found = await bearerSession(request);
    if (!found) {
      // An async hook that answers must return the reply, or the handler still runs.
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer')
        .send({ errorCode: 'signInRequired', message: 'Sign in required.' });
    }
    request.user = found.user;
    request.sessionId = found.sessionId;
  });

  app.decorate('requireVerifiedEmail', async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.user && !request.user.emailVerifiedAt) {
      return reply.code(403).send({
        errorCode: 'emailNotVerified',
        message: 'Verify your email address first.',
      });
    }
  });

  app.decorate(
    'requireRoleOr404',
    (...roles: Role[]) =>
      async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | void> => {
        await app.requireUser(request, reply);
        if (reply.sent) return reply;
        if (!request.user || !roles.includes(request.user.role)) {
          return reply.code(404).send({ errorCode: 'notFound', message: 'Not found.' });
        }
      },
  );
}

export const auth = fp(authPlugin, { name: 'auth', dependencies: ['error-handler'] });
