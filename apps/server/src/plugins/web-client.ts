import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { acceptLanguageChoice, cookieLanguage, rememberLanguage } from '../lib/http/language.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Settles once the built client's compressed variants are made (after `ready`). */
    webClientCompressed?: () => Promise<void>;
  }
}

export interface WebClientOptions {
  distDir: string;
  /**
   * Applied once at start to index.html and its language variants (index.fr.html), before
   * they are hashed and compressed.
   */
  transformIndexHtml?: (html: string) => string;
}

type ContentCoding = 'br' | 'gzip';

/** One way of sending a file: its bytes as they go on the wire and their validator. */
interface Representation {
  body: Buffer;
  etag: string;
}

interface BuiltFile {
  contentType: string;
  cacheControl: string;
  identity: Representation;
  /** A text file worth compressing: its answers vary by Accept-Encoding. */
  compressible: boolean;
  /**
   * Its compressed variants (see `compressedVariants`), once made: they are made after the
   * server starts, so that it answers sooner; until then the file goes uncompressed.
   */
  encoded?: Partial<Record<ContentCoding, Representation>>;
  /**
   * The CSP sources (`'sha256-…'`) of the page's inline scripts: the prerendered page picks
   * its screen before the first paint with one (ADR 0027), and `script-src 'self'` would
   * refuse it.
   */
  inlineScriptSources?: string[];
}

/** The page the client starts from, and its French variant the build writes beside it. */
const INDEX = '/index.html';
const FRENCH_INDEX = '/index.fr.html';
const isIndexPage = (urlPath: string) => urlPath === INDEX || urlPath === FRENCH_INDEX;

/** Every `<script>` without a `src`: what the page runs inline. */
function inlineScriptSources(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)]
    .map(([, body = '']) => body)
    .filter((body) => body.trim() !== '')
    .map((body) => `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
}

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

/** Already-compressed formats (png, jpg, woff2) gain nothing from a second compression. */
const compressibleExtensions = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.svg',
  '.ico',
  '.json',
  '.webmanifest',
  '.txt',
  '.map',
]);

/** Below this, the encoding headers cost about what compression saves. */
const MIN_COMPRESSIBLE_BYTES = 1024;

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/**
 * File names find-my-way reads as route syntax (`:param`, `*`) or that no browser sends
 * unencoded; Vite never emits them, so such a file is skipped with a warning rather than
 * registered as a pattern that could match other paths.
 */
const SAFE_URL_PATH = /^\/[A-Za-z0-9._~\-/@+]*$/;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const etagOf = (body: Buffer, suffix = '') =>
  `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}${suffix}"`;

/**
 * Every regular file under `root`, as URL paths (`/assets/main-abc.js`). Dotfiles and dot
 * folders (Vite's `.vite/manifest.json`) are build metadata, not part of the site; symbolic
 * links are not followed, so nothing outside the build can be reached through one.
 */
async function listBuildFiles(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .filter((relative) => !relative.split(path.sep).some((part) => part.startsWith('.')))
    .map((relative) => `/${relative.split(path.sep).join('/')}`)
    .sort();
}

/**
 * Brotli and gzip at their strongest levels: they run once, after start, so the time they take
 * is spent once rather than on every request. A variant no smaller than the file is dropped.
 */
async function compressedVariants(
  body: Buffer,
  identityEtag: string,
): Promise<Partial<Record<ContentCoding, Representation>>> {
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
        [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gzipAsync(body, { level: zlibConstants.Z_BEST_COMPRESSION }),
  ]);
  // A strong ETag names one representation: the compressed bytes differ, so their tags do too.
  const bare = identityEtag.slice(0, -1);
  const variants: Partial<Record<ContentCoding, Representation>> = {};
  if (br.length < body.length) variants.br = { body: br, etag: `${bare}-br"` };
  if (gz.length < body.length) variants.gzip = { body: gz, etag: `${bare}-gz"` };
  return variants;
}

async function loadBuild(
  distDir: string,
  transformIndexHtml: ((html: string) => string) | undefined,
): Promise<{ files: Map<string, BuiltFile>; compressAll: () => Promise<void> }> {
  const files = new Map<string, BuiltFile>();
  for (const urlPath of await listBuildFiles(distDir)) {
    let body = await readFile(path.join(distDir, ...urlPath.split('/')));
    if (isIndexPage(urlPath) && transformIndexHtml) {
      body = Buffer.from(transformIndexHtml(body.toString('utf8')), 'utf8');
    }
    const scripts = isIndexPage(urlPath) ? inlineScriptSources(body.toString('utf8')) : [];
    const extension = path.extname(urlPath).toLowerCase();
    const identity = { body, etag: etagOf(body) };
    const compress = compressibleExtensions.has(extension) && body.length > MIN_COMPRESSIBLE_BYTES;
    files.set(urlPath, {
      contentType: contentTypes[extension] ?? 'application/octet-stream',
      // Vite puts content-hashed names under assets/: a new release gets new names, so the
      // old ones may be kept forever. Everything else keeps its name and must be revalidated.
      cacheControl: urlPath.startsWith('/assets/') ? IMMUTABLE : REVALIDATE,
      identity,
      compressible: compress,
      ...(scripts.length > 0 && { inlineScriptSources: scripts }),
    });
  }
  // One file at a time: the compression threads must not crowd out the first requests.
  const every = [...files.values()];
  const compressAll = async () => {
    for (const file of every) {
      if (file.compressible)
        file.encoded = await compressedVariants(file.identity.body, file.identity.etag);
    }
  };
  return { files, compressAll };
}

/** The codings the client accepts with a non-zero quality (`*` standing for the others). */
function acceptedCodings(header: string | undefined): (coding: ContentCoding) => boolean {
  const qualities = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    const quality = q ? Number(q.slice(2)) : 1;
    qualities.set(name, Number.isFinite(quality) ? quality : 0);
  }
  return (coding) => (qualities.get(coding) ?? qualities.get('*') ?? 0) > 0;
}

/** Brotli is smaller than gzip for the same text, so it wins whenever both are accepted. */
function chooseRepresentation(
  file: BuiltFile,
  acceptEncoding: string | undefined,
): { representation: Representation; coding?: ContentCoding } {
  if (!file.encoded) return { representation: file.identity };
  const accepts = acceptedCodings(acceptEncoding);
  for (const coding of ['br', 'gzip'] as const) {
    const representation = file.encoded[coding];
    if (representation && accepts(coding)) return { representation, coding };
  }
  return { representation: file.identity };
}

/** If-None-Match compares weakly (RFC 9110 13.1.2): `W/"x"` matches `"x"`. */
function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}

/**
 * Adds the page's inline scripts to the `script-src` the security headers set (or to
 * `default-src` when there is none), so those scripts, and no other, may run.
 */
function allowInlineScripts(reply: FastifyReply, sources: string[] | undefined): void {
  const policy = reply.getHeader('content-security-policy');
  if (!sources || typeof policy !== 'string') return;
  const directives = policy.split(';').map((directive) => directive.trim());
  const at = directives.findIndex((directive) => /^script-src\s/i.test(directive));
  if (at >= 0) {
    directives[at] = `${directives[at]} ${sources.join(' ')}`;
  } else {
    const fallback = directives.find((directive) => /^default-src\s/i.test(directive));
    if (!fallback) return; // No script restriction to widen.
    directives.push(`script-src${fallback.slice('default-src'.length)} ${sources.join(' ')}`);
  }
  reply.header('content-security-policy', directives.filter(Boolean).join(';'));
}

function sendBuiltFile(
  file: BuiltFile,
  request: FastifyRequest,
  reply: FastifyReply,
  { variesByCookie = false } = {},
) {
  const { representation, coding } = chooseRepresentation(file, request.headers['accept-encoding']);
  reply.header('cache-control', file.cacheControl).header('etag', representation.etag);
  // The page at / is English or French by the `lang` cookie: a cache must key on it too.
  const vary = [
    ...(file.compressible ? ['Accept-Encoding'] : []),
    ...(variesByCookie ? ['Cookie', 'Accept-Language'] : []),
  ];
  if (vary.length > 0) reply.header('vary', vary.join(', '));
  allowInlineScripts(reply, file.inlineScriptSources);
  if (matchesIfNoneMatch(request.headers['if-none-match'], representation.etag)) {
    return reply.code(304).send();
  }
  if (coding) reply.header('content-encoding', coding);
  return reply.type(file.contentType).send(representation.body);
}

/**
 * Serves the built single-page client from memory. Every file is read (and compressed) once
 * at start: argon2 hashing shares libuv's small threadpool with file reads, so a burst of
 * sign-ins used to hold the page, its script and its styles for many seconds. Only the files
 * of the build are routes; any other path reaches the application's not-found handler.
 */
async function webClientPlugin(app: FastifyInstance, options: WebClientOptions): Promise<void> {
  if (!existsSync(path.join(options.distDir, 'index.html'))) {
    app.log.warn({ distDir: options.distDir }, 'web client not built; serving the API only');
    return;
  }
  const { files, compressAll } = await loadBuild(options.distDir, options.transformIndexHtml);
  app.log.info({ files: files.size }, 'web client loaded into memory');
  // Compressing the build takes seconds of CPU: it starts once the server is ready, so the
  // server answers (its health check first) meanwhile, sending the files uncompressed.
  let compressed: Promise<void> | undefined;
  app.addHook('onReady', async () => {
    compressed = compressAll().catch((error: unknown) => {
      app.log.error({ err: error }, 'web client compression failed; files go uncompressed');
    });
  });
  app.decorate('webClientCompressed', async () => {
    await app.ready();
    await compressed;
  });
  app.addHook('onClose', async () => {
    await compressed;
  });
  const english = files.get(INDEX);
  const french = files.get(FRENCH_INDEX);
  files.delete(INDEX);
  files.delete(FRENCH_INDEX);

  if (english) {
    // The prerendered page speaks the person's language before any script runs (ADR 0027); a
    // build without the French variant (an older one) serves its one page to everybody.
    // Without a `lang` cookie the language comes from `?lang=` (a mail's link carries its
    // recipient's) or the browser's Accept-Language, and is remembered in the cookie the client
    // reads, so the page, the client and the sign-in page agree (issue 30, A-minor 2).
    const page = (request: FastifyRequest, reply: FastifyReply) => {
      if (!french) return english;
      const asked = new URLSearchParams(request.url.split('?')[1] ?? '').get('lang');
      const fromBrowser = cookieLanguage(request) === undefined;
      const chosen =
        asked === 'fr' || asked === 'en'
          ? asked
          : fromBrowser
            ? acceptLanguageChoice(request.headers['accept-language'])
            : cookieLanguage(request);
      if (chosen && (chosen === asked || fromBrowser)) rememberLanguage(request, reply, chosen);
      return chosen === 'fr' ? french : english;
    };
    for (const urlPath of ['/', INDEX]) {
      app.get(urlPath, { schema: { hide: true } }, (request, reply) =>
        sendBuiltFile(page(request, reply), request, reply, { variesByCookie: Boolean(french) }),
      );
    }
  }

  for (const [urlPath, file] of files) {
    if (!SAFE_URL_PATH.test(urlPath)) {
      app.log.warn({ file: urlPath }, 'web client file name is not a plain URL path; not served');
      continue;
    }
    // Fastify answers HEAD from this GET route with the same headers and no body.
    app.get(urlPath, { schema: { hide: true } }, (request, reply) =>
      sendBuiltFile(file, request, reply),
    );
  }
}

export const webClient = fp(webClientPlugin, { name: 'web-client' });
