import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { HttpPerson } from '../test/journey/http-person.ts';
import { freePort, startServer, type SpawnedServer } from '../test/journey/spawned-server.ts';

/**
 * The real `main.ts` on SIGTERM with saves in flight (issue 36): every save the server answered
 * is kept, a save it refused is not applied, and nothing it took is lost, read back after a
 * restart on the same embedded database.
 */

const API = '/service/jaxrs';
const MAILBOX_SECRET = randomBytes(24).toString('hex');
const PASSWORD = 'Maple-Leaf-Harbour-2026';

let dataDir: string;
let server: SpawnedServer | undefined;

afterAll(async () => {
  await server?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function environment(): Promise<Record<string, string>> {
  const port = await freePort();
  return {
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.join(dataDir, 'no-web-client'),
    DATA_ENCRYPTION_KEY: randomKey,
    SANDBOX_VENDORS: 'true',
    SEED_DEMO_USERS: 'false',
    SANDBOX_MAILBOX_SECRET: MAILBOX_SECRET,
    OUTBOX_POLL_MS: '200',
    RATE_LIMIT_REQUESTS_PER_MINUTE: '100000',
    RATE_LIMIT_WRITES_PER_MINUTE: '100000',
    // Long enough for saves to arrive while it drains; the bound well above what closing takes.
    SHUTDOWN_DRAIN_MS: '400',
    SHUTDOWN_TIMEOUT_MS: '20000',
  };
}

const randomKey = randomBytes(32).toString('base64');

async function signedUpPerson(url: string): Promise<HttpPerson> {
  const person = new HttpPerson(url);
  const email = `${randomBytes(6).toString('hex')}@example.com`;
  const registered = await person.call('POST', '/security/register', {
    form: { email, password: PASSWORD, firstName: 'Anna', lastName: 'Kowalski', language: 'en' },
  });
  expect(registered.status, registered.text).toBe(201);
  const signedIn = await person.call('POST', '/security/login', {
    form: { username: email, password: PASSWORD },
  });
  expect(signedIn.status, signedIn.text).toBe(204);
  const authorized = await person.call(
    'GET',
    '/security/oauth/authorize?client_id=clientOnlineApp&response_type=token',
  );
  person.token = authorized.text.trim();
  let code: string | undefined;
  for (let attempt = 0; attempt < 100 && !code; attempt += 1) {
    const mails = await person.call(
      'GET',
      `/sandbox/mailbox/messages?to=${encodeURIComponent(email)}`,
      { headers: { 'sandbox-mailbox-secret': MAILBOX_SECRET }, anonymous: true },
    );
    code = mails
      .json<{ subject: string }[]>()
      .map((mail) => /\b(\d{6})\b/.exec(mail.subject)?.[1])
      .find(Boolean);
    if (!code) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const verified = await person.call('PUT', `${API}/account/email-verification`, {
    json: { code },
  });
  expect(verified.status, verified.text).toBe(200);
  return person;
}

describe('SIGTERM with saves in flight (issue 36)', () => {
  it('answers and keeps each save it takes, refuses the rest, and loses none', async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'portal-shutdown-'));
    const env = await environment();
    server = await startServer(env);
    const person = await signedUpPerson(server.url);
    const created = await person.call('POST', `${API}/applications`);
    expect(created.status, created.text).toBe(201);
    const application = created.json<{ id: string; version: number }>();

    let version = application.version;
    let acknowledged = 0;
    let refused = 0;
    let signalled = false;
    // Saves one after another; the signal goes while the fifth is in flight.
    for (let save = 0; save < 400 && refused === 0; save += 1) {
      const answer = person
        .call('PUT', `${API}/applications/${application.id}/steps/ownership`, {
          json: { version, data: { ownershipTypeId: 1 } },
        })
        .then(
          (response) => response,
          () => undefined,
        );
      if (save === 5) {
        process.kill(server.pid, 'SIGTERM');
        signalled = true;
      }
      const response = await answer;
      if (response && response.status === 200) {
        version = response.json<{ version: number }>().version;
        acknowledged += 1;
      } else {
        // Refused: the connection (closed) or 503 (closing); never a 500, never a half save.
        expect(response === undefined || response.status === 503, response?.text).toBe(true);
        refused += 1;
      }
    }
    expect(signalled).toBe(true);
    // Saves went on being answered while it drained (the signal went with the fifth)...
    expect(acknowledged).toBeGreaterThan(5);
    expect(version).toBe(application.version + acknowledged);
    // ...until it closed: then exactly one was refused, and the loop stopped.
    expect(refused).toBe(1);
    expect(await server.exited).toBe(0);
    expect(server.output()).not.toContain('exiting now');

    // The same database, started again: the last save it answered is the one it kept.
    server = await startServer({ ...env, PORT: String(await freePort()) });
    const reader = new HttpPerson(server.url);
    reader.token = person.token;
    const stored = await reader.call('GET', `${API}/applications/${application.id}`);
    expect(stored.status, stored.text).toBe(200);
    expect(stored.json<{ version: number }>().version).toBe(version);
  }, 240_000);
});
