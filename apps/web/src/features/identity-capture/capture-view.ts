import { sidesFor, type CaptureSide, type CaptureState } from './capture-api.ts';

export const failureReasons = [
  'documentExpired',
  'captureFailed',
  'documentUnreadable',
  'likenessFailed',
  'timeout',
] as const;
export type FailureReason = (typeof failureReasons)[number] | 'other';

export type View =
  | { kind: 'loading' }
  | { kind: 'loadError'; error: 'tooMany' | 'generic' }
  | { kind: 'expired' }
  | { kind: 'welcome' }
  | { kind: 'document' }
  | { kind: 'capture'; side: CaptureSide }
  | { kind: 'review' }
  | { kind: 'waiting' }
  | { kind: 'needsReview' }
  | { kind: 'success' }
  | { kind: 'failure'; reason: FailureReason };

/**
 * Which screen the phone shows: the server's word first (a decision, a submission, an expired
 * link), then where the person is in the capture.
 */
export function viewOf({
  state,
  loadError,
  started,
  now,
}: {
  state: CaptureState | undefined;
  loadError: 'expired' | 'tooMany' | 'generic' | undefined;
  started: boolean;
  submittedAt: number | undefined;
  now: number;
}): View {
  if (loadError === 'expired') return { kind: 'expired' };
  if (!state) return loadError ? { kind: 'loadError', error: loadError } : { kind: 'loading' };
  if (state.outcome === 'verified') return { kind: 'success' };
  if (state.outcome === 'failed') {
    const reason = (failureReasons as readonly string[]).includes(state.reason ?? '')
      ? (state.reason as FailureReason)
      : 'other';
    return { kind: 'failure', reason };
  }
  if (state.outcome === 'pending' && state.reason === 'review') return { kind: 'needsReview' };
  if (state.stage === 'expired') return { kind: 'expired' };
  if (state.stage === 'submitted' || state.stage === 'decided' || state.outcome === 'pending') {
    return { kind: 'waiting' };
  }
  // Nothing sent yet: past its time, the link is dead even before the server says so.
  if (Date.parse(state.expiresAt) <= now) return { kind: 'expired' };
  if (!started && (state.stage === 'sent' || state.stage === 'opened')) return { kind: 'welcome' };
  if (!state.documentType) return { kind: 'document' };
  const missing = sidesFor(state).find((side) => !state.captured[side]);
  return missing ? { kind: 'capture', side: missing } : { kind: 'review' };
}

/** How long to wait before asking again while the vendor decides: 2 s, then 5 s after a minute. */
export function pollDelayMs(waitedMs: number): number {
  return waitedMs < 60_000 ? 2_000 : 5_000;
}
