import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { completeProfile } from '@portal/domain/rules/profile.fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APPLICANT_PASSWORD,
  applicationToProfile,
  expectStatus,
  profileWithSin,
  registerAndSignIn,
  saveStep,
} from '../../test/journey/applicant-over-http.ts';
import { HttpPerson } from '../../test/journey/http-person.ts';
import { freePort, startServer, type SpawnedServer } from '../../test/journey/spawned-server.ts';
import { createTestDatabase } from '../../test/test-app.ts';

/**
 * Issue 36: one applicant's journey through the real server, started as production starts it
 * (`--import` of the telemetry bootstrap), with its spans exported over OTLP to a receiver in
 * this test, its metrics scraped on their own port and its log captured; none of the three may
 * hold the applicant's SIN, email, names, passwords, session cookie or token, the email
 * verification code, the password reset token, or an identity-capture credential (the
 * hand-off's token in `identityCapture/<token>` and its short code in `/v/<code>`). The phone's
 * pages are asked with a credential of the right shape: the server sees and could record the
 * path the same whether the hand-off is live or not. On PostgreSQL (TEST_DATABASE_URL) the
 * spans include instrumentation-pg's statements, values and all if they leaked.
 */

const API = '/service/jaxrs';
const MAILBOX_SECRET = randomBytes(24).toString('hex');
const METRICS_TOKEN = randomBytes(24).toString('hex');
const NEW_PASSWORD = 'Heron-Quarry-Lanterne-Boreale-2027';
const STEP_ROUTE = '/service/jaxrs/applications/:id/steps/:step';

/** An OTLP/HTTP receiver keeping each export's body as it came (protobuf keeps strings as UTF-8). */
async function startOtlpReceiver() {
  const bodies: Buffer[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.url === '/v1/traces') bodies.push(Buffer.concat(chunks));
      // An empty ExportTraceServiceResponse: everything accepted.
      response.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    received: () => Buffer.concat(bodies).toString('utf8'),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

async function eventually<T>(what: string, probe: () => Promise<T | undefined>): Promise<T> {
  for (let tries = 0; tries < 100; tries += 1) {
    const found = await probe();
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${what} never came`);
}

describe('issue 36: a journey leaves no personal data or credential in spans, metrics or logs', () => {
  let receiver: Awaited<ReturnType<typeof startOtlpReceiver>>;
  let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  let folder = '';
  let server: SpawnedServer;
  let metricsPort = 0;

  beforeAll(async () => {
    receiver = await startOtlpReceiver();
    folder = mkdtempSync(path.join(tmpdir(), 'portal-no-personal-data-'));
    if (process.env.TEST_DATABASE_URL) database = await createTestDatabase();
    const port = await freePort();
    metricsPort = await freePort();
    server = await startServer(
      {
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: String(port),
        LOG_LEVEL: 'info',
        DATA_DIR: path.join(folder, 'data'),
        WEB_DIST_DIR: path.join(folder, 'no-web-client'),
        ...(database?.config.driver === 'postgres' && { DATABASE_URL: database.config.url }),
        SANDBOX_VENDORS: 'true',
        SEED_DEMO_USERS: 'false',
        SANDBOX_MAILBOX_SECRET: MAILBOX_SECRET,
        OUTBOX_POLL_MS: '200',
        SANDBOX_WEBHOOK_POLL_MS: '200',
        RATE_LIMIT_REQUESTS_PER_MINUTE: '100000',
        RATE_LIMIT_WRITES_PER_MINUTE: '100000',
        METRICS_TOKEN,
        METRICS_PORT: String(metricsPort),
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
        OTEL_SERVICE_NAME: 'portal-journey',
        OTEL_BSP_SCHEDULE_DELAY: '200',
      },
      { timeoutMs: 90_000 },
    );
  }, 120_000);

  afterAll(async () => {
    try {
      await server?.stop();
    } finally {
      await receiver?.close();
      await database?.drop();
      if (folder) rmSync(folder, { recursive: true, force: true });
    }
  }, 60_000);

  it('holds none of them after registration, verification, the profile with its SIN, the phone pages and a password reset', async () => {
    const person = new HttpPerson(server.url);
    const email = await registerAndSignIn(person, 'scan');
    const sessionCookies = [...person.cookies.values()];
    const accessToken = person.token ?? '';
    const mailbox = async () =>
      (
        await person.get(`/sandbox/mailbox/messages?to=${encodeURIComponent(email)}`, {
          headers: { 'sandbox-mailbox-secret': MAILBOX_SECRET },
          anonymous: true,
        })
      ).json<{ subject: string; text: string }[]>();

    const code = await eventually('the verification mail', async () =>
      (await mailbox()).map((mail) => /\b(\d{6})\b/.exec(mail.subject)?.[1]).find(Boolean),
    );
    expectStatus(
      await person.put(`${API}/account/email-verification`, { json: { code } }),
      200,
      'email verification',
    );

    const application = await applicationToProfile(person);
    await saveStep(person, application, 'profile', profileWithSin());

    // The phone's pages, by a hand-off token and by a short code of the shapes the server hands out.
    const captureToken = randomBytes(32).toString('base64url');
    const shortCode = 'K7MP3QWZ';
    await person.get(`${API}/identityCapture/${captureToken}`, { anonymous: true });
    await person.put(`${API}/identityCapture/${captureToken}/document`, {
      json: { documentType: 'driversLicence' },
      anonymous: true,
    });
    await person.get(`/v/${shortCode}`, { anonymous: true });

    expectStatus(
      await person.post('/security/forgot-password', { form: { email }, anonymous: true }),
      202,
      'forgot password',
    );
    const resetToken = await eventually('the reset mail', async () =>
      (await mailbox())
        .map((mail) => /reset-password\?token=([\w-]+)/.exec(mail.text)?.[1])
        .find(Boolean),
    );
    expectStatus(
      await person.get(`/security/reset-password?token=${resetToken}`, { anonymous: true }),
      200,
      'the reset page',
    );
    expectStatus(
      await person.post('/security/reset-password', {
        form: { token: resetToken, password: NEW_PASSWORD },
        anonymous: true,
      }),
      204,
      'the reset',
    );

    // The batches leave every 200 ms: wait for the step saves' spans, then for the rest.
    await eventually('the step saves’ spans', async () =>
      receiver.received().includes(STEP_ROUTE) ? true : undefined,
    );
    const scrape = async () => {
      const answer = await fetch(`http://127.0.0.1:${metricsPort}/metrics`, {
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      expect(answer.status).toBe(200);
      return answer.text();
    };
    // The jobs pass every 2 s in sandbox mode: the scrape waits for a pass of each kind.
    const metrics = await eventually('a job pass', async () => {
      const text = await scrape();
      return /portal_job_passes_total\{job="settlement",outcome="ok"\} [1-9]/.test(text)
        ? text
        : undefined;
    });
    await server.stop();
    const spans = receiver.received();
    const log = server.output();

    // Each was really produced, with what an operator needs.
    expect(spans).toContain('portal-journey');
    expect(spans).toContain('/security/reset-password');
    expect(spans).toContain('/service/jaxrs/identityCapture/:credential');
    // The statements: instrumentation-pg's on PostgreSQL, the embedded database's own on PGlite.
    expect(spans).toContain(database ? 'pg.query:' : 'pglite.query:');
    expect(spans).toContain('db.query.text');
    // Log lines written inside a request carry its trace (instrumentation-pino).
    expect(log).toMatch(/"trace_id":"[0-9a-f]{32}"/);
    expect(metrics).toMatch(/portal_http_requests_total\{method="PUT",route="[^"]+steps\/:step"/);
    expect(metrics).toMatch(/portal_job_passes_total\{job="[a-zA-Z]+",outcome="ok"\} [1-9]/);
    expect(metrics).toMatch(/portal_outbox_backlog \d/);
    expect(log.length).toBeGreaterThan(0);

    const secrets: Record<string, string> = {
      'the SIN': completeProfile.sin,
      'the SIN without spaces': completeProfile.sin.replaceAll(' ', ''),
      'the email': email,
      'the email, encoded': encodeURIComponent(email),
      'the first name': completeProfile.firstName,
      'the last name': completeProfile.lastName,
      'the password': APPLICANT_PASSWORD,
      'the new password': NEW_PASSWORD,
      'the access token': accessToken,
      'the reset token': resetToken,
      'the identity-capture token': captureToken,
      'the hand-off short code': shortCode,
      ...Object.fromEntries(sessionCookies.map((value, index) => [`cookie ${index + 1}`, value])),
    };
    const found: string[] = [];
    for (const [where, text] of Object.entries({ spans, metrics, log })) {
      for (const [what, secret] of Object.entries(secrets)) {
        if (secret.length >= 4 && text.includes(secret)) found.push(`${what} in the ${where}`);
      }
      // A six-digit code, as a number of its own (not inside a longer one, a time or a size).
      if (new RegExp(`(?<![0-9])${code}(?![0-9])`).test(text)) {
        found.push(`the verification code in the ${where}`);
      }
    }
    expect(found, `--- server log ---\n${log.slice(-3000)}`).toEqual([]);
  }, 90_000);
});
