import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-app.ts';
import { openDatabase, type Database } from './client.ts';
import {
  lastInTransaction,
  PipeliningClient,
  TransactionAlreadyCommittedError,
} from './pipelined-transactions.ts';

// The client changes what goes over PostgreSQL's wire; the embedded database has no wire.
describe.skipIf(!process.env.TEST_DATABASE_URL)('PipeliningClient on PostgreSQL', () => {
  let url: string;
  let drop: () => Promise<void>;
  /** One connection, so every transaction of a test runs on the client `client` names. */
  let pool: pg.Pool;
  let db: Database;
  let client: PipeliningClient;
  /** Another connection, outside the transactions: what it sees is committed. */
  let observer: pg.Client;
  let roundTrips = 0;

  beforeAll(async () => {
    const database = await createTestDatabase();
    drop = database.drop;
    if (database.config.driver !== 'postgres') throw new Error('expected PostgreSQL');
    url = database.config.url;
    pool = new pg.Pool({
      connectionString: url,
      max: 1,
      Client: PipeliningClient as unknown as new () => pg.ClientBase,
    });
    pool.on('release', (_error: Error | undefined, released: pg.PoolClient) =>
      (released as unknown as PipeliningClient).reset(),
    );
    db = drizzle(pool);
    const checkedOut = await pool.connect();
    client = checkedOut as unknown as PipeliningClient;
    checkedOut.release();
    // Every answer of PostgreSQL ends with ReadyForQuery: one per round trip.
    (client as unknown as { connection: pg.Connection }).connection.on(
      'readyForQuery',
      () => roundTrips++,
    );
    observer = new pg.Client({ connectionString: url });
    await observer.connect();
    await observer.query('create table probes (id integer primary key, label text not null)');
    // The connection's first transaction prepares its BEGIN and COMMIT, by running them.
    await db.transaction(async (tx) => {
      await tx.execute(sql`select ${1}::int`);
    });
  });
  afterAll(async () => {
    await observer?.end();
    await pool?.end();
    await drop?.();
  });
  beforeEach(async () => {
    await observer.query('truncate probes');
    roundTrips = 0;
  });

  const insert = (tx: Database, id: number, label = 'probe') =>
    tx.execute(sql`insert into probes (id, label) values (${id}, ${label})`);
  const committed = async () =>
    (await observer.query<{ id: number }>('select id from probes order by id')).rows.map(
      (row) => row.id,
    );

  it('sends BEGIN with the first statement, and COMMIT with the one marked last: one round trip', async () => {
    const answer = (await db.transaction((tx) =>
      lastInTransaction(tx, () =>
        tx.execute(sql`insert into probes values (${1}, 'x') returning id`),
      ),
    )) as pg.QueryResult<{ id: number }>;
    expect(roundTrips).toBe(1);
    // The statement's own answer, not BEGIN's or COMMIT's.
    expect(answer.rows).toEqual([{ id: 1 }]);
    expect(answer.command).toBe('INSERT');
    expect(await committed()).toEqual([1]);
  });

  // drizzle wraps the driver's errors: PostgreSQL's (or this client's) is the `cause`.

  it('sends COMMIT on its own after an unmarked last statement', async () => {
    await db.transaction(async (tx) => {
      await insert(tx, 1);
      await insert(tx, 2);
    });
    expect(roundTrips).toBe(3);
    expect(await committed()).toEqual([1, 2]);
  });

  it('runs the statement sent with BEGIN inside the transaction: a later failure undoes it', async () => {
    await expect(
      db.transaction(async (tx) => {
        await insert(tx, 1);
        throw new Error('the caller changes its mind');
      }),
    ).rejects.toThrow('the caller changes its mind');
    expect(await committed()).toEqual([]);
  });

  it('rolls back when the statement sent with BEGIN fails, and the connection goes on', async () => {
    await observer.query(`insert into probes values (7, 'taken')`);
    await expect(
      db.transaction(async (tx) => {
        await insert(tx, 7);
      }),
    ).rejects.toHaveProperty('cause.message', expect.stringMatching(/duplicate key/));
    await db.transaction(async (tx) => {
      await lastInTransaction(tx, () => insert(tx, 8));
    });
    expect(await committed()).toEqual([7, 8]);
  });

  it('commits nothing when the statement carrying COMMIT fails', async () => {
    await observer.query(`insert into probes values (2, 'taken')`);
    await expect(
      db.transaction(async (tx) => {
        await insert(tx, 1);
        await lastInTransaction(tx, () => insert(tx, 2));
      }),
    ).rejects.toHaveProperty('cause.message', expect.stringMatching(/duplicate key/));
    expect(await committed()).toEqual([2]);
    await db.transaction(async (tx) => {
      await insert(tx, 3);
    });
    expect(await committed()).toEqual([2, 3]);
  });

  it('leaves no transaction open when a value cannot be sent with BEGIN and COMMIT', async () => {
    const checkedOut = await pool.connect();
    const pipelining = checkedOut as unknown as PipeliningClient;
    const unsendable = {
      toPostgres() {
        throw new Error('no text for this value');
      },
    };
    try {
      await checkedOut.query('begin');
      pipelining.markLastStatement();
      await expect(checkedOut.query('select $1::text', [unsendable])).rejects.toThrow(
        'no text for this value',
      );
      // Not taken for committed: the rollback is sent and ends the transaction BEGIN opened.
      await checkedOut.query('rollback');
      await checkedOut.query('insert into probes values ($1, $2)', [5, 'autocommitted']);
    } finally {
      checkedOut.release();
    }
    expect(await committed()).toEqual([5]);
  });

  it('sends neither BEGIN nor COMMIT for a transaction without statements', async () => {
    await db.transaction(async () => {});
    await expect(
      db.transaction(async () => {
        throw new Error('before any statement');
      }),
    ).rejects.toThrow('before any statement');
    expect(roundTrips).toBe(0);
  });

  it('refuses a statement after the one that committed, which stays committed', async () => {
    await expect(
      db.transaction(async (tx) => {
        await lastInTransaction(tx, () => insert(tx, 1));
        await insert(tx, 2);
      }),
    ).rejects.toHaveProperty('cause', expect.any(TransactionAlreadyCommittedError));
    expect(await committed()).toEqual([1]);
    await db.transaction(async (tx) => {
      await insert(tx, 3);
    });
    expect(await committed()).toEqual([1, 3]);
  });

  it('leaves the outer transaction open when the marked statement is in a nested one', async () => {
    await expect(
      db.transaction(async (tx) => {
        await insert(tx, 1);
        await tx.transaction(async (nested) => {
          await lastInTransaction(nested, () => insert(nested, 2));
        });
        throw new Error('the outer transaction fails');
      }),
    ).rejects.toThrow('the outer transaction fails');
    expect(await committed()).toEqual([]);
  });

  it('runs a statement without values after BEGIN, inside the transaction', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql.raw(`insert into probes values (1, 'plain')`));
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect(await committed()).toEqual([]);
  });

  it('prepares a named statement sent with BEGIN once, and frees a name whose Parse failed', async () => {
    const named = (tx: Database, name: string, text: string, id: number) =>
      tx._.session
        .prepareQuery(
          { sql: text, params: [sql.placeholder('id'), 'named'] },
          undefined,
          name,
          false,
        )
        .execute({ id });
    const typo = 'insert int probes values ($1, $2)';
    // Had the failed Parse been taken for done, the second try would bind a missing statement.
    for (const attempt of [1, 2]) {
      await expect(
        db.transaction(async (tx) => {
          await named(tx, 'probe_typo', typo, attempt);
        }),
      ).rejects.toHaveProperty('cause.message', expect.stringMatching(/syntax error/));
    }
    for (const id of [9, 10]) {
      await db.transaction(async (tx) => {
        await named(tx, 'probe_insert', 'insert into probes values ($1, $2)', id);
      });
    }
    expect(await committed()).toEqual([9, 10]);
  });

  it('opens no transaction for the next user of a connection released with a BEGIN held', async () => {
    const checkedOut = await pool.connect();
    await checkedOut.query('begin');
    checkedOut.release();
    await pool.query('insert into probes values ($1, $2)', [1, 'autocommitted']);
    expect(await committed()).toEqual([1]);
  });

  it('is what the server’s own pool uses', async () => {
    const handle = await openDatabase({ driver: 'postgres', url });
    try {
      await handle.db.transaction(async (tx) => {
        expect((tx._.session as unknown as { client: unknown }).client).toBeInstanceOf(
          PipeliningClient,
        );
      });
    } finally {
      await handle.close();
    }
  });
});
