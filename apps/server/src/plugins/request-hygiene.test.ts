import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '../test/applications.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { registerUser, uniqueEmail } from '../test/users.ts';
import { nulRefusal, pathsWithNul } from './request-hygiene.ts';
import { mailboxHeaders } from '../test/mailbox.ts';

const form = (values: Record<string, string>) => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams(values).toString(),
});
const json = (values: unknown) => ({
  headers: { 'content-type': 'application/json' },
  payload: JSON.stringify(values),
});

const refusal = (fields: Record<string, string>): ErrorBody => ({
  errorCode: 'invalidInput',
  message: 'The request is not valid.',
  fields,
});

describe('pathsWithNul', () => {
  it('finds NUL in strings nested in objects and arrays, by path', () => {
    expect(
      pathsWithNul({
        clean: 'fine',
        person: { firstName: 'Al\u0000ex', phones: ['514', '\u0000'] },
        count: 3,
        empty: null,
      }).sort(),
    ).toEqual([
      ['person', 'firstName'],
      ['person', 'phones', '1'],
    ]);
  });

  it('reports a key holding a NUL at its object, and a bare string at no path', () => {
    expect(pathsWithNul({ address: { 'line\u0000': 'x' } })).toEqual([['address']]);
    expect(pathsWithNul('a\u0000b')).toEqual([[]]);
    expect(nulRefusal([[]])).toEqual({
      errorCode: 'invalidInput',
      message: 'The request is not valid.',
    });
  });

  it('leaves buffers, other objects and clean values alone', () => {
    expect(pathsWithNul(Buffer.from([0, 0, 0]))).toEqual([]);
    expect(pathsWithNul(new Date())).toEqual([]);
    expect(pathsWithNul({ a: ['b', { c: 'd' }], e: undefined })).toEqual([]);
    expect(pathsWithNul(undefined)).toEqual([]);
  });

  it('walks a body nested deeper than the call stack could recurse', () => {
    let nested: unknown = 'deep\u0000';
    for (let depth = 0; depth < 100_000; depth += 1) nested = [nested];
    expect(pathsWithNul(nested)).toHaveLength(1);
  });
});

/**
 * PostgreSQL refuses NUL in text, so these five endpoints used to answer 500 to a `\u0000`
 * in a form field, a JSON field or the query string. Each now answers the 400 of the API.
 */
describe('a NUL character anywhere in a request is refused with 400 invalidInput', () => {
  let test: TestApp;
  beforeAll(async () => {
    // No SMTP server: the sandbox mailbox and its pages exist (the test app's default).
    test = await createTestApp();
  });
  afterAll(() => test.close());

  it('POST /security/login: in a form field and in a JSON field', async () => {
    const asForm = await test.app.inject({
      method: 'POST',
      url: '/security/login',
      ...form({ username: 'alex\u0000@example.com', password: 'Maple-Leaf-Harbour-2026' }),
    });
    expect(asForm.statusCode).toBe(400);
    expect(asForm.json()).toEqual(refusal({ username: 'invalid' }));

    const asJson = await test.app.inject({
      method: 'POST',
      url: '/security/login',
      ...json({ username: 'alex@example.com', password: 'Maple\u0000Leaf' }),
    });
    expect(asJson.statusCode).toBe(400);
    expect(asJson.json()).toEqual(refusal({ password: 'invalid' }));
  });

  it('POST /security/login: in the query string', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/security/login?returnTo=%00',
      ...form({ username: 'alex@example.com', password: 'Maple-Leaf-Harbour-2026' }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(refusal({ returnTo: 'invalid' }));
  });

  it('POST /security/register: in a form field and in a JSON field, creating nobody', async () => {
    const email = uniqueEmail('nul');
    const values = {
      email,
      password: 'Maple-Leaf-Harbour-2026',
      firstName: 'Alex',
      lastName: 'Mar\u0000tin',
      language: 'en',
    };
    const asForm = await test.app.inject({
      method: 'POST',
      url: '/security/register',
      ...form(values),
    });
    expect(asForm.statusCode).toBe(400);
    expect(asForm.json()).toEqual(refusal({ lastName: 'invalid' }));

    const asJson = await test.app.inject({
      method: 'POST',
      url: '/security/register',
      ...json({ ...values, lastName: 'Martin', firstName: '\u0000' }),
    });
    expect(asJson.statusCode).toBe(400);
    expect(asJson.json()).toEqual(refusal({ firstName: 'invalid' }));

    // Nothing was stored: the same email registers once the NUL is gone.
    expect((await registerUser(test.app, { email })).response.statusCode).toBe(201);
  });

  it('POST /service/jaxrs/errors: in a JSON field and in a form field', async () => {
    const asJson = await test.app.inject({
      method: 'POST',
      url: '/service/jaxrs/errors',
      ...json({ errorField: 'TypeError\u0000', pageFailed: '#/profile', username: '' }),
    });
    expect(asJson.statusCode).toBe(400);
    expect(asJson.json()).toEqual(refusal({ errorField: 'invalid' }));

    const asForm = await test.app.inject({
      method: 'POST',
      url: '/service/jaxrs/errors',
      ...form({ errorField: 'TypeError', pageFailed: '#/pro\u0000file' }),
    });
    expect(asForm.statusCode).toBe(400);
    expect(asForm.json()).toEqual(refusal({ pageFailed: 'invalid' }));
  });

  it('GET /sandbox/mailbox?to=...: in the query string', async () => {
    const response = await test.app.inject({
      url: '/sandbox/mailbox?to=alex%00%40example.com',
      headers: { ...mailboxHeaders, accept: 'text/html' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(refusal({ to: 'invalid' }));
  });

  it('GET /sandbox/mailbox/messages?to=...: in the query string, and a NUL in a path parameter', async () => {
    const messages = await test.app.inject({
      url: '/sandbox/mailbox/messages?to=%00',
      headers: mailboxHeaders,
    });
    expect(messages.statusCode).toBe(400);
    expect(messages.json()).toEqual(refusal({ to: 'invalid' }));

    const message = await test.app.inject({
      url: '/sandbox/mailbox/abc%00def',
      headers: mailboxHeaders,
    });
    expect(message.statusCode).toBe(400);
    expect(message.json()).toEqual(refusal({ id: 'invalid' }));
  });

  it('still answers the same requests without the NUL as before', async () => {
    const mailbox = await test.app.inject({
      url: '/sandbox/mailbox/messages?to=nobody',
      headers: mailboxHeaders,
    });
    expect(mailbox.statusCode).toBe(200);
    const report = await test.app.inject({
      method: 'POST',
      url: '/service/jaxrs/errors',
      ...json({ errorField: 'TypeError', pageFailed: '#/profile', username: '' }),
    });
    expect(report.statusCode).toBe(201);
  });
});
