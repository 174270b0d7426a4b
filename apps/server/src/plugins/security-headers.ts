import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/** Powerful features no page of ours uses, refused to us and to anything we embed. */
const refusedFeatures = ['microphone', 'geolocation', 'payment', 'usb', 'display-capture'];
const permissionsPolicy = ['camera=()', ...refusedFeatures.map((name) => `${name}=()`)].join(', ');
/** The client's document takes photo ID and selfie pictures itself: the camera, for itself only. */
const clientDocumentPermissionsPolicy = [
  'camera=(self)',
  ...refusedFeatures.map((name) => `${name}=()`),
].join(', ');

const CLIENT_DOCUMENT_PATHS = new Set(['/', '/index.html']);

/**
 * The single-page client's document as the web-client plugin serves it. A 304 counts too: its
 * headers replace the stored ones, so it must not take the camera back from the document.
 */
function isClientDocument(request: FastifyRequest, reply: FastifyReply): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (!CLIENT_DOCUMENT_PATHS.has(request.url.split('?')[0] ?? '')) return false;
  const type = String(reply.getHeader('content-type') ?? '');
  return type.startsWith('text/html') || reply.statusCode === 304;
}

/** Where answers carry personal data (sign-in, tokens, applications): never kept by a cache. */
const PRIVATE_PREFIXES = ['/service/jaxrs/', '/security/'];

/**
 * The headers helmet sets for these options, worked out once. `@fastify/helmet` built helmet's
 * middleware again for every request (its options parsed, its CSP string joined): two thirds of
 * the time of a cached `GET users` (issue 18, ADR 0025). Our headers never depend on the
 * request, so they are computed at start and copied onto each answer.
 */
export function helmetHeadersOf(options: HelmetOptions): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let finished = false;
  // Helmet's middleware only sets and removes headers, synchronously; it reads nothing else.
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, () => {
    finished = true;
  });
  if (!finished) throw new Error('helmet did not set its headers synchronously');
  return headers;
}

export interface SecurityHeadersOptions {
  /**
   * Other sites our pages may show in a frame (`frame-src`): a vendor's frame chosen by the
   * configuration (Flinks Connect on the funding step), by origin, and nothing unless chosen.
   */
  frameOrigins?: readonly string[];
}

async function securityHeadersPlugin(
  app: FastifyInstance,
  options: SecurityHeadersOptions = {},
): Promise<void> {
  const fixedHeaders = helmetHeadersOf({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // react-aria positions overlays with inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // blob: for the previews of the pictures a person just took, before they send them.
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        // The not-found page embeds our own frame page, the funding step a configured vendor's
        // connect frame; nobody else may frame us.
        frameSrc: ["'self'", ...(options.frameOrigins ?? [])],
        frameAncestors: ["'self'"],
        formAction: ["'self'"],
        // No page of ours needs <base>; none lets an injected one redirect relative URLs.
        baseUri: ["'none'"],
        objectSrc: ["'none'"],
      },
    },
    frameguard: { action: 'sameorigin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  // Callback hooks, not async ones: these run for every answer, and a promise and a microtask
  // per hook were a measurable share of a cached `GET users` (issue 18).
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(fixedHeaders);
    reply.header('x-request-id', request.id);
    reply.header('permissions-policy', permissionsPolicy);
    // Where answers carry personal data: never kept by a cache, unless the route chooses its
    // own caching (the reference lists' max-age and ETag), which replaces this.
    if (PRIVATE_PREFIXES.some((prefix) => request.url.startsWith(prefix))) {
      reply.header('cache-control', 'no-store');
    }
    done();
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    if (isClientDocument(request, reply)) {
      reply.header('permissions-policy', clientDocumentPermissionsPolicy);
    }
    done(null, payload);
  });
}

export const securityHeaders = fp(securityHeadersPlugin, { name: 'security-headers' });
