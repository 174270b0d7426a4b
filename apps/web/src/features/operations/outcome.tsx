import { useCallback, useState, type ReactNode } from 'react';

export interface Outcome {
  kind: 'done' | 'failed';
  text: string;
}

/**
 * What the last action did, announced by a live region that is always in the page (a region
 * added with its text is not read out), with room for a follow-up control (Reload).
 */
export function OutcomeRegion({
  outcome,
  children,
}: {
  outcome: Outcome | null;
  children?: ReactNode;
}) {
  return (
    <div role="status" aria-live="polite" aria-atomic="true">
      {outcome && (
        <div
          className={outcome.kind === 'done' ? 'notice notice-success' : 'notice notice-warning'}
        >
          <p>{outcome.text}</p>
          {children}
        </div>
      )}
    </div>
  );
}

export function useOutcome() {
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const done = useCallback((text: string) => setOutcome({ kind: 'done', text }), []);
  const failed = useCallback((text: string) => setOutcome({ kind: 'failed', text }), []);
  const clear = useCallback(() => setOutcome(null), []);
  return { outcome, done, failed, clear };
}
