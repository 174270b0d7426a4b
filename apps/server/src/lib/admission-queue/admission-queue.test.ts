import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdmissionQueue, QueueWaitExceededError } from './admission-queue.ts';

afterEach(() => vi.useRealTimers());

describe('AdmissionQueue', () => {
  it('admits up to maxActive at once, then the waiters in arrival order', async () => {
    const queue = new AdmissionQueue({ maxActive: 2, maxWaitMs: 10_000 });
    const order: number[] = [];
    const first = await queue.acquire();
    const second = await queue.acquire();
    const waiters = [3, 4, 5, 6].map((n) =>
      queue.acquire().then((release) => {
        order.push(n);
        return release;
      }),
    );
    expect(queue.waiting).toBe(4);
    first();
    first(); // a second release of one place frees nothing more
    const third = await waiters[0]!;
    expect([queue.active, queue.waiting]).toEqual([2, 3]);
    second();
    third();
    const [fourth, fifth] = await Promise.all([waiters[1]!, waiters[2]!]);
    expect(queue.waiting).toBe(1);
    fourth();
    fifth();
    (await waiters[3]!)();
    expect(order).toEqual([3, 4, 5, 6]);
    expect(queue.active).toBe(0);
  });

  it('refuses a waiter past the bound, whose work then never runs', async () => {
    // Admissions wait for setImmediate, which stays real: only the bound's timer is faked.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const queue = new AdmissionQueue({ maxActive: 1, maxWaitMs: 2_000 });
    const holder = await queue.acquire();
    const work = vi.fn();
    const late = queue.acquire().then(work);
    const refused = expect(late).rejects.toBeInstanceOf(QueueWaitExceededError);
    await vi.advanceTimersByTimeAsync(2_001);
    await refused;
    expect(work).not.toHaveBeenCalled();
    expect(queue.waiting).toBe(0);
    holder();
    expect(queue.active).toBe(0);
  });

  it('does not let a newcomer pass those already waiting', async () => {
    const queue = new AdmissionQueue({ maxActive: 1, maxWaitMs: 10_000 });
    const holder = await queue.acquire();
    const order: string[] = [];
    const early = queue.acquire().then((release) => {
      order.push('early');
      release();
    });
    holder();
    // The place is free for a moment, but `early` was there first.
    const late = queue.acquire().then((release) => {
      order.push('late');
      release();
    });
    await Promise.all([early, late]);
    expect(order).toEqual(['early', 'late']);
  });

  it('starts the next waiter on a later turn of the event loop, never inside the release', async () => {
    const queue = new AdmissionQueue({ maxActive: 1, maxWaitMs: 10_000 });
    const holder = await queue.acquire();
    const events: string[] = [];
    const next = queue.acquire().then((release) => {
      events.push('next');
      return release;
    });
    holder();
    // However many promise callbacks run now, the waiter is not admitted yet: the server reads
    // new connections (the loop's poll phase) before its work starts.
    for (let tick = 0; tick < 20; tick++) await Promise.resolve();
    expect(events).toEqual([]);
    // A newcomer still comes after it.
    const newcomer = queue.acquire().then((release) => {
      events.push('newcomer');
      release();
    });
    (await next)();
    await newcomer;
    expect(events).toEqual(['next', 'newcomer']);
  });

  it('admits one request per turn of the event loop, even with places free', async () => {
    const queue = new AdmissionQueue({ maxActive: 4, maxWaitMs: 10_000 });
    const admitted: number[] = [];
    const holders = [1, 2, 3].map((n) =>
      queue.acquire().then((release) => {
        admitted.push(n);
        return release;
      }),
    );
    const turn = () => new Promise((resolve) => setImmediate(resolve));
    expect(admitted).toEqual([]);
    await turn();
    expect(admitted).toEqual([1]);
    await turn();
    expect(admitted).toEqual([1, 2]);
    for (const release of await Promise.all(holders)) release();
    expect(admitted).toEqual([1, 2, 3]);
    expect(queue.active).toBe(0);
  });
});
