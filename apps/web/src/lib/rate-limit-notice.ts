import { useSyncExternalStore } from 'react';
import type { RateLimitErrorCode } from '@portal/domain/messages/rate-limit-messages';

/** The refusal shown at the top of the screen, with a number so the same one shown twice is news. */
export interface RateLimitNotice {
  code: RateLimitErrorCode;
  /** Seconds the server asked to wait (`Retry-After`), when it said. */
  retryAfterSeconds?: number;
  shown: number;
}

let current: RateLimitNotice | null = null;
let shown = 0;
const listeners = new Set<() => void>();

function publish(next: RateLimitNotice | null): void {
  current = next;
  for (const listener of listeners) listener();
}

/**
 * The HTTP client met a rate-limit refusal: the person stays where they are, with what they
 * typed, and reads why the action did not happen (never the error page).
 */
export function showRateLimitNotice(code: RateLimitErrorCode, retryAfterSeconds?: number): void {
  shown += 1;
  publish({ code, ...(retryAfterSeconds !== undefined && { retryAfterSeconds }), shown });
}

export function dismissRateLimitNotice(): void {
  publish(null);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useRateLimitNotice(): RateLimitNotice | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}
