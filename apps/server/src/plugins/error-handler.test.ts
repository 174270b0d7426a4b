import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import type { AppConfig } from '../config.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { defaultSecurityPolicy } from '../modules/security/security-policy.ts';
import type { ErrorBody } from '../test/applications.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { bearer, signedInUser, uniqueEmail } from '../test/users.ts';
import { failureLog, queryName, refusalBody } from './error-handler.ts';
import { mailboxHeaders } from '../test/mailbox.ts';

/** An answer in the project's shape, with nothing of Fastify's own codes or words. */
function expectOurShape(response: { body: string; json(): unknown }, errorCode: string) {
  expect(response.json()).toEqual({ errorCode, message: expect.any(String) });
  expect(response.body).not.toMatch(/FST_/);
  expect(response.body).not.toMatch(/"statusCode"|"error"/);
}

describe('refusalBody', () => {
  it("keeps a code a route chose and replaces Fastify's by the status's code", () => {
    expect(refusalBody(409, { code: 'applicationLocked', message: 'Locked.' })).toEqual({
      errorCode: 'applicationLocked',
      message: 'Locked.',
    });
    const fastify = (code: string) => ({ code, message: `${code}: Body is not valid JSON` });
    expect(refusalBody(400, fastify('FST_ERR_CTP_INVALID_JSON')).errorCode).toBe('invalidRequest');
    expect(refusalBody(413, fastify('FST_ERR_CTP_BODY_TOO_LARGE')).errorCode).toBe(
      'payloadTooLarge',
    );
    expect(refusalBody(415, fastify('FST_ERR_CTP_INVALID_MEDIA_TYPE')).errorCode).toBe(
      'unsupportedMediaType',
    );
    expect(refusalBody(408, { message: 'Client Timeout' }).errorCode).toBe('requestTimeout');
    expect(refusalBody(404, fastify('FST_ERR_NOT_FOUND')).errorCode).toBe('notFound');
    expect(refusalBody(405, fastify('FST_ERR_METHOD')).errorCode).toBe('methodNotAllowed');
    expect(refusalBody(431, fastify('FST_ERR_X')).errorCode).toBe('requestError');
    expect(refusalBody(400, { message: 'Unexpected token } in JSON' }).message).toBe(
      'The request could not be read.',
    );
  });
});

describe('queryName', () => {
  it('names a query by its verb and first table, never by what it holds', () => {
    expect(
      queryName(
        'insert into "users" ("id", "email", "password_hash") values (default, $1, $2) returning "id"',
      ),
    ).toBe('insert users');
    expect(queryName('select "id", "email" from "users" where "users"."email" = $1 limit $2')).toBe(
      'select users',
    );
    expect(queryName('update "applications" set "version" = $1 where "id" = $2')).toBe(
      'update applications',
    );
    expect(queryName('delete from "public"."application_documents" where "id" = $1')).toBe(
      'delete application_documents',
    );
    expect(queryName('select pg_advisory_xact_lock($1, hashtext($2::text))')).toBe('select');
    expect(queryName("select 'alex@example.com' from x")).toBe('select x');
    expect(queryName('vacuum')).toBe('query');
  });

  it("logs a 5xx by class, SQLSTATE and query name, never a Drizzle error's message", () => {
    const cause = Object.assign(new Error('new row violates check constraint'), { code: '23514' });
    const error = Object.assign(new Error('Failed query: ...\nparams: alex@example.com'), {
      name: 'DrizzleQueryError',
      cause,
    });
    expect(failureLog(error, 'req-1')).toEqual({
      errorClass: 'DrizzleQueryError',
      code: '23514',
      requestId: 'req-1',
    });
    expect(failureLog(new TypeError('x is undefined'), 'req-2')).toEqual({
      errorClass: 'TypeError',
      code: undefined,
      requestId: 'req-2',
    });
  });
});

describe("Fastify's refusals answer in the project's shape", () => {
  let test: TestApp;
  let token: string;
  beforeAll(async () => {
    test = await createTestApp();
    token = (await signedInUser(test.app, 'refusals')).token;
  });
  afterAll(() => test.close());

  it('malformed JSON: 400 invalidRequest', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/service/jaxrs/applications',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload: '{"ownershipTypeId": 1,',
    });
    expect(response.statusCode).toBe(400);
    expectOurShape(response, 'invalidRequest');
    expect(response.body).not.toMatch(/JSON|token|position/i);
  });

  it('a content type no route reads: 415 unsupportedMediaType', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/service/jaxrs/errors',
      headers: { 'content-type': 'application/xml' },
      payload: '<report/>',
    });
    expect(response.statusCode).toBe(415);
    expectOurShape(response, 'unsupportedMediaType');
  });

  it('a body over the 1 MB limit: 413 payloadTooLarge', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/security/register',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@example.com', firstName: 'x'.repeat(1024 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expectOurShape(response, 'payloadTooLarge');
  });

  it('a path that is not valid percent-encoding: 400 invalidRequest', async () => {
    const response = await test.app.inject({ url: '/service/jaxrs/references/%E0%A4%A' });
    expect(response.statusCode).toBe(400);
    expectOurShape(response, 'invalidRequest');
    expect(response.body).not.toContain('%E0');
  });

  it('keeps the codes routes answer deliberately', async () => {
    const response = await test.app.inject({
      url: '/service/jaxrs/applications/00000000-0000-4000-8000-000000000000',
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(404);
    expect(response.json<ErrorBody>()).toEqual({ errorCode: 'notFound', message: 'Not found.' });
  });
});

/**
 * A second instance on a test app's (already migrated) database that logs at `info` into
 * `stream`, as a production server would.
 */
async function loggingTwinOf(test: TestApp, stream: Writable): Promise<FastifyInstance> {
  const database: DatabaseHandle = {
    db: test.app.db,
    driver: test.app.dbDriver,
    migrate: async () => {},
    close: async () => {},
  };
  const config: AppConfig = {
    port: 0,
    host: '127.0.0.1',
    logLevel: 'info',
    webDistDir: '/nonexistent',
    trustProxy: false,
    database: { driver: 'pglite', dataDir: null },
    security: { ...defaultSecurityPolicy, slowdownStepMs: 0 },
    seedDemoUsers: false,
    appSecret: 'test-secret-test-secret-test-secret-0001',
  };
  return buildApp(config, { database, logStream: stream });
}

/** A log destination that keeps every line it is given. */
function capturedLog(): { stream: Writable; text(): string } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  return { stream, text: () => lines.join('') };
}

/**
 * The issue's own test: a registration fails in the database (its users table refuses every
 * insert here), and the captured log of that failure holds neither the email, the names nor
 * the password's hash, all of which were the failed query's parameters.
 */
describe('a 5xx is logged without personal data', () => {
  let test: TestApp;
  let logged: FastifyInstance;
  const log = capturedLog();

  beforeAll(async () => {
    test = await createTestApp();
    await test.app.db.execute(
      sql.raw('alter table users add constraint users_refuse_inserts check (false) not valid'),
    );
    logged = await loggingTwinOf(test, log.stream);
  });
  afterAll(async () => {
    await logged?.close();
    await test.close();
  });

  it('names the error class, the SQLSTATE, the query and the request, and nothing sent', async () => {
    const email = uniqueEmail('zephyrine.quenneville');
    const response = await logged.inject({
      method: 'POST',
      url: '/security/register',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-request-id': 'req-5xx-0001',
      },
      payload: new URLSearchParams({
        email,
        password: 'Maple-Leaf-Harbour-2026',
        firstName: 'Zéphyrine',
        lastName: 'Quenneville',
        language: 'fr',
      }).toString(),
    });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      errorCode: 'internalError',
      message: 'An unexpected error occurred.',
    });

    const text = log.text();
    const failure = text
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((entry) => entry.msg === 'request failed');
    expect(failure).toMatchObject({
      level: 50,
      errorClass: 'DrizzleQueryError',
      code: '23514',
      query: 'insert users',
      requestId: 'req-5xx-0001',
    });
    expect(failure).not.toHaveProperty('err');
    expect(text).not.toContain(email);
    expect(text.toLowerCase()).not.toContain('quenneville');
    expect(text).not.toContain('Zéphyrine');
    expect(text).not.toContain('$argon2');
    expect(text).not.toContain('Maple-Leaf-Harbour-2026');
    expect(text).not.toMatch(/Failed query|params:/);
  });
});

describe('request logs', () => {
  it('carry the method and path, never the query string or the caller’s address', async () => {
    const log = capturedLog();
    const test = await createTestApp();
    const logged = await loggingTwinOf(test, log.stream);
    try {
      const email = uniqueEmail('octavia.lanthier');
      await logged.inject({
        url: `/sandbox/mailbox/messages?to=${encodeURIComponent(email)}`,
        headers: mailboxHeaders,
        remoteAddress: '198.51.100.23',
      });
      const text = log.text();
      expect(text).toContain('"path":"/sandbox/mailbox/messages"');
      expect(text).not.toContain('octavia');
      expect(text).not.toContain('198.51.100.23');
    } finally {
      await logged.close();
      await test.close();
    }
  });
});
