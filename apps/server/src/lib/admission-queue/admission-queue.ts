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

  /** Admits now when a place is free and nobody waits, else after those who came first. */
  acquire(): Promise<Release> {
    if (this.#active < this.#maxActive && this.#waiting.length === 0) {
      this.#active += 1;
      return Promise.resolve(this.#releaser());
    }
    const since = this.#now();
    return new Promise<Release>((resolve, reject) => {
      const waiter: Waiter = {
        admit: () => resolve(this.#releaser()),
        timer: setTimeout(() => {
          const index = this.#waiting.indexOf(waiter);
          if (index === -1) return;
          this.#waiting.splice(index, 1);
          reject(new QueueWaitExceededError(this.#now() - since));
        }, this.#maxWaitMs),
      };
      this.#waiting.push(waiter);
    });
  }

  #releaser(): Release {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#active -= 1;
      this.#admitNext();
    };
  }

  #admitNext(): void {
    while (this.#active < this.#maxActive) {
      const next = this.#waiting.shift();
      if (!next) return;
      clearTimeout(next.timer);
      this.#active += 1;
      next.admit();
    }
  }
}
