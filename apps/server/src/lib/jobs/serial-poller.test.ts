import { describe, expect, it, vi } from 'vitest';
import { serialPoller } from './serial-poller.ts';

describe('serialPoller', () => {
  it('runs passes one after the other, never two at once', async () => {
    let running = 0;
    let most = 0;
    const job = serialPoller(async () => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running -= 1;
      return running;
    }, vi.fn());
    await Promise.all([job.runOnce(), job.runOnce(), job.runOnce()]);
    expect(most).toBe(1);
  });

  it('reports a failed timed pass and goes on polling; stop waits for the pass under way', async () => {
    const failures: unknown[] = [];
    let passes = 0;
    const job = serialPoller(
      async () => {
        passes += 1;
        if (passes === 1) throw new Error('database away');
        return passes;
      },
      (error) => failures.push(error),
    );
    job.start(1);
    // Awaited however long a busy machine takes (vi.waitFor gives up after 1 s by default).
    await vi.waitFor(() => expect(passes).toBeGreaterThanOrEqual(3), { timeout: 20_000 });
    await job.stop();
    const stoppedAt = passes;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(passes).toBe(stoppedAt);
    expect(failures).toHaveLength(1);
    expect((failures[0] as Error).message).toBe('database away');
  });

  it('a failed runOnce rejects for its caller without blocking the next pass', async () => {
    let first = true;
    const job = serialPoller(async () => {
      if (first) {
        first = false;
        throw new Error('once');
      }
      return 'ok';
    }, vi.fn());
    await expect(job.runOnce()).rejects.toThrow('once');
    await expect(job.runOnce()).resolves.toBe('ok');
  });
});
