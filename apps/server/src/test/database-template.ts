import { readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type PGlite } from '@electric-sql/pglite';
import { blankDatabase } from '../db/blank-embedded-database.ts';
import { openDatabase } from '../db/client.ts';
import { seedReferenceData } from '../db/seed/seed-reference-data.ts';

/** Where the global setup leaves the template for the test files of this run. */
export const TEMPLATE_ENV = 'PORTAL_PGLITE_TEMPLATE';

/**
 * Vitest global setup of the server project: migrates and seeds one embedded database, dumps its
 * data directory to a file, and names the file in the environment. Each test app then starts
 * from a copy (about a second) instead of initdb and every migration (about three). Skipped
 * when the tests run on a PostgreSQL server.
 */
export default async function setup(): Promise<() => Promise<void>> {
  if (process.env.TEST_DATABASE_URL) return async () => {};
  // From the blank database `npm ci` dumped, when it is there: no initdb.
  const blank = await blankDatabase();
  const database = await openDatabase({
    driver: 'pglite',
    dataDir: null,
    ...(blank && { template: blank }),
  });
  await database.migrate(seedReferenceData);
  const client = (database.db as unknown as { $client: PGlite }).$client;
  const dump = await client.dumpDataDir('none');
  await database.close();
  const file = path.join(tmpdir(), `portal-pglite-template-${process.pid}.tar`);
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  process.env[TEMPLATE_ENV] = file;
  return async () => {
    await rm(file, { force: true });
  };
}

let template: Promise<Blob | undefined> | undefined;

/** The template of this run, read once per test file; undefined without the global setup. */
export function pgliteTemplate(): Promise<Blob | undefined> {
  const file = process.env[TEMPLATE_ENV];
  if (!file) return Promise.resolve(undefined);
  template ??= readFile(file).then((bytes) => new Blob([bytes]));
  return template;
}
