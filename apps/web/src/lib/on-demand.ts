/** A promise React's `use` reads at once when it is settled (React's own thenable fields). */
type Tracked<T> = Promise<T> & { status?: 'pending' | 'fulfilled'; value?: T };

export interface OnDemand<T> {
  /** The module, downloaded the first time; a failed download is tried again next time. */
  load(): Promise<T>;
  /** Starts the download once the browser is idle, after the screen has shown. */
  prefetch(): void;
}

/**
 * Code that is not part of a screen's main content (a confirmation dialog and its library): it
 * downloads after the screen shows, so the screen's first download stays small (ADR 0031), and
 * `use(loaded.load())` renders it without waiting once it is here.
 */
export function onDemand<T>(load: () => Promise<T>): OnDemand<T> {
  let current: Tracked<T> | undefined;
  // React reads `status` and `value` (its thenable protocol); typed as a plain promise outside.
  const start = (): Promise<T> => {
    if (!current) {
      const tracked: Tracked<T> = load().then(
        (value) => {
          tracked.status = 'fulfilled';
          tracked.value = value;
          return value;
        },
        (reason: unknown) => {
          current = undefined;
          throw reason;
        },
      );
      tracked.status = 'pending';
      current = tracked;
    }
    return current;
  };
  return {
    load: start,
    prefetch() {
      const go = () => void start().catch(() => undefined);
      if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(go);
      else window.setTimeout(go, 200);
    },
  };
}
