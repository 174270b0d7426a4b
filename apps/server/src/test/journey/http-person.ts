/**
 * A person (or a script) calling a running server over HTTP, with `fetch`: the equivalent of
 * the server tests' `app.inject` helpers for a real server. It keeps the cookies the server
 * sets, as a browser would, and may carry a bearer token.
 */
export interface Answer {
  status: number;
  headers: Headers;
  bytes: Buffer;
  text: string;
  json<T = unknown>(): T;
}

export interface CallOptions {
  /** A JSON body. */
  json?: unknown;
  /** A form body (`application/x-www-form-urlencoded`), as a browser posts one. */
  form?: Record<string, string>;
  /** Any other body, with its own content type in `headers`. */
  body?: Buffer;
  headers?: Record<string, string>;
  /** Without the bearer token this person holds (a call anyone could make). */
  anonymous?: boolean;
}

export class HttpPerson {
  /** The cookies the server set, by name (path and expiry are not modelled: one site). */
  readonly cookies = new Map<string, string>();
  /** The access token, once the person has one. */
  token: string | undefined;

  /** `send`: `fetch`, or one trusting a local CA (test/deploy/https-fetch.ts). */
  constructor(
    readonly baseUrl: string,
    private readonly send: typeof fetch = fetch,
  ) {}

  async call(method: string, path: string, options: CallOptions = {}): Promise<Answer> {
    const headers: Record<string, string> = { ...options.headers };
    let body: string | Buffer | undefined;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(options.form).toString();
    } else if (options.body) {
      body = options.body;
    }
    if (this.cookies.size > 0 && !options.anonymous) {
      headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    }
    if (this.token && !options.anonymous) headers.authorization = `Bearer ${this.token}`;
    const response = await this.send(new URL(path, this.baseUrl), {
      method,
      headers,
      ...(body !== undefined && {
        body: new Uint8Array(body instanceof Buffer ? body : Buffer.from(body)),
      }),
      redirect: 'manual',
    });
    if (!options.anonymous) {
      for (const line of response.headers.getSetCookie()) {
        const [pair = '', ...attributes] = line.split(';');
        const separator = pair.indexOf('=');
        const name = pair.slice(0, separator).trim();
        const value = pair.slice(separator + 1).trim();
        const expired = attributes.some((attribute) => {
          const [key = '', given = ''] = attribute.trim().split('=');
          if (key.toLowerCase() === 'max-age') return Number(given) <= 0;
          if (key.toLowerCase() === 'expires') return Date.parse(given) <= Date.now();
          return false;
        });
        if (expired || value === '') this.cookies.delete(name);
        else this.cookies.set(name, value);
      }
    }
    const bytes = Buffer.from(await response.arrayBuffer());
    const text = bytes.toString('utf8');
    return {
      status: response.status,
      headers: response.headers,
      bytes,
      text,
      json: <T>() => JSON.parse(text) as T,
    };
  }

  get = (path: string, options?: CallOptions) => this.call('GET', path, options);
  post = (path: string, options?: CallOptions) => this.call('POST', path, options);
  put = (path: string, options?: CallOptions) => this.call('PUT', path, options);
}

/**
 * Asks `probe` until it answers something other than undefined, at most `timeoutMs`: for what
 * happens after the call that caused it (the outbox's dispatch, a vendor's webhook).
 */
export async function eventually<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  { timeoutMs = 30_000, everyMs = 200 }: { timeoutMs?: number; everyMs?: number } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`${what}: not seen within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
