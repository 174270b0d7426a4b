import { http, HttpResponse, type HttpHandler } from 'msw';
import type { InMemoryApi } from './in-memory-api.ts';

/**
 * Mock Service Worker handlers over the in-memory API: every call the client makes to the
 * server's paths (`/service/jaxrs`, `/security`, the sandbox ceremony's `/sandbox/esign`) is
 * answered by `InMemoryApi`. `*` before the path matches any origin, so the same handlers serve
 * the browser's worker and the contract test's `msw/node` server.
 */
export function inMemoryHandlers(api: InMemoryApi): HttpHandler[] {
  const handle = http.all(
    /^[^?#]*\/(service\/jaxrs|security|sandbox\/esign)\//,
    async ({ request }) => {
      const url = new URL(request.url);
      const type = request.headers.get('content-type') ?? '';
      const raw = request.method === 'GET' || request.method === 'HEAD' ? '' : await request.text();
      let body: unknown;
      if (raw !== '' && type.includes('json')) {
        try {
          body = JSON.parse(raw);
        } catch {
          return HttpResponse.json(
            { errorCode: 'invalidRequest', message: 'The request could not be read.' },
            { status: 400 },
          );
        }
      }
      const answer = api.answer({
        method: request.method,
        url: `${url.pathname}${url.search}`,
        headers: request.headers,
        body,
      });
      const headers = new Headers(answer.headers);
      headers.set('cache-control', 'private, no-store');
      if (answer.body === undefined)
        return new HttpResponse(null, { status: answer.status, headers });
      if (typeof answer.body === 'string') {
        headers.set('content-type', answer.contentType ?? 'text/plain; charset=utf-8');
        return new HttpResponse(answer.body, { status: answer.status, headers });
      }
      return HttpResponse.json(answer.body, { status: answer.status, headers });
    },
  );
  return [handle];
}
