import type { JobObserver } from '../jobs/serial-poller.ts';

/**
 * `job` with each `pass` reported to `observer`, for a job that runs inside another's pass
 * rather than on a `serialPoller` of its own: the payment files (and the RRIF payouts they
 * schedule) run in each settlement pass, and get a lag of their own (issue 36).
 */
export function observedPasses<
  Args extends unknown[],
  Result,
  Job extends { pass(...args: Args): Promise<Result> },
>(job: Job, observer: JobObserver, now: () => number = () => performance.now()): Job {
  return {
    ...job,
    async pass(...args: Args): Promise<Result> {
      const started = now();
      try {
        const result = await job.pass(...args);
        observer.passed((now() - started) / 1000);
        return result;
      } catch (error) {
        observer.failed((now() - started) / 1000);
        throw error;
      }
    },
  };
}
