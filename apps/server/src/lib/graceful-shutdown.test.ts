import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { gracefulShutdown, type ShutdownTarget } from './graceful-shutdown.ts';

function target(close: () => Promise<unknown>) {
  const lines: string[] = [];
  const app: ShutdownTarget = {
    lifecycle: { draining: false },
    close,
    log: {
      info: (_object, message) => lines.push(message),
      error: (_object, message) => lines.push(message),
    },
  };
  return { app, lines };
}

describe('the shutdown on SIGTERM', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('drains first (not ready, still answering), then closes and exits 0', async () => {
    const close = vi.fn(async () => {});
    const { app } = target(close);
    const exit = vi.fn();
    const shutdown = gracefulShutdown(app, 'SIGTERM', { drainMs: 5_000, timeoutMs: 25_000, exit });
    expect(app.lifecycle.draining).toBe(true);
    await vi.advanceTimersByTimeAsync(4_999);
    expect(close).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await shutdown;
    expect(close).toHaveBeenCalledOnce();
    expect(exit).toHaveBeenCalledExactlyOnceWith(0);
  });

  it('sends the batched spans after the server closed and before it exits, even if that fails', async () => {
    const order: string[] = [];
    const { app } = target(async () => {
      order.push('closed');
    });
    const exit = vi.fn(() => order.push('exit'));
    const shutdown = gracefulShutdown(app, 'SIGTERM', {
      drainMs: 0,
      timeoutMs: 25_000,
      exit,
      beforeExit: async () => {
        order.push('spans sent');
        throw new Error('collector unreachable');
      },
    });
    await vi.advanceTimersByTimeAsync(0);
    await shutdown;
    expect(order).toEqual(['closed', 'spans sent', 'exit']);
    expect(exit).toHaveBeenCalledExactlyOnceWith(0);
  });

  it('exits 1 at the bound when closing hangs, and only once', async () => {
    const { app, lines } = target(() => new Promise(() => {}));
    const exit = vi.fn();
    void gracefulShutdown(app, 'SIGTERM', { drainMs: 0, timeoutMs: 25_000, exit });
    await vi.advanceTimersByTimeAsync(24_999);
    expect(exit).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(exit).toHaveBeenCalledExactlyOnceWith(1);
    expect(lines).toContain('shutdown took longer than SHUTDOWN_TIMEOUT_MS; exiting now');
  });

  it('exits 1 when closing fails', async () => {
    const { app } = target(async () => {
      throw new Error('a pool would not close');
    });
    const exit = vi.fn();
    await Promise.all([
      gracefulShutdown(app, 'SIGINT', { drainMs: 0, timeoutMs: 25_000, exit }),
      vi.advanceTimersByTimeAsync(0),
    ]);
    expect(exit).toHaveBeenCalledExactlyOnceWith(1);
  });
});
