import { setTimeout as sleep } from 'node:timers/promises';
import type { SecurityDeps } from './security-deps.ts';
import type { SecurityPolicy } from './security-policy.ts';
import * as repo from './security.repo.ts';

/**
 * Attempts counted per key in the database (every instance counts the same ones): sign-ins per
 * account and per address, registrations per address, reset mails per account; and how long
 * the answer to a failed attempt is held.
 */

export const accountKey = (email: string) => `account:${email}`;
export const addressKey = (address: string) => `address:${address}`;
export const registerKey = (address: string) => `register:${address}`;
export const resetKey = (email: string) => `reset:${email}`;
export const HOUR_MS = 60 * 60_000;

/**
 * Counts one attempt on the account and on the address before any password or code is checked
 * (one atomic upsert each, shared by every instance), so a burst can never have more than the
 * limit checked. Answers whether this attempt may go on.
 */
export async function countSignInAttempt(
  deps: SecurityDeps,
  email: string,
  address: string,
  now: Date,
) {
  const { policy } = deps;
  const window = {
    now,
    windowStart: new Date(now.getTime() - policy.failureMemoryMs),
    lockUntil: new Date(now.getTime() + policy.lockMs),
  };
  const account = await repo.countAttempt(deps.db, accountKey(email), {
    ...window,
    limit: policy.accountLockAfterFailures,
  });
  const byAddress = await repo.countAttempt(deps.db, addressKey(address), {
    ...window,
    limit: policy.addressLockAfterFailures,
  });
  const locked = [account, byAddress].some((c) => c.lockedUntil && c.lockedUntil > now);
  return { allowed: !locked, accountCount: account.count };
}

/** The attempt succeeded: the account starts again, the address forgets this one. */
export async function attemptSucceeded(deps: SecurityDeps, email: string, address: string) {
  await repo.clearThrottle(deps.db, accountKey(email));
  await repo.uncountAttempt(deps.db, addressKey(address));
}

/**
 * How long the answer to a failed attempt is held, given the failures counted on the account:
 * nothing for the first few, then one step more for each, up to `slowdownMaxMs`.
 */
export function slowdownMs(policy: SecurityPolicy, failures: number): number {
  if (failures <= policy.slowAfterFailures) return 0;
  const steps = failures - policy.slowAfterFailures;
  return Math.min(policy.slowdownMaxMs, steps * policy.slowdownStepMs);
}

/** Holds a failed attempt's answer for its `slowdownMs`. */
export async function slowDown(deps: Pick<SecurityDeps, 'policy' | 'wait'>, failures: number) {
  const ms = slowdownMs(deps.policy, failures);
  if (ms > 0) await (deps.wait ?? sleep)(ms);
}
