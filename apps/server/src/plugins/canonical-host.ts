import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/**
 * A page opened at another address than the site's own (`http://127.0.0.1:8080` when
 * `PUBLIC_URL` names `localhost`) moves to the same path on `PUBLIC_URL` (issue 30, item 12).
 * Sign-in returns only to `PUBLIC_URL` (the authorize route refuses any other return address),
 * and cookies belong to one host name: a person who stayed on the other address could never
 * finish signing in.
 *
 * Only a browser's top-level page load moves: `Sec-Fetch-Mode: navigate` with
 * `Sec-Fetch-Dest: document`, headers a page cannot set. API calls, frames, files a page loads,
 * and clients that are not browsers (curl, docs/api.md's scripted sign-in) are answered where
 * they asked.
 */
export interface CanonicalHostOptions {
  /** The site's own address, without a trailing slash (`publicUrlOf`). */
  publicUrl: string;
}

const isPageLoad = (request: FastifyRequest) =>
  (request.method === 'GET' || request.method === 'HEAD') &&
  request.headers['sec-fetch-mode'] === 'navigate' &&
  request.headers['sec-fetch-dest'] === 'document';

/**
 * The host the browser asked for, read with the site's scheme so default ports compare equal.
 * A proxy's `X-Forwarded-Host` counts even from a proxy `TRUST_PROXY` does not name: it can
 * only keep a page where it is, never send it elsewhere than `PUBLIC_URL`. A proxy that passes
 * neither the browser's Host nor that header would have every page sent to `PUBLIC_URL` again
 * and again (docs/configuration.md, `PUBLIC_URL`).
 */
function askedHost(request: FastifyRequest, protocol: string): string | null {
  const forwarded = request.headers['x-forwarded-host'];
  const host = typeof forwarded === 'string' && forwarded.trim() !== '' ? forwarded : request.host;
  try {
    return new URL(`${protocol}//${host.split(',')[0]?.trim() ?? ''}`).host;
  } catch {
    return null;
  }
}

async function canonicalHostPlugin(app: FastifyInstance, { publicUrl }: CanonicalHostOptions) {
  const site = new URL(publicUrl);
  app.addHook('onRequest', (request, reply, done) => {
    const asked = isPageLoad(request) ? askedHost(request, site.protocol) : site.host;
    if (asked === null || asked === site.host) {
      done();
      return;
    }
    // The path is the browser's own (it starts with `/`), so the move stays on the site.
    reply
      .code(302)
      .header('location', `${publicUrl}${request.url}`)
      .header('cache-control', 'no-store')
      .send();
  });
}

export const canonicalHost = fp(canonicalHostPlugin, { name: 'canonical-host' });
