import argon2, { type HashOptions } from 'argon2';

/** The argon2 settings a hasher may choose; the algorithm itself is always argon2id. */
export type PasswordHashOptions = Omit<HashOptions, 'type'>;

/** The two slow operations; tests stand in a controllable fake for argon2. */
export interface HashingOperations {
  hash(password: string): Promise<string>;
  verify(hash: string, password: string): Promise<boolean>;
}

export interface PasswordHasherOptions {
  /**
   * How many argon2 operations may run at once. argon2 runs on libuv's threadpool (4 threads
   * unless UV_THREADPOOL_SIZE says otherwise), which file reads, dns.lookup, zlib and crypto
   * share: 2 leaves half of it to them however many people sign in at once.
   */
  maxConcurrent?: number;
  /** How many more may wait, in arrival order; past that a call fails at once. */
  maxQueued?: number;
  hashOptions?: PasswordHashOptions;
  /** Replaces argon2 (tests only). */
  operations?: HashingOperations;
}

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** False for a wrong password and for a stored hash argon2 cannot read. */
  verify(hash: string, password: string): Promise<boolean>;
  stats(): { running: number; queued: number };
}

/**
 * Every slot is taken and the queue is full: the caller should answer 429 with
 * `Retry-After: retryAfterSeconds` rather than wait.
 */
export class HashingBusyError extends Error {
  override name = 'HashingBusyError';
  constructor(readonly retryAfterSeconds: number) {
    super(`password hashing is busy; retry in ${retryAfterSeconds} s`);
  }
}

export const DEFAULT_MAX_CONCURRENT = 2;
export const DEFAULT_MAX_QUEUED = 64;

/** What one operation is assumed to take until one has been measured (argon2id defaults). */
const INITIAL_DURATION_MS = 100;
/** Weight of the newest duration in the moving average: follows load without jumping. */
const SMOOTHING = 0.2;

function argon2Operations(hashOptions: PasswordHashOptions): HashingOperations {
  return {
    hash: (password) => argon2.hash(password, { ...hashOptions, type: argon2.argon2id }),
    verify: (hash, password) => argon2.verify(hash, password),
  };
}

function positiveInteger(name: string, value: number, minimum: number): number {
  if (!Number.isInteger(value) || value < minimum) {
    throw new RangeError(`${name} must be an integer of at least ${minimum}, not ${value}`);
  }
  return value;
}

/**
 * Password hashing behind a bounded FIFO queue, so a burst of sign-ins can neither take every
 * threadpool thread (stalling static files and database I/O) nor pile up unbounded work.
 */
export function createPasswordHasher(options: PasswordHasherOptions = {}): PasswordHasher {
  const maxConcurrent = positiveInteger(
    'maxConcurrent',
    options.maxConcurrent ?? DEFAULT_MAX_CONCURRENT,
    1,
  );
  const maxQueued = positiveInteger('maxQueued', options.maxQueued ?? DEFAULT_MAX_QUEUED, 0);
  const operations = options.operations ?? argon2Operations(options.hashOptions ?? {});

  let running = 0;
  let averageDurationMs = INITIAL_DURATION_MS;
  const waiting: (() => void)[] = [];

  /** Everything queued, plus this call, drains `maxConcurrent` at a time. */
  const retryAfterSeconds = () =>
    Math.max(1, Math.ceil((((waiting.length + 1) / maxConcurrent) * averageDurationMs) / 1000));

  async function run<T>(operation: () => Promise<T>): Promise<T> {
    if (running >= maxConcurrent) {
      if (waiting.length >= maxQueued) throw new HashingBusyError(retryAfterSeconds());
      // The slot is handed over by the operation that frees it, so `running` never dips
      // and a newcomer cannot overtake those already waiting.
      await new Promise<void>((resolve) => waiting.push(resolve));
    } else {
      running += 1;
    }
    const started = performance.now();
    try {
      const result = await operation();
      const duration = performance.now() - started;
      averageDurationMs += SMOOTHING * (duration - averageDurationMs);
      return result;
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  }

  return {
    hash: (password) => run(() => operations.hash(password)),
    // argon2 throws on a hash it cannot parse; for a sign-in that is simply a failed check.
    verify: (hash, password) =>
      run(async () => {
        try {
          return await operations.verify(hash, password);
        } catch {
          return false;
        }
      }),
    stats: () => ({ running, queued: waiting.length }),
  };
}
