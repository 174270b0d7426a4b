import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

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

async function securityHeadersPlugin(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // react-aria positions overlays with inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        // The not-found page embeds our own frame page; nobody else may frame us.
        frameSrc: ["'self'"],
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

  app.addHook('onSend', async (request, reply) => {
    reply.header(
      'permissions-policy',
      isClientDocument(request, reply) ? clientDocumentPermissionsPolicy : permissionsPolicy,
    );
    // A route that chose its own caching (the reference lists' max-age and ETag) keeps it.
    if (
      PRIVATE_PREFIXES.some((prefix) => request.url.startsWith(prefix)) &&
      !reply.hasHeader('cache-control')
    ) {
      reply.header('cache-control', 'no-store');
    }
  });
}

export const securityHeaders = fp(securityHeadersPlugin, { name: 'security-headers' });
