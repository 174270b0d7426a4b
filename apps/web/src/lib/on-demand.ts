export interface OnDemand<T> {
  /** The module, downloaded the first time; a failed download is tried again next time. */
  load(): Promise<T>;
  /** The module when its download has finished, so a part renders without waiting. */
  loaded(): T | undefined;
  /** Starts the download once the browser is idle, after the screen has shown. */
  prefetch(): void;
}

/**
 * Code that is not part of a screen's main content (a confirmation dialog and its library): it
 * downloads after the screen shows, so the screen's first download stays small (ADR 0031), and
 * renders without waiting once it is here (ui/part-on-choice.tsx).
 */
export function onDemand<T>(load: () => Promise<T>): OnDemand<T> {
  let current: Promise<T> | undefined;
  let module: { value: T } | undefined;
  const start = (): Promise<T> => {
    current ??= load().then(
      (value) => {
        module = { value };
        return value;
      },
      (reason: unknown) => {
        // The next `load()` downloads again (the line may be back).
        current = undefined;
        throw reason;
      },
    );
    return current;
  };
  return {
    load: start,
    loaded: () => module?.value,
    prefetch() {
      const go = () => void start().catch(() => undefined);
      if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(go);
      else window.setTimeout(go, 200);
    },
  };
}

export interface OnChoice<T> extends Omit<OnDemand<T>, 'prefetch'> {
  /** Starts the download now: the person is about to make the choice (a pointer, a focus). */
  intent(): void;
}

/**
 * Code that only a person's choice shows (the funding step's transfer form, once "a transfer"
 * is chosen): it is not fetched once the screen has shown, but when the choice is made or about
 * to be. The build records it apart from `onDemand` (lib/translation/vite-plugin.ts), so the
 * size budget lists it as downloaded on a choice, not as fetched ahead (ADR 0031).
 */
export function onChoice<T>(load: () => Promise<T>): OnChoice<T> {
  const part = onDemand(load);
  return {
    load: part.load,
    loaded: part.loaded,
    intent: () => void part.load().catch(() => undefined),
  };
}
