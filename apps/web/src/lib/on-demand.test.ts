import { afterEach, describe, expect, it, vi } from 'vitest';
import { onChoice, onDemand } from './on-demand.ts';

describe('code loaded on demand', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('downloads once, however often it is asked for, and has it at hand after', async () => {
    const load = vi.fn(async () => ({ answer: 42 }));
    const module = onDemand(load);
    const first = module.load();
    expect(module.load()).toBe(first);
    expect(module.loaded()).toBeUndefined();
    await first;
    expect(load).toHaveBeenCalledTimes(1);
    expect(module.loaded()).toEqual({ answer: 42 });
  });

  it('tries a failed download again the next time', async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce('here');
    const module = onDemand(load);
    await expect(module.load()).rejects.toThrow('offline');
    expect(module.loaded()).toBeUndefined();
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

  it('downloads a part shown on a choice only when the choice is near, once', async () => {
    const idle: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback));
    const load = vi.fn(async () => 'form');
    const part = onChoice(load);
    expect(idle).toHaveLength(0);
    expect(load).not.toHaveBeenCalled();
    part.intent();
    part.intent();
    expect(load).toHaveBeenCalledTimes(1);
    await expect(part.load()).resolves.toBe('form');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('says nothing when a download started on intent fails, and tries again on the choice', async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce('form');
    const part = onChoice(load);
    part.intent();
    expect(load).toHaveBeenCalledTimes(1);
    // Let the failed attempt settle (no unhandled rejection reaches the page).
    await new Promise((settled) => setTimeout(settled, 0));
    await expect(part.load()).resolves.toBe('form');
  });
});
