import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * The advisor API's guard (issue 17): a signed-in caller who is not an advisor gets 404, as for
 * a path that does not exist, so the advisor book is not even confirmed to anyone else; a
 * caller with no live token gets the usual 401. Advisors reach a token only through their
 * second factor (MFA_REQUIRED_ROLES), so nothing more is asked here.
 */
export function advisorOnly(app: FastifyInstance) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | void> => {
    await app.requireUser(request, reply);
    if (reply.sent) return reply;
    if (request.user?.role !== 'advisor') {
      return reply.code(404).send({ errorCode: 'notFound', message: 'Not found.' });
    }
  };
}
