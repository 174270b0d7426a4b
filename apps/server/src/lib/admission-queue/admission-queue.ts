/**
 * A first-come, first-served gate with a bounded wait (issue 18, ADR 0025). The embedded
 * database has one connection: when every request queues its statements one by one on it, a
 * request of ten statements waits behind the whole crowd ten times and some wait for seconds.
 * Through this gate only a few requests use the database at once; the rest wait their turn in
 * arrival order, and one that waited past the bound is refused rather than left hanging.
 */

/** Refused: the wait would have been longer than the bound. */
export class QueueWaitExceededError extends Error {
  override name = 'QueueWaitExceededError';
  constructor(readonly waitedMs: number) {
    super(`waited ${waitedMs} ms for the database`);
  }
}

export interface AdmissionQueueOptions {
  /** How many holders at once. */
  maxActive: number;
  /** How long a waiter may wait, in ms, before it is refused. */
  maxWaitMs: number;
  now?: () => number;
}

interface Waiter {
  since: number;
  admit(): void;
  timer: NodeJS.Timeout;
}

/** Gives its holder's place to the next; calling it again does nothing. */
export type Release = () => void;

export class AdmissionQueue {
  readonly #maxActive: number;
  readonly #maxWaitMs: number;
  readonly #now: () => number;
  #active = 0;
  /** Arrival order; a refused waiter is taken out when its timer fires. */
  #waiting: Waiter[] = [];
  /** An admission waits for the next `setImmediate`. */
  #admissionScheduled = false;
  /** Told, at each admission, how long it waited in ms (the metrics, issue 36). */
  readonly #waitObservers: ((waitedMs: number) => void)[] = [];

  constructor(options: AdmissionQueueOptions) {
    this.#maxActive = Math.max(1, options.maxActive);
    this.#maxWaitMs = Math.max(0, options.maxWaitMs);
    this.#now = options.now ?? Date.now;
  }

  get active(): number {
    return this.#active;
  }

  get waiting(): number {
    return this.#waiting.length;
  }

  get maxWaitMs(): number {
    return this.#maxWaitMs;
  }

  /** Calls `observer` at each admission with how long, in ms, the admitted one waited. */
  observeWaits(observer: (waitedMs: number) => void): void {
    this.#waitObservers.push(observer);
  }

  /**
   * Admits in arrival order, at most one request per turn of the event loop, on that turn's
   * `setImmediate`, even when a place is free and nobody waits. The embedded database runs in
   * this thread: its statements resolve without I/O, so a request admitted inside the callback
   * that read it runs to its end there, and the next socket's request after it, until every
   * socket that turn found readable has been served (about 140 saves, 350 ms, in the bench of
   * issue 37). Meanwhile the server accepts no connection (libuv accepts one per turn) and
   * answers nothing else: three turns a second. Admitted one per turn, a request runs between
   * two turns in which the server reads new connections, static files and the health check;
   * those it reads wait here, to be admitted or refused 503 within the bound (ADR 0025).
   */
  acquire(): Promise<Release> {
    const since = this.#now();
    return new Promise<Release>((resolve, reject) => {
      const waiter: Waiter = {
        since,
        admit: () => resolve(this.#releaser()),
        timer: setTimeout(() => {
          const index = this.#waiting.indexOf(waiter);
          if (index === -1) return;
          this.#waiting.splice(index, 1);
          reject(new QueueWaitExceededError(this.#now() - since));
        }, this.#maxWaitMs),
      };
      this.#waiting.push(waiter);
      this.#scheduleAdmission();
    });
  }

  #releaser(): Release {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#active -= 1;
      this.#scheduleAdmission();
    };
  }

  #admitOne(): void {
    if (this.#active >= this.#maxActive) return;
    const next = this.#waiting.shift();
    if (!next) return;
    clearTimeout(next.timer);
    this.#active += 1;
    const waitedMs = this.#now() - next.since;
    for (const observer of this.#waitObservers) observer(waitedMs);
    next.admit();
  }

  #scheduleAdmission(): void {
    if (this.#admissionScheduled) return;
    if (this.#active >= this.#maxActive || this.#waiting.length === 0) return;
    this.#admissionScheduled = true;
    setImmediate(() => {
      this.#admissionScheduled = false;
      this.#admitOne();
      // Scheduled from inside this turn's immediates: it runs on the next turn.
      this.#scheduleAdmission();
    });
  }
}
