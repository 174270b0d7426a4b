import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Plugin } from 'vite';

/**
 * The in-memory build's extra files (ADR 0028), emitted only when `VITE_IN_MEMORY_API=true`:
 * msw's service worker script, and a stand-in at each address where the client leaves for a page
 * the server renders (sign-in, registration, authorize), which opens the client's stand-in
 * sign-in page instead. A static file server serves them all: no server code runs.
 */
export const inMemoryBuild = process.env.VITE_IN_MEMORY_API === 'true';

/** The in-memory build goes to its own folder: the normal `dist` is left as it was. */
export const IN_MEMORY_OUT_DIR = 'dist-in-memory';

const serverPages = ['security/login', 'security/register', 'security/oauth/authorize'];

/** A page that sends the browser to the stand-in sign-in page, keeping its language. */
const standInPage = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="robots" content="noindex">
<meta http-equiv="refresh" content="0; url=/#/in-memory/sign-in">
<title>Sign in · Ouvrir une session</title>
<script>location.replace('/#/in-memory/sign-in');</script>
</head>
<body><p><a href="/#/in-memory/sign-in">Sign in</a> · <a href="/#/in-memory/sign-in">Ouvrir une session</a></p></body>
</html>
`;

function workerScript(): string {
  const require = createRequire(import.meta.url);
  return readFileSync(require.resolve('msw/mockServiceWorker.js'), 'utf8');
}

export function inMemoryFiles(): Plugin {
  return {
    name: 'portal-in-memory-files',
    apply: () => inMemoryBuild,
    configureServer(server) {
      // `vite` in this mode serves the worker too.
      server.middlewares.use('/mockServiceWorker.js', (_request, response) => {
        response.setHeader('content-type', 'text/javascript');
        response.end(workerScript());
      });
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'mockServiceWorker.js', source: workerScript() });
      for (const page of serverPages) {
        this.emitFile({ type: 'asset', fileName: `${page}/index.html`, source: standInPage });
      }
    },
  };
}
