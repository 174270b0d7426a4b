import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  forgetSessionDeadline,
  isSessionTimes,
  readSessionDeadline,
  recordExtension,
  recordSessionTimes,
  subscribeToSessionDeadline,
} from './session-clock.ts';

const MINUTE = 60_000;

describe('session clock', () => {
  afterEach(() => forgetSessionDeadline());

  it('moves the server times onto this browser’s clock, whatever the difference', () => {
    // This computer is 3 minutes ahead of the server.
    const here = Date.parse('2026-11-22T10:03:00Z');
    recordSessionTimes(
      {
        now: '2026-11-22T10:00:00Z',
        idleExpiresAt: '2026-11-22T10:15:00Z',
        absoluteExpiresAt: '2026-11-22T18:00:00Z',
      },
      here,
    );
    expect(readSessionDeadline()).toEqual({
      idleExpiresAt: here + 15 * MINUTE,
      absoluteExpiresAt: here + 8 * 60 * MINUTE,
      idleMs: 15 * MINUTE,
    });
  });

  it('tells its listeners, and extends without times up to the absolute cap', () => {
    const listener = vi.fn();
    const stop = subscribeToSessionDeadline(listener);
    const at = Date.parse('2026-11-22T17:50:00Z');
    recordSessionTimes(
      {
        now: '2026-11-22T17:50:00Z',
        idleExpiresAt: '2026-11-22T17:55:00Z',
        absoluteExpiresAt: '2026-11-22T18:00:00Z',
      },
      at,
    );
    recordExtension(at + 6 * MINUTE);
    expect(readSessionDeadline()?.idleExpiresAt).toBe(Date.parse('2026-11-22T18:00:00Z'));
    expect(listener).toHaveBeenCalledTimes(2);
    stop();
  });

  it('knows session times from anything else (an older server answers 204)', () => {
    expect(
      isSessionTimes({
        now: '2026-11-22T10:00:00Z',
        idleExpiresAt: '2026-11-22T10:15:00Z',
        absoluteExpiresAt: '2026-11-22T18:00:00Z',
      }),
    ).toBe(true);
    expect(isSessionTimes(undefined)).toBe(false);
    expect(isSessionTimes('')).toBe(false);
    expect(isSessionTimes({ now: 'soon', idleExpiresAt: 'x', absoluteExpiresAt: 'y' })).toBe(false);
  });
});
