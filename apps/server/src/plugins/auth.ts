import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
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
    /** preHandler: answers 401 unless a live bearer token names the caller. */
    requireUser(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | void>;
    /** preHandler factory: the caller must hold one of these roles (else 403). */
    requireRole(
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
  }
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

async function authPlugin(app: FastifyInstance, { policy }: { policy: SecurityPolicy }) {
  app.decorateRequest('user', undefined);
  app.decorateRequest('sessionId', undefined);

  app.decorate('requireUser', async (request: FastifyRequest, reply: FastifyReply) => {
    const token = request.headers.authorization?.match(/^Bearer ([\w-]{20,100})$/)?.[1];
    const found = token ? await authenticate(app.db, policy, token) : null;
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
    'requireRole',
    (...roles: Role[]) =>
      async (request: FastifyRequest, reply: FastifyReply) => {
        if (!request.user || !roles.includes(request.user.role)) {
          return reply.code(403).send({ errorCode: 'forbidden', message: 'Not allowed.' });
        }
      },
  );
}

export const auth = fp(authPlugin, { name: 'auth', dependencies: ['error-handler'] });
