import { afterEach, describe, expect, it, vi } from 'vitest';
import { onDemand } from './on-demand.ts';

describe('code loaded on demand', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('downloads once, however often it is asked for, and React reads it at once after', async () => {
    const load = vi.fn(async () => ({ answer: 42 }));
    const module = onDemand(load);
    const first = module.load();
    expect(module.load()).toBe(first);
    await first;
    expect(load).toHaveBeenCalledTimes(1);
    // React's thenable protocol: `use` returns the value without suspending.
    expect(first).toMatchObject({ status: 'fulfilled', value: { answer: 42 } });
  });

  it('tries a failed download again the next time', async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce('here');
    const module = onDemand(load);
    await expect(module.load()).rejects.toThrow('offline');
    await expect(module.load()).resolves.toBe('here');
  });

  it('prefetches only once the browser is idle, and says nothing if that fails', async () => {
    const idle: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback));
    const load = vi.fn(async () => {
      throw new Error('offline');
    });
    onDemand(load).prefetch();
    expect(load).not.toHaveBeenCalled();
    idle.forEach((callback) => callback());
    expect(load).toHaveBeenCalledTimes(1);
    await Promise.resolve();
  });

  it('prefetches after a moment where the browser has no idle callback (Safari)', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', undefined);
    const load = vi.fn(async () => 'here');
    onDemand(load).prefetch();
    expect(load).not.toHaveBeenCalled();
    vi.advanceTimersByTime(200);
    expect(load).toHaveBeenCalledTimes(1);
  });
});
