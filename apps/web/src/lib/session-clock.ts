import type { SessionTimes } from '@portal/domain/rules/session-timing';

/**
 * When the signed-in session ends, on this browser's clock. The server answers its own times
 * (`GET /security/auth/session` at the start, every `refreshsession` after); they are moved
 * onto this clock with the server's `now`, so a computer whose clock is off still warns on
 * time. The session expiry dialog (app/session-expiry.tsx) listens here.
 */
export interface SessionDeadline {
  /** Milliseconds on this browser's clock (`Date.now()`). */
  idleExpiresAt: number;
  absoluteExpiresAt: number;
  /** The server's idle limit: idle expiry minus the server's `now` at the last refresh. */
  idleMs: number;
}

let current: SessionDeadline | null = null;
const listeners = new Set<() => void>();

function publish(next: SessionDeadline | null): void {
  current = next;
  listeners.forEach((listener) => listener());
}

/** The shape of `SessionTimes`, checked: an older server answers refreshsession with 204. */
export function isSessionTimes(value: unknown): value is SessionTimes {
  if (typeof value !== 'object' || value === null) return false;
  const times = value as Record<string, unknown>;
  return ['idleExpiresAt', 'absoluteExpiresAt', 'now'].every(
    (key) => typeof times[key] === 'string' && !Number.isNaN(Date.parse(times[key] as string)),
  );
}

export function recordSessionTimes(times: SessionTimes, receivedAt = Date.now()): void {
  const serverNow = Date.parse(times.now);
  const offset = receivedAt - serverNow;
  publish({
    idleExpiresAt: Date.parse(times.idleExpiresAt) + offset,
    absoluteExpiresAt: Date.parse(times.absoluteExpiresAt) + offset,
    idleMs: Date.parse(times.idleExpiresAt) - serverNow,
  });
}

/**
 * The session was extended but the answer carried no times (an older server): the idle limit
 * starts again from now, never past the absolute cap.
 */
export function recordExtension(receivedAt = Date.now()): void {
  if (!current) return;
  publish({
    ...current,
    idleExpiresAt: Math.min(receivedAt + current.idleMs, current.absoluteExpiresAt),
  });
}

export function readSessionDeadline(): SessionDeadline | null {
  return current;
}

export function forgetSessionDeadline(): void {
  if (current) publish(null);
}

export function subscribeToSessionDeadline(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
