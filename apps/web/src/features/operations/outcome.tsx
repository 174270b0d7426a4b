import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';

export interface Outcome {
  kind: 'done' | 'failed';
  text: string;
  /** Take the focus: the control that acted may be gone (a decided case has no actions). */
  focus?: boolean;
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
  const notice = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (outcome?.focus) notice.current?.focus();
  }, [outcome]);
  return (
    <div role="status" aria-live="polite" aria-atomic="true">
      {outcome && (
        <div
          ref={notice}
          tabIndex={outcome.focus ? -1 : undefined}
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
  const done = useCallback(
    (text: string, options: { focus?: boolean } = {}) =>
      setOutcome({ kind: 'done', text, ...options }),
    [],
  );
  const failed = useCallback(
    (text: string, options: { focus?: boolean } = {}) =>
      setOutcome({ kind: 'failed', text, ...options }),
    [],
  );
  const clear = useCallback(() => setOutcome(null), []);
  return { outcome, done, failed, clear };
}
