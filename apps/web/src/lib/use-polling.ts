import { useEffect, useRef } from 'react';

export interface PollingOptions {
  /**
   * The waits before each question, in order: one question per entry, then none (bounded, and
   * growing where the caller makes them grow). Empty: no polling.
   */
  delaysMs: readonly number[];
  /**
   * Also ask once when the person comes back to the page (the tab shown again, the window
   * focused): what changed while they were away shows without a reload.
   */
  refreshOnReturn?: boolean;
}

/** Two returns closer than this (a tab shown and its window focused at once) ask once. */
const RETURN_DEDUPE_MS = 1_000;

/**
 * Asks `ask` on a bounded schedule while the page is shown (issue 30, audit A minor 10 and 19):
 * nothing while the tab is hidden (the schedule resumes where it was when it is shown again),
 * nothing once the schedule is used up or the component is gone, the call in flight aborted on
 * leaving. `ask` answers false when its answer is final (nothing more to wait for): the schedule
 * stops at once, before the screen has even drawn it. A failing `ask` stops the schedule; the
 * caller says so and offers to ask again. The schedule starts again when `delaysMs` changes
 * (another phase of the screen).
 */
export function usePolling(
  ask: (signal: AbortSignal) => Promise<boolean>,
  { delaysMs, refreshOnReturn = false }: PollingOptions,
): void {
  const askRef = useRef(ask);
  useEffect(() => {
    askRef.current = ask;
  });
  // The schedule by value, so an equal array made again does not restart it.
  const scheduleKey = delaysMs.join(',');

  useEffect(() => {
    const delays = scheduleKey === '' ? [] : scheduleKey.split(',').map(Number);
    if (delays.length === 0 && !refreshOnReturn) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let next = 0;
    let stopped = false;
    let lastAsked = Number.NEGATIVE_INFINITY;

    const askNow = async () => {
      lastAsked = Date.now();
      try {
        if (!(await askRef.current(controller.signal))) stopped = true;
        return !stopped;
      } catch {
        stopped = true;
        return false;
      }
    };
    const schedule = () => {
      clearTimeout(timer);
      timer = undefined;
      if (stopped || controller.signal.aborted || document.hidden || next >= delays.length) return;
      timer = setTimeout(async () => {
        timer = undefined;
        next += 1;
        if ((await askNow()) && !controller.signal.aborted) schedule();
      }, delays[next]);
    };
    const returned = async () => {
      if (document.hidden) {
        clearTimeout(timer);
        timer = undefined;
        return;
      }
      if (refreshOnReturn && !stopped && Date.now() - lastAsked >= RETURN_DEDUPE_MS) {
        if (!(await askNow()) || controller.signal.aborted) return;
      }
      if (timer === undefined) schedule();
    };

    schedule();
    document.addEventListener('visibilitychange', returned);
    if (refreshOnReturn) window.addEventListener('focus', returned);
    return () => {
      controller.abort();
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', returned);
      window.removeEventListener('focus', returned);
    };
  }, [scheduleKey, refreshOnReturn]);
}
