import {
  applicantContractCases,
  runContractCase,
  type Send,
} from '@portal/domain/api-contract/applicant-contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app.ts';
import { signedInUser } from './users.ts';

/**
 * The applicant's API contract (ADR 0028) against the real server: the same cases the
 * in-memory mode's handlers answer in apps/web/src/in-memory/handlers.test.ts. Each case has a
 * person of its own, signed in with a verified address; the session cookie goes with every
 * `/security` call, as the browser sends it, and the bearer token with the others.
 */
describe('the applicant API contract, on the server', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(() => test.close());

  const sendTo =
    (app: FastifyInstance, sessionCookie: string): Send =>
    async (request, token) => {
      const response = await app.inject({
        method: request.method,
        url: request.path,
        headers: {
          ...(request.path.startsWith('/security/')
            ? { cookie: sessionCookie }
            : token && { authorization: `Bearer ${token}` }),
          ...(request.body !== undefined && { 'content-type': 'application/json' }),
        },
        ...(request.body !== undefined && { payload: JSON.stringify(request.body) }),
      });
      let body: unknown = response.body === '' ? undefined : response.body;
      try {
        body = JSON.parse(response.body);
      } catch {
        // Plain text (an access token) or nothing.
      }
      return { status: response.statusCode, body };
    };

  for (const contractCase of applicantContractCases) {
    it(contractCase.name, async () => {
      const person = await signedInUser(test.app, 'contract');
      const problems = await runContractCase(
        contractCase,
        sendTo(test.app, person.sessionCookie),
        person.token,
      );
      expect(problems).toEqual([]);
    });
  }
});
