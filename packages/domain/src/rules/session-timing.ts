/**
 * When a signed-in session ends and when to warn about it (issue 11, WCAG 2.2.1). Kept free of
 * zod so that the client's shell can import it without pulling schemas into its first download.
 */

/**
 * The expiry warning comes two minutes before the idle limit (WCAG 2.2.1 asks for at least 20
 * seconds to answer); with a very short idle limit (tests) it comes half-way instead.
 */
export const SESSION_WARNING_MS = 2 * 60_000;
export function sessionWarningLeadMs(idleMs: number): number {
  return Math.min(SESSION_WARNING_MS, Math.floor(idleMs / 2));
}

/** `GET /security/auth/session` and `GET /security/auth/refreshsession`. */
export interface SessionTimes {
  idleExpiresAt: string;
  absoluteExpiresAt: string;
  /** The server's clock, so the client can correct for its own. */
  now: string;
}
