import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

/**
 * A blank embedded database: PGlite's initdb and nothing of ours, dumped once when the
 * dependencies are installed (`npm ci` runs the root `postinstall`) and loaded by every fresh
 * DATA_DIR instead of running initdb again, about 0.7 s instead of 2.7 s of a first start
 * (issue 18, ADR 0026). It holds no table, row or secret of the product, so it is the same for
 * everyone; it is kept per PGlite version beside the installed package, and a start without it
 * (or with one it cannot read) runs initdb as before.
 */

/** node_modules/@electric-sql/pglite, found from the module's own entry point. */
function pglitePackageDir(): string {
  let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (!existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return dir;
}

function defaultTemplateFile(): string {
  const packageDir = pglitePackageDir();
  const { version } = JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as {
    version: string;
  };
  // node_modules/.cache: where tools keep what an install can remake.
  return path.join(packageDir, '..', '..', '.cache', 'laurentide-portal', `pglite-${version}.tar`);
}

/** Makes the blank database's dump unless it is there; written whole or not at all. */
export async function prepareBlankDatabase(file: string = defaultTemplateFile()): Promise<string> {
  if (existsSync(file)) return file;
  const database = new PGlite();
  try {
    await database.waitReady;
    const dump = await database.dumpDataDir('none');
    await mkdir(path.dirname(file), { recursive: true });
    const partial = `${file}.${process.pid}.partial`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, file).catch(async (error: unknown) => {
      await rm(partial, { force: true });
      throw error;
    });
  } finally {
    await database.close();
  }
  return file;
}

/** The blank database's dump, or undefined when it was not made or cannot be read. */
export async function blankDatabase(
  file: string = defaultTemplateFile(),
): Promise<Blob | undefined> {
  try {
    return new Blob([await readFile(file)]);
  } catch {
    return undefined;
  }
}

/**
 * The blank database to start `dataDir` from, when the folder is empty (a new DATA_DIR) and the
 * dump was made; undefined otherwise. Only an empty folder: if the dump cannot be loaded, the
 * folder is emptied again for initdb, and nothing of anyone's may be in it.
 */
export async function blankDatabaseFor(
  dataDir: string,
  file: string = defaultTemplateFile(),
): Promise<Blob | undefined> {
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) return undefined;
  return blankDatabase(file);
}
