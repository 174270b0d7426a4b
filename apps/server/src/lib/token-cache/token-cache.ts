/**
 * The live bearer tokens this instance checked lately (issue 18, ADR 0025): a call whose token is
 * here is answered without reading the database. Entries are keyed by the token's hash (never
 * the token), live a few seconds, and are evicted at once when a session, a token or a person
 * changes: by the service that changed it on this instance, and through the database's
 * `portal_token_revoked` notification on every instance.
 */

/** What an entry remembers: enough to answer `requireUser` and to extend the token when due. */
export interface CachedToken<User> {
  user: User;
  userId: string;
  sessionId: string;
  tokenId: string;
  /** The token's expiry as last written to the database. */
  tokenExpiresAt: Date;
  /** The session's absolute end: the token dies with it. */
  sessionEndsAt: Date;
}

interface Entry<User> extends CachedToken<User> {
  /** Past this the entry is read again from the database. */
  cachedUntil: number;
}

/** The channel every instance listens on; payloads are `session:<id>`, `user:<id>`, `token:<hash>`. */
export const TOKEN_REVOKED_CHANNEL = 'portal_token_revoked';

export interface TokenCacheOptions {
  /** How long an entry serves, in ms; 0 turns the cache off. */
  ttlMs: number;
  /** At most this many entries; the least recently used goes first. */
  maxEntries: number;
}

export class TokenCache<User> {
  /** Insertion order is use order: a hit moves its entry to the end (least recent first). */
  readonly #entries = new Map<string, Entry<User>>();
  #epoch = 0;
  #listening: boolean;
  #propagate: () => Promise<unknown> = async () => {};
  readonly ttlMs: number;
  readonly maxEntries: number;

  /**
   * `listening`: whether the notifications of other instances reach this one. While they do not
   * (a PostgreSQL listener not yet connected, or reconnecting) the cache serves nothing, since a
   * revocation elsewhere could go unseen.
   */
  constructor(options: TokenCacheOptions, { listening = true } = {}) {
    this.ttlMs = Math.max(0, options.ttlMs);
    this.maxEntries = Math.max(1, options.maxEntries);
    this.#listening = listening;
  }

  get enabled(): boolean {
    return this.ttlMs > 0 && this.#listening;
  }

  get size(): number {
    return this.#entries.size;
  }

  /**
   * Bumped by every eviction. A reader notes it before its database read and stores what it
   * read only when it has not moved: a revocation that landed while the read was in flight
   * must not be undone by a stale row.
   */
  get epoch(): number {
    return this.#epoch;
  }

  /** The live entry for a token hash at `now`, or undefined (expired entries are dropped). */
  get(tokenHash: string, now: number): CachedToken<User> | undefined {
    if (!this.enabled) return undefined;
    const entry = this.#entries.get(tokenHash);
    if (!entry) return undefined;
    if (
      entry.cachedUntil <= now ||
      entry.tokenExpiresAt.getTime() <= now ||
      entry.sessionEndsAt.getTime() <= now
    ) {
      this.#entries.delete(tokenHash);
      return undefined;
    }
    this.#entries.delete(tokenHash);
    this.#entries.set(tokenHash, entry);
    return entry;
  }

  /** Remembers a token read at `epoch`; ignored when anything was evicted since. */
  set(tokenHash: string, value: CachedToken<User>, { now, epoch }: { now: number; epoch: number }) {
    if (!this.enabled || epoch !== this.#epoch) return;
    this.#entries.delete(tokenHash);
    this.#entries.set(tokenHash, { ...value, cachedUntil: now + this.ttlMs });
    while (this.#entries.size > this.maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest === undefined) break;
      this.#entries.delete(oldest);
    }
  }

  /** The token was extended in the database: the entry keeps the new expiry. */
  extended(tokenHash: string, tokenExpiresAt: Date): void {
    const entry = this.#entries.get(tokenHash);
    if (entry) entry.tokenExpiresAt = tokenExpiresAt;
  }

  evictToken(tokenHash: string): void {
    this.#epoch += 1;
    this.#entries.delete(tokenHash);
  }

  /** Drops every token of these sessions. */
  evictSessions(sessionIds: Iterable<string>): void {
    const ids = new Set(sessionIds);
    this.#epoch += 1;
    if (ids.size === 0) return;
    for (const [hash, entry] of this.#entries) {
      if (ids.has(entry.sessionId)) this.#entries.delete(hash);
    }
  }

  /** Drops every token of a person (their row changed, or their sessions ended). */
  evictUser(userId: string): void {
    this.#epoch += 1;
    for (const [hash, entry] of this.#entries) {
      if (entry.userId === userId) this.#entries.delete(hash);
    }
  }

  clear(): void {
    this.#epoch += 1;
    this.#entries.clear();
  }

  /** How `propagated` waits for the other instances (the database listener's barrier). */
  setPropagation(propagate: () => Promise<unknown>): void {
    this.#propagate = propagate;
  }

  /**
   * Resolves once every instance has heard the revocations committed so far (or after a bounded
   * wait): a sign-out answers only when the token is refused everywhere.
   */
  async propagated(): Promise<void> {
    if (this.ttlMs > 0) await this.#propagate();
  }

  /** Applies a `portal_token_revoked` payload; unknown payloads clear everything (safe side). */
  applyNotification(payload: string): void {
    const [kind, value] = [
      payload.slice(0, payload.indexOf(':')),
      payload.slice(payload.indexOf(':') + 1),
    ];
    if (kind === 'session' && value) this.evictSessions([value]);
    else if (kind === 'user' && value) this.evictUser(value);
    else if (kind === 'token' && value) this.evictToken(value);
    else this.clear();
  }

  /**
   * Whether other instances' notifications reach this one. Going deaf clears the cache, since
   * what was missed is unknown; hearing again starts from empty too.
   */
  setListening(listening: boolean): void {
    if (listening !== this.#listening) this.clear();
    this.#listening = listening;
  }
}
