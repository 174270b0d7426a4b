import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, timeoutsOf } from '../config.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

interface Outcome {
  /** What the server wrote before it closed the connection. */
  answer: string;
  /** Milliseconds from the last byte sent to the connection's end. */
  afterMs: number;
}

/**
 * Opens a raw connection, writes `request` (a request cut short, as a slow or malicious client
 * leaves it) and waits until the server closes, or `giveUpMs` passes (then `answer` is null).
 */
function sendAndWait(port: number, request: string, giveUpMs: number): Promise<Outcome | null> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    const chunks: Buffer[] = [];
    let sentAt = 0;
    const timer = setTimeout(() => {
      socket.destroy();
      resolve(null);
    }, giveUpMs);
    socket.on('connect', () => {
      socket.write(request);
      sentAt = Date.now();
    });
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ answer: Buffer.concat(chunks).toString('utf8'), afterMs: Date.now() - sentAt });
    });
    socket.on('timeout', () => reject(new Error('socket timeout')));
  });
}

/**
 * How long a test waits for the server to close: the server's own timers decide (a second's
 * limit, looked at every second), but a busy machine runs them late, so the wait is generous.
 */
const GIVE_UP_MS = 10_000;

describe('a request that arrives too slowly is cut off', () => {
  const started: TestApp[] = [];
  const ports = { requestOfASecond: 0, headersOfASecond: 0 };
  // Started before the tests, under the hooks' longer limit, so that the tests' time is theirs.
  beforeAll(async () => {
    ports.requestOfASecond = await listening({ requestTimeoutMs: 1000 });
    // The whole request's limit far past the give-up: only the headers' limit can cut it.
    ports.headersOfASecond = await listening({ requestTimeoutMs: 60_000, headersTimeoutMs: 1000 });
  });
  afterAll(() => Promise.all(started.map((test) => test.close())));

  async function listening(overrides: { requestTimeoutMs?: number; headersTimeoutMs?: number }) {
    const test = await createTestApp(overrides);
    started.push(test);
    await test.app.listen({ port: 0, host: '127.0.0.1' });
    const address = test.app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening on a port');
    return address.port;
  }

  it('a body that stops short of its content-length: 408 requestTimeout within seconds', async () => {
    const port = ports.requestOfASecond;
    const outcome = await sendAndWait(
      port,
      'POST /service/jaxrs/errors HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
        'Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"errorF',
      GIVE_UP_MS,
    );
    expect(outcome, 'the server kept waiting for the rest of the body').not.toBeNull();
    expect(outcome?.answer).toMatch(/^HTTP\/1\.1 408 /);
    const body = outcome?.answer.split('\r\n\r\n')[1] ?? '';
    expect(JSON.parse(body)).toEqual({
      errorCode: 'requestTimeout',
      message: 'The request took too long to arrive.',
    });
    expect(outcome?.answer).not.toMatch(/FST_|Client Timeout/);
    // Cut off for being late, not refused at once.
    expect(outcome?.afterMs).toBeGreaterThanOrEqual(900);
  });

  it('headers that never finish: 408 within seconds', async () => {
    const port = ports.headersOfASecond;
    const outcome = await sendAndWait(
      port,
      'GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: a',
      GIVE_UP_MS,
    );
    expect(outcome, 'the server kept waiting for the rest of the headers').not.toBeNull();
    expect(outcome?.answer).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('a request that arrives in time is answered as usual', async () => {
    const port = ports.requestOfASecond;
    const outcome = await sendAndWait(
      port,
      'GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n',
      GIVE_UP_MS,
    );
    expect(outcome?.answer).toMatch(/^HTTP\/1\.1 200 /);
  });
});

describe('REQUEST_TIMEOUT_SECONDS and HEADERS_TIMEOUT_SECONDS', () => {
  it('default to 60 s for the whole request and 15 s for its headers', () => {
    const config = loadConfig({});
    expect(timeoutsOf(config)).toEqual({ requestTimeoutMs: 60_000, headersTimeoutMs: 15_000 });
    // A configuration built in code without them (the tests) gets the same.
    expect(timeoutsOf({})).toEqual({ requestTimeoutMs: 60_000, headersTimeoutMs: 15_000 });
  });

  it('are read in seconds, the headers never given longer than the whole request', () => {
    const config = loadConfig({ REQUEST_TIMEOUT_SECONDS: '30', HEADERS_TIMEOUT_SECONDS: '10' });
    expect(timeoutsOf(config)).toEqual({ requestTimeoutMs: 30_000, headersTimeoutMs: 10_000 });
    const capped = loadConfig({ REQUEST_TIMEOUT_SECONDS: '5', HEADERS_TIMEOUT_SECONDS: '10' });
    expect(timeoutsOf(capped)).toEqual({ requestTimeoutMs: 5_000, headersTimeoutMs: 5_000 });
    expect(() => loadConfig({ REQUEST_TIMEOUT_SECONDS: '0' })).toThrow(/REQUEST_TIMEOUT_SECONDS/);
  });
});
