import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/**
 * One origin check for every state-changing request (architecture: "Request security"; issue 11
 * hole 1). A browser tells where a request comes from in two headers an attacker's page cannot
 * forge: `Sec-Fetch-Site` (every current browser) and `Origin`. A request is refused when
 * - `Sec-Fetch-Site` is present and is neither `same-origin` nor `none` (typed or bookmarked), or
 * - `Origin` is present and is `null` (a sandboxed frame, a data: URL, some redirects) or names
 *   another site than this one.
 * A request with neither header is not a browser's (curl, docs/api.md's scripted sign-in, server
 * to server) and passes: forgery needs a victim's browser, and every browser sends one of them.
 *
 * "This site" is the `PUBLIC_URL` origin, or the Host the browser itself addressed (a browser
 * never lets a page set Host, so comparing the two is sound), which keeps `localhost` and
 * `127.0.0.1` working on a developer's machine.
 */
export interface RequestOriginOptions {
  /** The site's own origin (`https://portal.example.ca`), from PUBLIC_URL. */
  publicOrigin: string;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Safe by method, yet changing state: a link to it on another site must not sign people out. */
const STATE_CHANGING_GETS = ['/security/logout'];

const changesState = (request: FastifyRequest) =>
  !SAFE_METHODS.has(request.method) ||
  STATE_CHANGING_GETS.some((path) => request.url === path || request.url.startsWith(`${path}?`));

/** Why a request is refused, or null when it may go on. */
export function crossSiteReason(
  headers: { 'sec-fetch-site'?: string | string[]; origin?: string | string[]; host?: string },
  publicOrigin: string,
): string | null {
  const site = headers['sec-fetch-site'];
  // A browser that sends fetch metadata has said where the request comes from, and a page
  // cannot change it: that answer decides. (A page with `Referrer-Policy: no-referrer` makes
  // Chromium post `Origin: null` from the site itself; Sec-Fetch-Site still says same-origin.)
  if (site !== undefined) return site === 'same-origin' || site === 'none' ? null : 'fetchSite';
  const origin = headers.origin;
  if (origin === undefined) return null;
  if (Array.isArray(origin) || origin === 'null') return 'nullOrigin';
  if (origin === publicOrigin) return null;
  try {
    const parsed = new URL(origin);
    // Host as the browser sent it, read with the origin's scheme so default ports compare equal.
    if (headers.host && new URL(`${parsed.protocol}//${headers.host}`).host === parsed.host) {
      return null;
    }
  } catch {
    return 'badOrigin';
  }
  return 'foreignOrigin';
}

async function requestOriginPlugin(app: FastifyInstance, options: RequestOriginOptions) {
  const publicOrigin = new URL(options.publicOrigin).origin;
  // A callback hook: it runs for every request, and most pass at once (issue 18).
  app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done) => {
    const reason = changesState(request) ? crossSiteReason(request.headers, publicOrigin) : null;
    if (!reason) {
      done();
      return;
    }
    request.log.warn(
      { reason, method: request.method, url: request.routeOptions.url },
      'cross-site request refused',
    );
    // Sending from a callback hook ends the request here: neither `done` nor the handler runs.
    reply
      .code(403)
      .header('cache-control', 'no-store')
      .send({ errorCode: 'crossSite', message: 'Requests from other sites are refused.' });
  });
}

export const requestOrigin = fp(requestOriginPlugin, {
  name: 'request-origin',
  dependencies: ['error-handler'],
});
