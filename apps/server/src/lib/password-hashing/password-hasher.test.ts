import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createPasswordHasher,
  HashingBusyError,
  type HashingOperations,
} from './password-hasher.ts';

/**
 * argon2 stood in by operations that finish only when the test says so, recording which
 * passwords started and how many ran at once.
 */
function controllableOperations() {
  const pending: { password: string; finish: () => void; fail: (error: Error) => void }[] = [];
  const started: string[] = [];
  let active = 0;
  let mostAtOnce = 0;
  const begin = (password: string) =>
    new Promise<string>((resolve, reject) => {
      started.push(password);
      active += 1;
      mostAtOnce = Math.max(mostAtOnce, active);
      const settle = () => (active -= 1);
      pending.push({
        password,
        finish: () => (settle(), resolve(`hash:${password}`)),
        fail: (error) => (settle(), reject(error)),
      });
    });
  const operations: HashingOperations = {
    hash: begin,
    verify: async (hash, password) => (await begin(password)) === hash,
  };
  /** Lets queued work reach the fake before the test looks. */
  const settled = () => new Promise((resolve) => setImmediate(resolve));
  const finishOldest = async () => {
    pending.shift()?.finish();
    await settled();
  };
  return {
    operations,
    pending,
    started,
    settled,
    finishOldest,
    mostAtOnce: () => mostAtOnce,
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('bounded password hashing', () => {
  it('never runs more operations at once than allowed', async () => {
    const fake = controllableOperations();
    const hasher = createPasswordHasher({ maxConcurrent: 2, operations: fake.operations });
    const results = ['a', 'b', 'c', 'd', 'e', 'f'].map((password) => hasher.hash(password));
    await fake.settled();

    expect(fake.started).toEqual(['a', 'b']);
    expect(hasher.stats()).toEqual({ running: 2, queued: 4 });
    while (fake.pending.length > 0) await fake.finishOldest();

    await expect(Promise.all(results)).resolves.toEqual(
      ['a', 'b', 'c', 'd', 'e', 'f'].map((password) => `hash:${password}`),
    );
    expect(fake.mostAtOnce()).toBe(2);
    expect(hasher.stats()).toEqual({ running: 0, queued: 0 });
  });

  it('starts waiting operations in the order they arrived', async () => {
    const fake = controllableOperations();
    const hasher = createPasswordHasher({ maxConcurrent: 1, operations: fake.operations });
    const first = [hasher.hash('1'), hasher.verify('hash:2', '2'), hasher.hash('3')];
    await fake.settled();
    await fake.finishOldest();
    // A newcomer joins the back of the queue even though a slot was just handed on.
    const late = hasher.hash('4');
    while (fake.pending.length > 0) await fake.finishOldest();

    await Promise.all([...first, late]);
    expect(fake.started).toEqual(['1', '2', '3', '4']);
  });

  it('refuses at once when the queue is full, saying when to retry', async () => {
    const fake = controllableOperations();
    const hasher = createPasswordHasher({
      maxConcurrent: 1,
      maxQueued: 2,
      operations: fake.operations,
    });
    const accepted = ['1', '2', '3'].map((password) => hasher.hash(password));

    const refused = hasher.hash('4').catch((error: unknown) => error);
    const refusedCheck = hasher.verify('hash:5', '5').catch((error: unknown) => error);
    expect(await refused).toBeInstanceOf(HashingBusyError);
    // A busy verifier is not a wrong password: the caller must be able to tell them apart.
    expect(await refusedCheck).toBeInstanceOf(HashingBusyError);
    expect(((await refused) as HashingBusyError).retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(fake.started).toEqual(['1']);

    while (fake.pending.length > 0) await fake.finishOldest();
    await Promise.all(accepted);
  });

  it('estimates the wait from how long operations have been taking', async () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    const fake = controllableOperations();
    const hasher = createPasswordHasher({
      maxConcurrent: 1,
      maxQueued: 1,
      operations: fake.operations,
    });
    for (let i = 0; i < 20; i += 1) {
      const done = hasher.hash(`slow ${i}`);
      await fake.settled();
      vi.advanceTimersByTime(3000);
      await fake.finishOldest();
      await done;
    }
    const running = hasher.hash('running');
    const queued = hasher.hash('queued');
    const error = (await hasher.hash('one too many').catch((e: unknown) => e)) as HashingBusyError;

    // Two operations of about 3 s each are ahead of it, one at a time.
    expect(error.retryAfterSeconds).toBeGreaterThanOrEqual(5);
    expect(error.retryAfterSeconds).toBeLessThanOrEqual(6);
    await fake.settled();
    while (fake.pending.length > 0) await fake.finishOldest();
    await Promise.all([running, queued]);
  });

  it('frees the slot of an operation that fails', async () => {
    const fake = controllableOperations();
    const hasher = createPasswordHasher({
      maxConcurrent: 1,
      maxQueued: 1,
      operations: fake.operations,
    });
    const failing = hasher.hash('broken');
    const next = hasher.hash('next');
    await fake.settled();
    fake.pending.shift()?.fail(new Error('out of memory'));

    await expect(failing).rejects.toThrow('out of memory');
    await fake.settled();
    expect(fake.started).toEqual(['broken', 'next']);
    await fake.finishOldest();
    await expect(next).resolves.toBe('hash:next');
    expect(hasher.stats()).toEqual({ running: 0, queued: 0 });
  });
});

describe('password hashing with argon2', () => {
  const hasher = createPasswordHasher();

  it('hashes with argon2id and verifies the same password only', async () => {
    const hash = await hasher.hash('Laurentide-Demo-2026');
    expect(hash.startsWith('$argon2id$')).toBe(true);
    await expect(hasher.verify(hash, 'Laurentide-Demo-2026')).resolves.toBe(true);
    await expect(hasher.verify(hash, 'laurentide-demo-2026')).resolves.toBe(false);
  });

  it('answers false, not an error, for a stored hash argon2 cannot read', async () => {
    await expect(hasher.verify('not-a-hash', 'anything')).resolves.toBe(false);
    expect(hasher.stats()).toEqual({ running: 0, queued: 0 });
  });
});
