/**
 * What SIGTERM does (issue 36): the instance says it is not ready (`/healthz/ready` answers 503)
 * while it keeps answering for `drainMs`, so the proxy stops sending it requests; then it closes:
 * no new connection is taken, requests in flight finish (a request arriving on a kept-alive
 * connection meanwhile is answered 503, Fastify's `return503OnClosing`), the jobs' `preClose`
 * hooks let a pass under way finish, and the database pools close last. The whole of it is bounded
 * by `timeoutMs`, after which the process exits with code 1 anyway: a platform's grace period
 * ends with SIGKILL, and a log line saying why is better than none.
 */

export interface ShutdownTarget {
  lifecycle: { draining: boolean };
  close(): Promise<unknown>;
  log: {
    info(object: object, message: string): void;
    error(object: object, message: string): void;
  };
}

export interface ShutdownOptions {
  drainMs: number;
  timeoutMs: number;
  exit: (code: number) => void;
  /**
   * Last, after the server closed and before the exit (still within `timeoutMs`): the tracing
   * SDK sends the spans of the requests that were drained. Its failure changes nothing.
   */
  beforeExit?: () => Promise<unknown>;
  /** Timers (tests pass fake ones through vitest's fake timers; production the real ones). */
  setTimer?: (callback: () => void, ms: number) => { unref?: () => unknown };
}

export function gracefulShutdown(
  target: ShutdownTarget,
  signal: string,
  options: ShutdownOptions,
): Promise<void> {
  const setTimer = options.setTimer ?? ((callback, ms) => setTimeout(callback, ms));
  target.lifecycle.draining = true;
  target.log.info({ signal, drainMs: options.drainMs }, 'shutting down: draining');
  let done = false;
  const finish = (code: number) => {
    if (done) return;
    done = true;
    options.exit(code);
  };
  setTimer(() => {
    target.log.error(
      { timeoutMs: options.timeoutMs },
      'shutdown took longer than SHUTDOWN_TIMEOUT_MS; exiting now',
    );
    finish(1);
  }, options.timeoutMs).unref?.();
  return new Promise<void>((resolve) => {
    setTimer(resolve, options.drainMs);
  })
    .then(() => target.close())
    .then(
      () => 0,
      (error: unknown) => {
        target.log.error({ err: error }, 'shutdown failed');
        return 1;
      },
    )
    .then(async (code) => {
      await options.beforeExit?.().catch(() => undefined);
      if (code === 0) target.log.info({ signal }, 'shut down');
      finish(code);
    });
}
