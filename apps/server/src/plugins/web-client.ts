import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export interface WebClientOptions {
  distDir: string;
}

/**
 * Serves the built single-page client. Hashed assets never change, so they are cached for a
 * year; HTML pages are revalidated on every visit so a release reaches people at once.
 */
async function webClientPlugin(app: FastifyInstance, options: WebClientOptions): Promise<void> {
  if (!existsSync(path.join(options.distDir, 'index.html'))) {
    app.log.warn({ distDir: options.distDir }, 'web client not built; serving the API only');
    return;
  }
  await app.register(fastifyStatic, {
    root: options.distDir,
    wildcard: false,
    index: ['index.html'],
    preCompressed: false,
    cacheControl: false,
    setHeaders(reply, filePath) {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
}

export const webClient = fp(webClientPlugin, { name: 'web-client' });
