import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * The operations API's guard (issue 16): a signed-in caller who is not staff gets 404, as for a
 * path that does not exist, so the console's API is not even confirmed to anyone else. A caller
 * with no live token gets the usual 401.
 */
export function staffOnly(app: FastifyInstance) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | void> => {
    await app.requireUser(request, reply);
    if (reply.sent) return reply;
    if (request.user?.role !== 'staff') {
      return reply.code(404).send({ errorCode: 'notFound', message: 'Not found.' });
    }
  };
}
