/** A job that runs passes one after the other, on demand or every interval. */
export interface PolledJob<Pass> {
  /** One pass; passes of one instance run one after the other, never two at once. */
  runOnce(): Promise<Pass>;
  /** Runs a pass every `intervalMs` after the previous one ends; 0 or less never. */
  start(intervalMs: number): void;
  /** Stops polling and waits for the pass under way. */
  stop(): Promise<void>;
}

/** Told how each pass ended and how long it took (the metrics, issue 36). */
export interface JobObserver {
  passed(seconds: number): void;
  failed(seconds: number): void;
}

/**
 * The polling of the processing jobs (funding settlement, transfer processing): passes are
 * queued so a test's `runOnce` never overlaps a timed pass, a failed pass is reported and the
 * next tick tries again (the database may be briefly away), and the timer alone never keeps
 * the process alive.
 */
export function serialPoller<Pass>(
  pass: () => Promise<Pass>,
  onFailure: (error: unknown) => void,
  observer?: JobObserver,
): PolledJob<Pass> {
  let queue: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  let polling = false;

  async function observed(): Promise<Pass> {
    const started = performance.now();
    try {
      const result = await pass();
      observer?.passed((performance.now() - started) / 1000);
      return result;
    } catch (error) {
      observer?.failed((performance.now() - started) / 1000);
      throw error;
    }
  }

  function runOnce(): Promise<Pass> {
    const run = queue.then(observer ? observed : pass);
    queue = run.catch(() => undefined);
    return run;
  }

  function schedule(intervalMs: number) {
    timer = setTimeout(() => {
      timer = undefined;
      void runOnce()
        .catch(onFailure)
        .then(() => {
          if (polling) schedule(intervalMs);
        });
    }, intervalMs);
    timer.unref();
  }

  return {
    runOnce,
    start(intervalMs) {
      if (polling || intervalMs <= 0) return;
      polling = true;
      schedule(intervalMs);
    },
    async stop() {
      polling = false;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await queue;
    },
  };
}
