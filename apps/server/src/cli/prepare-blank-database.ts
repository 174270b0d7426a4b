// `postinstall` (npm ci, npm install): dumps the blank embedded database a first start loads
// instead of running initdb (blank-embedded-database.ts). An install never fails for it: without
// the dump, the first start runs initdb as before.
import { prepareBlankDatabase } from '../db/blank-embedded-database.ts';

const started = performance.now();
try {
  const file = await prepareBlankDatabase();
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  process.stdout.write(`Blank embedded database ready for a first start (${seconds} s): ${file}\n`);
} catch (error) {
  console.warn('No blank embedded database: the first start will run initdb.', error);
}
