import { isIP } from 'node:net';
import { request } from 'node:https';

/**
 * `fetch` over https trusting `ca` (the local deployment's own CA), for HttpPerson: Node's
 * built-in fetch reads extra CAs only at start (NODE_EXTRA_CA_CERTS), and the CA is made by
 * the test. Redirects are returned as they are (HttpPerson asks for `redirect: 'manual'`), and
 * each call opens its own connection, so a stopped instance leaves no kept-alive socket behind.
 * `localhost` is reached at 127.0.0.1, where the proxy listens, with `localhost` as its name.
 */
export function httpsFetchTrusting(ca: string): typeof fetch {
  const send = async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = new URL(input instanceof Request ? input.url : input);
    const headers = Object.fromEntries(new Headers(init.headers));
    const body =
      init.body === undefined || init.body === null
        ? undefined
        : Buffer.from(init.body as Uint8Array | string);
    return new Promise<Response>((resolve, reject) => {
      const outgoing = request(
        {
          host: url.hostname === 'localhost' ? '127.0.0.1' : url.hostname,
          ...(isIP(url.hostname) === 0 && { servername: url.hostname }),
          port: url.port || 443,
          path: `${url.pathname}${url.search}`,
          method: init.method ?? 'GET',
          headers: {
            host: url.host,
            ...headers,
            ...(body && { 'content-length': String(body.length) }),
          },
          ca,
          agent: false,
        },
        (incoming) => {
          const chunks: Buffer[] = [];
          incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
          incoming.on('error', reject);
          incoming.on('end', () => {
            const answerHeaders = new Headers();
            for (const [name, value] of Object.entries(incoming.headers)) {
              for (const each of Array.isArray(value) ? value : [value ?? '']) {
                answerHeaders.append(name, each);
              }
            }
            const status = incoming.statusCode ?? 502;
            const empty = [204, 205, 304].includes(status);
            resolve(
              new Response(empty ? null : Buffer.concat(chunks), {
                status,
                headers: answerHeaders,
              }),
            );
          });
        },
      );
      outgoing.on('error', reject);
      outgoing.end(body);
    });
  };
  return send as typeof fetch;
}
