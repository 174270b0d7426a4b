import { existsSync, mkdirSync, mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { blankDatabaseFor, prepareBlankDatabase } from './blank-embedded-database.ts';
import { openEmbedded } from './client.ts';

const scratch = mkdtempSync(path.join(tmpdir(), 'portal-blank-database-'));
const dumpFile = path.join(scratch, 'cache', 'pglite-test.tar');
const freshFolder = (name: string) => path.join(scratch, name);

afterAll(() => rm(scratch, { recursive: true, force: true }));

// The embedded database's own start: nothing to test on a PostgreSQL run.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('the blank embedded database', () => {
  it('is dumped once, whole, and left alone by the next install', async () => {
    expect(await prepareBlankDatabase(dumpFile)).toBe(dumpFile);
    const made = statSync(dumpFile);
    expect(made.size).toBeGreaterThan(1_000_000);
    expect(readdirSync(path.dirname(dumpFile))).toEqual(['pglite-test.tar']);
    await prepareBlankDatabase(dumpFile);
    expect(statSync(dumpFile).mtimeMs).toBe(made.mtimeMs);
  });

  it('starts a new data folder that then works and keeps what is written', async () => {
    const folder = freshFolder('first-start');
    const client = await openEmbedded({ driver: 'pglite', dataDir: folder }, dumpFile);
    await client.query('create table kept (note text)');
    await client.query(`insert into kept values ('Hélène')`);
    await client.close();
    expect(existsSync(path.join(folder, 'PG_VERSION'))).toBe(true);

    // The folder now holds a database: it is opened as it is, never replaced by the dump; so is
    // a folder holding anything at all.
    expect(await blankDatabaseFor(folder, dumpFile)).toBeUndefined();
    const notEmpty = freshFolder('not-empty');
    mkdirSync(notEmpty);
    writeFileSync(path.join(notEmpty, 'notes.txt'), 'kept');
    expect(await blankDatabaseFor(notEmpty, dumpFile)).toBeUndefined();
    expect(await blankDatabaseFor(freshFolder('missing'), dumpFile)).toBeInstanceOf(Blob);
    const again = await openEmbedded({ driver: 'pglite', dataDir: folder }, dumpFile);
    expect((await again.query<{ note: string }>('select note from kept')).rows).toEqual([
      { note: 'Hélène' },
    ]);
    await again.close();
  });

  it('runs initdb when the dump is missing or damaged', async () => {
    expect(await blankDatabaseFor(freshFolder('none'), path.join(scratch, 'absent.tar'))).toBe(
      undefined,
    );
    const damaged = path.join(scratch, 'damaged.tar');
    writeFileSync(damaged, 'not a tar file');
    const client = await openEmbedded(
      { driver: 'pglite', dataDir: freshFolder('damaged') },
      damaged,
    );
    expect((await client.query<{ ok: number }>('select 1 as ok')).rows).toEqual([{ ok: 1 }]);
    await client.close();
  });
});
