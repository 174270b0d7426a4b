import { startTransition, useCallback, useEffect, useState } from 'react';

export type Resource<T> =
  { state: 'loading' } | { state: 'failed'; error: unknown } | { state: 'ready'; data: T };

/**
 * Loads something for a screen and says where it stands (loading, failed, ready), so each
 * screen designs those three states. `load` must be stable (useCallback); a new `load`
 * or `retry()` loads again, and a screen leaving cancels the call.
 */
export function useResource<T>(load: (signal: AbortSignal) => Promise<T>) {
  const [attempt, setAttempt] = useState(0);
  const [settled, setSettled] = useState<{
    load: typeof load;
    attempt: number;
    result: Resource<T>;
  } | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    // What arrives renders as a transition: React renders it in slices, yielding to the main
    // thread between them, where an ordinary update renders a long form in one blocking task
    // (issue 31: the signed-in profile step's total blocking time).
    load(controller.signal).then(
      (data) =>
        startTransition(() => setSettled({ load, attempt, result: { state: 'ready', data } })),
      (error: unknown) => {
        if (!controller.signal.aborted) {
          startTransition(() => setSettled({ load, attempt, result: { state: 'failed', error } }));
        }
      },
    );
    return () => controller.abort();
  }, [load, attempt]);

  const current = settled?.load === load && settled.attempt === attempt;
  const resource: Resource<T> = current ? settled.result : { state: 'loading' };
  const retry = useCallback(() => setAttempt((value) => value + 1), []);
  /** Replaces the loaded value (after a save or a delete) without loading again. */
  const set = useCallback(
    (data: T) => setSettled({ load, attempt, result: { state: 'ready', data } }),
    [load, attempt],
  );
  return { resource, retry, set };
}
