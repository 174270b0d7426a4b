import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import examples from './canada-post-examples.json' with { type: 'json' };

/**
 * A stand-in for Canada Post AddressComplete on a loopback port, answering the two calls the
 * adapter makes with the documented answers of canada-post-examples.json (each with its
 * source). It checks what the documentation requires of a request (the key, the parameters'
 * names), so an adapter that drifts from the contract fails here rather than against Canada
 * Post. `calls` records each request (the key masked) for tests that count billed Retrieves.
 */
export interface CanadaPostFake {
  url: string;
  key: string;
  calls: { service: 'Find' | 'Retrieve'; query: Record<string, string> }[];
  /** The next answers are this documented error (`unknownKey`, `dailyLimit`) until cleared. */
  failWith(error: keyof typeof examples.errors | null): void;
  /** The next `count` requests get HTTP 503 (a vendor outage) before any answer. */
  failNext(count: number): void;
  close(): Promise<void>;
}

const FIND = '/AddressComplete/Interactive/Find/v2.10/json3.ws';
const RETRIEVE = '/AddressComplete/Interactive/Retrieve/v2.11/json3.ws';
/** The parameters each service documents; anything else is a request outside the contract. */
const documented = {
  Find: [
    'Key',
    'SearchTerm',
    'LastId',
    'SearchFor',
    'Country',
    'LanguagePreference',
    'MaxSuggestions',
    'MaxResults',
    'Origin',
    'Bias',
    'Filters',
    'GeoFence',
  ],
  Retrieve: ['Key', 'Id', 'Field1Format', 'Field2Format'],
} as const;

const normalised = (term: string) =>
  term
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();

export async function startCanadaPostFake(key = 'AA11-AA11-AA11-AA11'): Promise<CanadaPostFake> {
  const calls: CanadaPostFake['calls'] = [];
  let failure: keyof typeof examples.errors | null = null;
  let outages = 0;

  const send = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    response.end(JSON.stringify(body));
  };
  const error = (name: keyof typeof examples.errors) => ({ Items: [examples.errors[name]] });

  function answer(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://fake');
    const service = url.pathname === FIND ? 'Find' : url.pathname === RETRIEVE ? 'Retrieve' : null;
    if (request.method !== 'GET' && request.method !== 'POST') return send(response, 405, {});
    if (!service) return send(response, 404, {});
    const query = Object.fromEntries(url.searchParams);
    const unknown = Object.keys(query).filter(
      (name) => !(documented[service] as readonly string[]).includes(name),
    );
    if (unknown.length > 0) return send(response, 400, { unknownParameters: unknown });
    calls.push({ service, query: { ...query, Key: query.Key ? '***' : '' } });
    if (outages > 0) {
      outages -= 1;
      return send(response, 503, {});
    }
    if (failure) return send(response, 200, error(failure));
    if (query.Key !== key) return send(response, 200, error('unknownKey'));

    if (service === 'Find') {
      const term = query.SearchTerm ?? '';
      if (term.trim() === '') return send(response, 200, error('findSearchTermRequired'));
      const max = Number(query.MaxSuggestions ?? 7);
      const containers: Record<string, unknown[]> = examples.containers;
      const items = query.LastId
        ? (containers[query.LastId] ?? [])
        : (Object.entries(examples.finds).find(
            ([example]) =>
              normalised(example).startsWith(normalised(term)) ||
              normalised(term).startsWith(normalised(example)),
          )?.[1] ?? []);
      return send(response, 200, { Items: items.slice(0, max) });
    }
    const rows = (examples.retrieves as Record<string, unknown[]>)[query.Id ?? ''];
    return send(response, 200, rows ? { Items: rows } : error('retrieveIdInvalid'));
  }

  const server: Server = createServer(answer);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    key,
    calls,
    failWith: (name) => {
      failure = name;
    },
    failNext: (count) => {
      outages = count;
    },
    close: () =>
      new Promise<void>((resolve, reject) =>
        server.close((closed) => (closed ? reject(closed) : resolve())),
      ),
  };
}
