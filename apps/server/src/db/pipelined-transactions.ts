import pg from 'pg';
import { pipelinedSpans } from '../lib/telemetry/database-spans.ts';
import type { Database } from './client.ts';

/**
 * The names of the `begin` and `commit` statements each connection prepares once, by running
 * them in its first transaction. From then on either can travel with another statement as two
 * small messages (Bind, Execute) and no Parse: node-postgres credits every ParseComplete to the
 * statement it is waiting for, so a Parse of their own would be taken for that statement's.
 */
export const BEGIN_STATEMENT = 'portal_begin';
export const COMMIT_STATEMENT = 'portal_commit';

/** The answer drizzle gets for what was not sent on its own, shaped as PostgreSQL's. */
const answered = (command: string) => ({
  command,
  rowCount: null,
  oid: null,
  rows: [],
  fields: [],
});

type QueryConfig = { text?: string; name?: string; values?: unknown[]; submit?: unknown };
type QueryFunction = (config: unknown, values?: unknown, callback?: unknown) => unknown;
/** What node-postgres keeps on a connection of the statements it has prepared there. */
type PreparingConnection = pg.Connection & { parsedStatements: Record<string, string> };
/** node-postgres's own steps of a query, which @types/pg does not declare. */
type QueryInternals = {
  prepare(connection: pg.Connection): void;
  _getRows(connection: pg.Connection, rows: number | undefined): void;
  handleCommandComplete(message: unknown, connection: pg.Connection): void;
};
const queryInternals = pg.Query.prototype as unknown as QueryInternals;

/** Runs a statement the connection has prepared, without a Sync: it goes with the next one. */
function runPrepared(connection: pg.Connection, statement: string): void {
  connection.bind({ statement, portal: '', values: [] }, false);
  connection.execute({ portal: '' }, false);
}

/**
 * A statement sent with the transaction's BEGIN ahead of it, its COMMIT behind it, or both, in
 * one write under its one Sync. PostgreSQL answers each in order (BEGIN's CommandComplete, the
 * statement's answers, COMMIT's CommandComplete); only the statement's count as its result. An
 * error in any of them fails the statement, and PostgreSQL skips the rest until the Sync.
 */
class BundledQuery extends pg.Query {
  private beginAnswerPending: boolean;
  private statementAnswered = false;

  constructor(
    config: pg.QueryConfig,
    values: unknown[],
    private readonly bundle: { begin: boolean; commit: boolean },
  ) {
    super(config, values);
    this.beginAnswerPending = bundle.begin;
  }

  /** Called by node-postgres once the statement is known to be valid, before anything is written. */
  prepare(connection: pg.Connection): void {
    if (this.bundle.begin) runPrepared(connection, BEGIN_STATEMENT);
    queryInternals.prepare.call(this, connection);
  }

  /** The statement's Execute, then COMMIT's ahead of the Sync that ends the batch. */
  _getRows(connection: pg.Connection, rows: number | undefined): void {
    if (!this.bundle.commit || rows) return queryInternals._getRows.call(this, connection, rows);
    connection.execute({ portal: '' }, false);
    runPrepared(connection, COMMIT_STATEMENT);
    connection.sync();
  }

  handleCommandComplete(message: unknown, connection: pg.Connection): void {
    if (this.beginAnswerPending) {
      this.beginAnswerPending = false;
      return;
    }
    if (this.statementAnswered) return; // COMMIT's
    this.statementAnswered = true;
    queryInternals.handleCommandComplete.call(this, message, connection);
  }
}

/** Raised for a statement sent after the one that carried its transaction's COMMIT. */
export class TransactionAlreadyCommittedError extends Error {
  constructor() {
    super('a statement was sent after the one that committed its transaction');
  }
}

/**
 * A pooled connection whose transactions need no round trips of their own (issue 18, ADR 0026).
 * node-postgres sends one statement and waits for its answer before the next, so drizzle's
 * `begin` and `commit` each cost a full round trip: a system call on each side and a wake-up of
 * the database's process, for answers that say nothing.
 * - `begin` is held back and leaves with the transaction's first statement, in one write. A
 *   transaction that ends before any statement sends neither BEGIN nor its end.
 * - A statement marked by `lastInTransaction` carries the COMMIT behind it; drizzle's own
 *   `commit` then has nothing left to send.
 * Only what drizzle sends is bundled (a plain `begin` and `commit`, statements with values, which
 * node-postgres sends in the extended protocol); anything else goes on its own, as before.
 */
export class PipeliningClient extends pg.Client {
  private beginHeld = false;
  private commitWithNext = false;
  private committed = false;

  constructor(config?: string | pg.ClientConfig) {
    super(config);
    const send = (this as unknown as { query: QueryFunction }).query.bind(this);
    // The overloads of `Client#query` cannot be restated by a subclass method: the instance's
    // own function takes its place, with node-postgres's original underneath.
    (this as unknown as { query: QueryFunction }).query = (config, values, callback) =>
      this.route(send, config, values, callback);
  }

  /** The next statement is the transaction's last: its COMMIT goes with it. */
  markLastStatement(): void {
    this.commitWithNext = true;
  }

  /** Forgets what a transaction left held when its connection goes back to the pool. */
  reset(): void {
    this.beginHeld = false;
    this.commitWithNext = false;
    this.committed = false;
  }

  private prepared(name: string): boolean {
    const connection = (this as unknown as { connection: PreparingConnection }).connection;
    return connection.parsedStatements[name] !== undefined;
  }

  private route(send: QueryFunction, config: unknown, values: unknown, callback: unknown) {
    const query: QueryConfig =
      typeof config === 'string' ? { text: config } : ((config ?? {}) as QueryConfig);
    const plain =
      callback === undefined && typeof values !== 'function' && query.submit === undefined;
    const parameters = (Array.isArray(values) ? values : query.values) ?? [];
    const text = plain && parameters.length === 0 ? query.text?.trim().toLowerCase() : undefined;
    const ending = text === 'commit' || text === 'rollback';

    if (this.committed) {
      if (ending) {
        this.committed = false;
        return Promise.resolve(answered(text.toUpperCase()));
      }
      return Promise.reject(new TransactionAlreadyCommittedError());
    }
    if (text === 'begin' && !this.beginHeld) {
      // The first transaction of a connection prepares the statement, by running it.
      if (!this.prepared(BEGIN_STATEMENT)) return send({ name: BEGIN_STATEMENT, text: 'begin' });
      this.beginHeld = true;
      return Promise.resolve(answered('BEGIN'));
    }
    if (text === 'commit' && !this.beginHeld) {
      this.commitWithNext = false;
      return send({ name: COMMIT_STATEMENT, text: 'commit' });
    }

    const begin = this.beginHeld;
    const commit = this.commitWithNext && this.prepared(COMMIT_STATEMENT);
    this.beginHeld = false;
    this.commitWithNext = false;
    if (begin && ending) return Promise.resolve(answered(text.toUpperCase()));
    if (plain && (parameters.length > 0 || query.name !== undefined) && (begin || commit)) {
      const bundled = new BundledQuery(query as pg.QueryConfig, parameters, { begin, commit });
      // instrumentation-pg sees one statement: BEGIN and COMMIT get spans of their own.
      const endSpans = pipelinedSpans({ begin, commit });
      const result = new Promise((resolve, reject) => {
        let settled = false;
        (bundled as unknown as { callback: (e: Error | null, r: unknown) => void }).callback = (
          error,
          answer,
        ) => {
          // A value node-postgres cannot send fails the statement before its Execute, and its
          // ReadyForQuery then reports success a second time: only the first answer counts.
          if (settled) return;
          settled = true;
          endSpans(error ?? undefined);
          if (error) return reject(error);
          // Set before drizzle hears of it: its `commit` comes next and must not be sent.
          if (commit) this.committed = true;
          resolve(answer);
        };
      });
      send(bundled);
      return result;
    }
    if (!begin) return send(config, values, callback);
    // Anything else waits for BEGIN's answer, as without this client.
    const began = send({ name: BEGIN_STATEMENT, text: 'begin' }) as Promise<unknown>;
    if (plain) return began.then(() => send(config, values));
    began.catch(() => {});
    return send(config, values, callback);
  }
}

/**
 * Runs `statement`, the last of the transaction `tx`, with the transaction's COMMIT sent behind
 * it in the same write (on PostgreSQL; the embedded database has no round trips to save). When
 * it resolves the transaction is committed: a further statement in `tx` is refused, and the
 * caller must run nothing that could fail before it returns. Inside a nested transaction (a
 * savepoint of a caller's) it runs as it is: the caller's transaction is not this one's to end.
 */
export async function lastInTransaction<T>(tx: Database, statement: () => Promise<T>): Promise<T> {
  const client = (tx._.session as unknown as { client?: unknown }).client;
  const outermost = (tx as unknown as { nestedIndex?: number }).nestedIndex === 0;
  if (client instanceof PipeliningClient && outermost) client.markLastStatement();
  return statement();
}
