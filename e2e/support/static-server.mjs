// A static file server over the in-memory build (apps/web/dist-in-memory): no server code runs,
// as when the build is put on any static host. `/x/y` serves x/y, else x/y/index.html.
// Usage: node static-server.mjs <dir> <port>
import { createReadStream, statSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';

const [root = '.', port = '28210'] = process.argv.slice(2);
const base = path.resolve(root);
const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.pdf': 'application/pdf',
};

function fileFor(pathname) {
  const wanted = path.resolve(base, `.${decodeURIComponent(pathname)}`);
  if (wanted !== base && !wanted.startsWith(`${base}${path.sep}`)) return undefined;
  for (const candidate of [wanted, path.join(wanted, 'index.html')]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not there: try the next
    }
  }
  return undefined;
}

createServer((request, response) => {
  const { pathname } = new URL(request.url ?? '/', 'http://static');
  const file =
    request.method === 'GET' || request.method === 'HEAD' ? fileFor(pathname) : undefined;
  if (!file) {
    response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
    return;
  }
  response.writeHead(200, {
    'content-type': types[path.extname(file)] ?? 'application/octet-stream',
    'cache-control': 'no-cache',
  });
  if (request.method === 'HEAD') response.end();
  else createReadStream(file).pipe(response);
}).listen(Number(port), '127.0.0.1');
