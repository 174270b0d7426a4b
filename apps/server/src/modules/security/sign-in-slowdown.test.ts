import { registrationSchema } from '@portal/domain/rules/account';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PasswordHasher } from '../../lib/password-hashing/password-hasher.ts';
import { createTestApp, testSecurityPolicy, type TestApp } from '../../test/test-app.ts';
import { securityDepsOf, uniqueEmail } from '../../test/users.ts';
import { defaultSecurityPolicy } from './security-policy.ts';
import { register, signIn, slowdownMs, type SecurityDeps } from './security.service.ts';

/**
 * Issue 11, hole 2: past a few failures, each answer is slowed one step more. The delay is read
 * from what the service asks of its `wait`, never from a clock (issue 32, item 4): a busy
 * machine cannot fail these tests. sign-in-slowdown.isolated.test.ts checks that the routes'
 * own wait is Node's timer.
 */

describe('slowdownMs', () => {
  it('holds nothing for three failures, then half a second more per failure, up to four seconds', () => {
    const delays = [0, 1, 2, 3, 4, 5, 6, 10, 11, 12, 50].map((failures) =>
      slowdownMs(defaultSecurityPolicy, failures),
    );
    expect(delays).toEqual([0, 0, 0, 0, 500, 1000, 1500, 3500, 4000, 4000, 4000]);
  });
});

describe('the sign-in slowdown', () => {
  let test: TestApp;
  let deps: SecurityDeps;
  const policy = testSecurityPolicy({
    slowAfterFailures: 1,
    slowdownStepMs: 400,
    slowdownMaxMs: 1000,
  });
  const password = 'Maple-Leaf-Harbour-2026';
  /** Stands in for argon2, whose cost on a busy machine is not what these tests are about. */
  const plainHasher: PasswordHasher = {
    hash: async (plain) => `plain:${plain}`,
    verify: async (hash, plain) => hash === `plain:${plain}`,
    stats: () => ({ running: 0, queued: 0 }),
  };
  beforeAll(async () => {
    test = await createTestApp({ security: policy });
    deps = { ...securityDepsOf(test.app), policy, hasher: plainHasher };
  });
  afterAll(() => test.close());

  const client = { address: '127.0.0.1' };
  /** A new person, registered with `password`: their email. */
  async function person(): Promise<string> {
    const email = uniqueEmail('slowed');
    const input = registrationSchema.parse({ email, password, firstName: 'Sam', lastName: 'Roy' });
    const created = await register(deps, input, client);
    if (created.outcome !== 'created') throw new Error(`not registered: ${created.outcome}`);
    return email;
  }

  it('asks one step more for each failure past the first, up to the maximum, and none for a success', async () => {
    const asked: number[] = [];
    const recording: SecurityDeps = {
      ...deps,
      wait: async (ms) => {
        asked.push(ms);
      },
    };
    const email = await person();
    const attempt = async (attempted: string) => {
      asked.length = 0;
      const result = await signIn(recording, { username: email, password: attempted }, client);
      return { outcome: result.outcome, asked: [...asked] };
    };
    const wrong = 'Wrong-Password-2026';
    expect(await attempt(wrong)).toEqual({ outcome: 'rejected', asked: [] });
    expect(await attempt(wrong)).toEqual({ outcome: 'rejected', asked: [400] });
    expect(await attempt(wrong)).toEqual({ outcome: 'rejected', asked: [800] });
    expect(await attempt(wrong)).toEqual({ outcome: 'rejected', asked: [1000] });
    expect(await attempt(password)).toEqual({ outcome: 'signedIn', asked: [] });
  });

  it('holds the refusal until the wait is over', async () => {
    let asked: (ms: number) => void = () => {};
    const askedFor = new Promise<number>((resolve) => (asked = resolve));
    let release: () => void = () => {};
    const held: SecurityDeps = {
      ...deps,
      wait: (ms) => {
        asked(ms);
        return new Promise<void>((resolve) => (release = resolve));
      },
    };
    const credentials = { username: await person(), password: 'Wrong-Password-2026' };
    await signIn(held, credentials, client); // the first failure is not slowed

    let answered = false;
    const answer = signIn(held, credentials, client).then((result) => {
      answered = true;
      return result;
    });
    // Asked for the step's wait (an answer that comes first was not slowed at all).
    expect(await Promise.race([askedFor, answer.then(() => 'answered unslowed')])).toBe(400);
    // Every other step of the attempt is done: only the wait holds the answer back.
    await new Promise((resolve) => setImmediate(resolve));
    expect(answered).toBe(false);
    release();
    expect(await answer).toEqual({ outcome: 'rejected' });
  });
});
