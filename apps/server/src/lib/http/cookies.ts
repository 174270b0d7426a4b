import type { FastifyReply, FastifyRequest } from 'fastify';

/** Whether the browser reached us over https (behind `TRUST_PROXY`, as its proxy says). */
export const isHttps = (request: FastifyRequest) => request.protocol === 'https';

/**
 * A cookie's name under the scheme the browser used: `__Secure-name` over https, which a
 * browser only accepts from a secure page with `Secure`, so nobody on the network can plant
 * one over plain http; the bare name over http (a developer's machine, the tests).
 */
export const secureName = (request: FastifyRequest, name: string) =>
  isHttps(request) ? `__Secure-${name}` : name;

/**
 * The one way to clear a cookie this server set: over https the clearing answer carries
 * `Secure`, without which a browser ignores any `Set-Cookie` of a `__Secure-` name and keeps
 * the old value (RFC 6265bis, cookie prefixes); `HttpOnly` and `SameSite` as they were set.
 */
export function clearCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  name: string,
  options: { path: string; sameSite?: 'lax' | 'strict' },
) {
  reply.clearCookie(secureName(request, name), {
    path: options.path,
    httpOnly: true,
    sameSite: options.sameSite ?? 'lax',
    secure: isHttps(request),
  });
}
