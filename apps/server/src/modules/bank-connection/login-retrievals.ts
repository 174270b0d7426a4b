/**
 * The readings of bank logins in progress (vendors of kind `browser`, Flinks): reading a login's
 * accounts may take the vendor up to the spec's 30 minutes, far longer than an HTTP answer, so
 * the route that receives the login answers at once and the reading goes on here, its outcome
 * written to the request (which the person's page polls). On shutdown the readings are stopped:
 * their requests stay pending and expire after 30 minutes like any stuck connection, and the
 * person starts again or uploads a void cheque; nothing they entered is lost.
 */
export interface LoginRetrievals {
  /** Starts `work` unless a reading of the same request is running (a second hand-over). */
  run(requestId: string, work: (signal: AbortSignal) => Promise<void>): void;
  /** Resolves once no reading runs (tests; shutdown after `stopAll`). */
  idle(): Promise<void>;
  /** Stops every reading (shutdown). */
  stopAll(): void;
}

export function createLoginRetrievals(
  onError: (error: unknown) => void = () => {},
): LoginRetrievals {
  const running = new Map<string, { controller: AbortController; done: Promise<void> }>();
  return {
    run(requestId, work) {
      if (running.has(requestId)) return;
      const controller = new AbortController();
      const done = work(controller.signal)
        .catch(onError)
        .finally(() => running.delete(requestId));
      running.set(requestId, { controller, done });
    },
    async idle() {
      while (running.size > 0) {
        await Promise.all([...running.values()].map((reading) => reading.done));
      }
    },
    stopAll() {
      for (const reading of running.values()) reading.controller.abort();
    },
  };
}
