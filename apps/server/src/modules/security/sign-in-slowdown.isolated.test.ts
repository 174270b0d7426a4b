import type * as timersPromises from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, testSecurityPolicy, type TestApp } from '../../test/test-app.ts';
import { registerUser, signIn } from '../../test/users.ts';

/**
 * Every wait the server asks of `node:timers/promises` (the sign-in slowdown's), noted and then
 * waited for real: the slowdown is read from what the server asked, not from a clock, so a busy
 * machine cannot fail it. `vi.mock` needs a module graph of its own: hence `*.isolated`.
 */
const waits = vi.hoisted(() => [] as number[]);
vi.mock('node:timers/promises', async (importOriginal) => {
  const original = await importOriginal<typeof timersPromises>();
  return {
    ...original,
    setTimeout: (delay?: number, ...rest: unknown[]) => {
      waits.push(delay ?? 0);
      return (original.setTimeout as (delay?: number, ...rest: unknown[]) => Promise<unknown>)(
        delay,
        ...rest,
      );
    },
  };
});

/**
 * Issue 11, hole 2, through the route: the answer is held with Node's own timer, for the delay
 * the policy gives (sign-in-slowdown.test.ts checks the delays and the hold in the service).
 */
describe('the sign-in slowdown at the route', () => {
  let test: TestApp;
  let email: string;
  // Started before the test, under the hooks' longer limit: on a busy machine, starting the app
  // and hashing the password once took the whole of the test's 30 seconds.
  beforeAll(async () => {
    test = await createTestApp({
      security: testSecurityPolicy({
        slowAfterFailures: 1,
        slowdownStepMs: 400,
        slowdownMaxMs: 4000,
      }),
    });
    ({ email } = await registerUser(test.app));
  });
  afterAll(() => test?.close());

  it('waits on Node’s timer one step more for each failure past the first', async () => {
    /** The waits of the slowdown's size the server asked while answering one failure. */
    const slowdownOf = async () => {
      waits.length = 0;
      expect((await signIn(test.app, email, 'Wrong-Password-2026')).statusCode).toBe(401);
      return waits.filter((delay) => delay >= 400);
    };
    expect(await slowdownOf()).toEqual([]); // failure 1: not slowed
    expect(await slowdownOf()).toEqual([400]); // failure 2: one step
    expect(await slowdownOf()).toEqual([800]); // failure 3: two steps
  });
});
